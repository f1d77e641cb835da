/**
 * Webhook signatures of the vendors that send webhooks.
 *
 * Replicate (https://replicate.com/docs/topics/webhooks/verify-webhook): headers webhook-id,
 * webhook-timestamp (Unix seconds) and webhook-signature ("v1,<base64> v1,<base64>"); the signed
 * content is `${id}.${timestamp}.${body}`, HMAC-SHA256 with the base64 part of the signing secret
 * (whsec_<base64>), read from GET /v1/webhooks/default/secret.
 *
 * fal (https://docs.fal.ai/model-endpoints/webhooks): headers X-Fal-Webhook-Request-Id,
 * -User-Id, -Timestamp (Unix seconds) and -Signature (hex); the signed message is the four lines
 * request id, user id, timestamp and the hex SHA-256 of the body, signed with ED25519 by one of the
 * keys of fal's JWKS (https://rest.alpha.fal.ai/.well-known/jwks.json).
 *
 * Both reject a timestamp more than five minutes from now, so an old delivery cannot be replayed;
 * a replay inside the window is stopped by the delivery record (generation_webhook_deliveries).
 */
import { createHash, createHmac, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

export const WEBHOOK_TOLERANCE_S = 300;

const fresh = (timestamp: string, now: number) =>
  /^\d{1,12}$/.test(timestamp) && Math.abs(now / 1000 - Number(timestamp)) <= WEBHOOK_TOLERANCE_S;

export interface ReplicateDelivery {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

export function signReplicate(secret: string, id: string, timestamp: string, body: Buffer | string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
}

export function verifyReplicate(secret: string, d: ReplicateDelivery, now = Date.now()): boolean {
  if (!d.id || !d.timestamp || !d.signature || !fresh(d.timestamp, now)) return false;
  const expected = Buffer.from(signReplicate(secret, d.id, d.timestamp, d.body), 'base64');
  return d.signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface FalDelivery {
  requestId: string | undefined;
  userId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

export function falMessage(requestId: string, userId: string, timestamp: string, body: Buffer): Buffer {
  return Buffer.from([requestId, userId, timestamp, createHash('sha256').update(body).digest('hex')].join('\n'), 'utf8');
}

interface Jwk {
  kty?: string;
  crv?: string;
  x?: string;
}

/** fal's key set, fetched on first use and kept a day (refetched once when no key matches). */
export function createFalVerifier(opts: { jwksUrl: string; fetch?: typeof fetch; ttlMs?: number }) {
  const doFetch = opts.fetch ?? fetch;
  const ttl = opts.ttlMs ?? 24 * 3600_000;
  let cached: { keys: KeyObject[]; at: number } | undefined;

  async function load(force: boolean): Promise<KeyObject[]> {
    if (cached && !force && Date.now() - cached.at < ttl) return cached.keys;
    const response = await doFetch(opts.jwksUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`fal's key set answered ${response.status}`);
    const set = (await response.json()) as { keys?: Jwk[] };
    const keys = (set.keys ?? [])
      .filter((k) => k.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.x === 'string')
      .map((k) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x as string }, format: 'jwk' }));
    cached = { keys, at: Date.now() };
    return keys;
  }

  return async function verifyFal(d: FalDelivery, now = Date.now()): Promise<boolean> {
    if (!d.requestId || !d.userId || !d.timestamp || !d.signature || !fresh(d.timestamp, now)) return false;
    if (!/^[0-9a-f]+$/i.test(d.signature)) return false;
    const message = falMessage(d.requestId, d.userId, d.timestamp, d.body);
    const signature = Buffer.from(d.signature, 'hex');
    const check = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, signature));
    if (check(await load(false))) return true;
    // A key rotated since we cached the set: read it again, at most every five minutes.
    if (cached && Date.now() - cached.at < 300_000) return false;
    return check(await load(true));
  };
}
