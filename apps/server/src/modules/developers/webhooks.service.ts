import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@atelier/shared';
import type { Database, Db } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Queue, QueueDefinition } from '../../platform/queue/queue.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';
import { webhookEndpoints, webhookEvents } from './developers.schema.js';
import { isPrivateAddress, publicOnlyLookup, unsafeAddressReason } from './webhook-address.js';

type Query = Pick<Database, 'query'>;
interface Log {
  error(obj: object, msg?: string): void;
}

export const WEBHOOK_QUEUE = 'webhook-delivery';
export interface WebhookSettings {
  allowPrivate: boolean;
  maxAttempts: number;
  retryBaseSeconds: number;
  /** The whole of one attempt — connecting, sending, the reply's status line — must end within this. */
  timeoutMs: number;
}

export interface WebhooksDeps {
  database: Query;
  queue: Queue;
  clock: () => Date;
  mailer: Mailer;
  publicUrl: string;
  settings: WebhookSettings;
  log: Log;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
}

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    events: r.events as WebhookEventType[],
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    disabledAt: iso(r.disabled_at),
    createdAt: iso(r.created_at)!,
  };
}

/** `whsec_` and 24 random bytes in base64, the Standard Webhooks form. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

async function assertDeliverable(deps: WebhooksDeps, url: string): Promise<void> {
  if (deps.settings.allowPrivate) return;
  let reason: string | null;
  try {
    reason = await unsafeAddressReason(url);
  } catch {
    throw badRequest('The endpoint’s host name could not be resolved');
  }
  if (reason) throw badRequest(`Webhook endpoints must be public: ${reason}`);
}

const ENDPOINT_COLUMNS = 'id, user_id, url, events, secret, enabled, disabled_reason, disabled_at, created_at';

export async function listEndpoints(deps: WebhooksDeps, userId: string): Promise<WebhookEndpoint[]> {
  const { rows } = await deps.database.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE user_id = $1 ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toEndpoint);
}

async function ownEndpoint(deps: WebhooksDeps, userId: string, id: string): Promise<EndpointRow> {
  const { rows } = await deps.database.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!rows[0]) throw notFound('Webhook endpoint not found');
  return rows[0];
}

export async function createEndpoint(
  deps: WebhooksDeps,
  userId: string,
  body: { url: string; events: string[] },
): Promise<CreatedWebhook> {
  await assertDeliverable(deps, body.url);
  const { rows: count } = await deps.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1`,
    [userId],
  );
  if ((count[0]?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
    throw conflict(
      `You can have at most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one you no longer use`,
    );
  }
  const secret = newSecret();
  const { rows } = await deps.database.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (user_id, url, events, secret, created_at) VALUES ($1, $2, $3::text[], $4, $5) RETURNING ${ENDPOINT_COLUMNS}`,
    [userId, body.url, body.events, secret, deps.clock()],
  );
  return { endpoint: toEndpoint(rows[0]!), secret };
}

export async function updateEndpoint(
  deps: WebhooksDeps,
  userId: string,
  id: string,
  body: { url?: string; events?: string[]; enabled?: boolean },
): Promise<WebhookEndpoint> {
  const current = await ownEndpoint(deps, userId, id);
  if (body.url !== undefined) await assertDeliverable(deps, body.url);
  const enabled = body.enabled ?? current.enabled;
  const { rows } = await deps.database.query<EndpointRow>(
    `UPDATE webhook_endpoints SET url = $3, events = $4::text[], enabled = $5,
       disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END,
       disabled_at = CASE WHEN $5 THEN NULL ELSE disabled_at END
     WHERE id = $1 AND user_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, userId, body.url ?? current.url, body.events ?? current.events, enabled],
  );
  return toEndpoint(rows[0]!);
}

export async function deleteEndpoint(deps: WebhooksDeps, userId: string, id: string): Promise<void> {
  await ownEndpoint(deps, userId, id);
  await deps.database.query(`DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, [id, userId]);
}

interface DeliveryRow {
  id: string;
  event_id: string;
  type: WebhookEventType;
  status: WebhookDelivery['status'];
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  attempts:
    | { attempt: number; statusCode: number | null; error: string | null; durationMs: number; createdAt: string }[]
    | null;
}

/** The endpoint's latest deliveries, each with every attempt. */
export async function listDeliveries(
  deps: WebhooksDeps,
  userId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await ownEndpoint(deps, userId, endpointId);
  const { rows } = await deps.database.query<DeliveryRow>(
    `SELECT d.id, d.event_id, e.type, d.status, d.next_attempt_at, d.created_at,
       (SELECT json_agg(json_build_object('attempt', a.attempt, 'statusCode', a.status_code, 'error', a.error,
                                          'durationMs', a.duration_ms, 'createdAt', a.created_at) ORDER BY a.attempt)
        FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
     FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT 50`,
    [endpointId],
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    status: r.status,
    attempts: (r.attempts ?? []).map((a) => ({ ...a, createdAt: iso(a.createdAt)! })),
    nextAttemptAt: iso(r.next_attempt_at),
    createdAt: iso(r.created_at)!,
  }));
}

/** Sends a delivery again now, whatever happened to it before; the log keeps every attempt. */
export async function resendDelivery(
  deps: WebhooksDeps,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  const endpoint = await ownEndpoint(deps, userId, endpointId);
  if (!endpoint.enabled) throw conflict('This endpoint is turned off; turn it on before resending');
  const { rows } = await deps.database.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3 WHERE id = $1 AND endpoint_id = $2 RETURNING id`,
    [deliveryId, endpointId, deps.clock()],
  );
  if (!rows[0]) throw notFound('Delivery not found');
  await deps.queue.send(WEBHOOK_QUEUE, { deliveryId, manual: true });
}


/**
 * Whether `userId` (an SQL expression) has an enabled endpoint listening for `type`, as an SQL
 * boolean: a statement that records a fact for someone can say at once whether an event is
 * worth emitting, without a round trip of its own when nobody listens (the usual case).
 */
export function webhookListening(userId: SQL, type: WebhookEventType): SQL {
  return sql`EXISTS (SELECT 1 FROM webhook_endpoints we
    WHERE we.user_id = ${userId} AND we.enabled AND ${type}::text = ANY(we.events))`;
}

/**
 * Records an event once and queues one delivery per enabled endpoint of its owner that listens for
 * it. Called after the fact is committed; a failure here is logged, never passed to the caller.
 */
export function webhookEmitter(deps: Pick<WebhooksDeps, 'database' | 'queue' | 'clock' | 'log'>): WebhookEmitter {
  return {
    async emit(event) {
      try {
        const now = deps.clock();
        const id = `msg_${randomBytes(12).toString('hex')}`;
        const payload = { type: event.type, timestamp: now.toISOString(), data: event.data };
        const { rows } = await deps.database.query<{ id: string }>(
          `WITH listening AS (
             SELECT id FROM webhook_endpoints WHERE user_id = $2 AND enabled AND $3 = ANY(events)
           ), ev AS (
             INSERT INTO webhook_events (id, user_id, type, dedupe_key, payload, created_at)
             SELECT $1, $2, $3, $4, $5::jsonb, $6 WHERE EXISTS (SELECT 1 FROM listening)
             ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id
           )
           INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
           SELECT l.id, ev.id, $6, $6 FROM listening l CROSS JOIN ev
           ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
          [id, event.userId, event.type, `${event.type}:${event.key}`, JSON.stringify(payload), now],
          // Prepared: every message sent runs it.
          { name: 'webhook_event_record' },
        );
        for (const row of rows) await deps.queue.send(WEBHOOK_QUEUE, { deliveryId: row.id });
      } catch (err) {
        deps.log.error({ err, type: event.type }, 'webhook event not recorded');
      }
    },
  };
}

export function webhookQueueDefinition(): QueueDefinition {
  // Retries of failed deliveries are scheduled by the handler; pg-boss retries only a crashed attempt.
  return { name: WEBHOOK_QUEUE, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 120 };
}

interface Target {
  delivery_id: string;
  status: string;
  attempt_count: number;
  endpoint_id: string;
  user_id: string;
  url: string;
  secret: string;
  enabled: boolean;
  event_id: string;
  payload: unknown;
}

/**
 * POSTs the body; resolves with the status code as soon as the reply's head arrives (its body is
 * never read), or rejects with what went wrong. One deadline covers the whole attempt, so an
 * endpoint that drips bytes cannot hold a delivery slot longer than `timeoutMs`.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: Pick<WebhookSettings, 'allowPrivate' | 'timeoutMs'>,
): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address literal is never looked up, so it is checked here; names are checked on connect.
  if (!settings.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new Error(`${host} is a loopback, private or link-local address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  const late = () => new Error(`no answer within ${settings.timeoutMs / 1000} s`);
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Atelier-Webhooks/1',
          connection: 'close',
        },
        timeout: settings.timeoutMs,
        ...(settings.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        clearTimeout(deadline);
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    const deadline = setTimeout(() => req.destroy(late()), settings.timeoutMs);
    req.on('timeout', () => req.destroy(late()));
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end(body);
  });
}

/**
 * Delivery slots per owner in one worker: while an owner's deliveries hold their share, that
 * owner's next ones wait a moment in the queue instead of taking a slot, so slow endpoints of one
 * person never hold up another person's deliveries.
 */
export class OwnerSlots {
  private readonly held = new Map<string, number>();
  constructor(private readonly perOwner: number) {}
  take(owner: string): boolean {
    const n = this.held.get(owner) ?? 0;
    if (n >= this.perOwner) return false;
    this.held.set(owner, n + 1);
    return true;
  }
  give(owner: string): void {
    const n = (this.held.get(owner) ?? 1) - 1;
    if (n <= 0) this.held.delete(owner);
    else this.held.set(owner, n);
  }
}

/** How long an owner's delivery waits when the owner's slots are all busy. */
const OWNER_BUSY_WAIT_SECONDS = 1;

/** One attempt of one delivery; schedules the next one, or gives up and turns the endpoint off. */
export async function attemptDelivery(deps: WebhooksDeps, deliveryId: string, slots?: OwnerSlots): Promise<void> {
  const { rows } = await deps.database.query<Target>(
    `SELECT d.id AS delivery_id, d.status, d.attempt_count, w.id AS endpoint_id, w.user_id, w.url, w.secret, w.enabled, e.id AS event_id, e.payload
     FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id
     WHERE d.id = $1`,
    [deliveryId],
  );
  const target = rows[0];
  if (!target || target.status !== 'pending') return;
  if (!target.enabled) {
    await deps.database.query(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE id = $1`, [
      deliveryId,
    ]);
    return;
  }
  if (slots && !slots.take(target.user_id)) {
    await deps.queue.send(WEBHOOK_QUEUE, { deliveryId }, { startAfterSeconds: OWNER_BUSY_WAIT_SECONDS });
    return;
  }
  try {
    await attemptOnce(deps, target);
  } finally {
    slots?.give(target.user_id);
  }
}

async function attemptOnce(deps: WebhooksDeps, target: Target): Promise<void> {
  const deliveryId = target.delivery_id;
  const attempt = target.attempt_count + 1;
  const body = typeof target.payload === 'string' ? target.payload : JSON.stringify(target.payload);
  const started = Date.now();
  const timestamp = Math.floor(deps.clock().getTime() / 1000);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await post(
      target.url,
      {
        'webhook-id': target.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signPayload(target.secret, target.event_id, timestamp, body),
      },
      body,
      deps.settings,
    );
    if (statusCode < 200 || statusCode >= 300) error = `The endpoint answered ${statusCode}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const now = deps.clock();
  const isDelivered = error === null;
  const isLast = !isDelivered && attempt >= deps.settings.maxAttempts;
  const delaySeconds = deps.settings.retryBaseSeconds * 2 ** (attempt - 1);
  const nextAt = isDelivered || isLast ? null : new Date(now.getTime() + delaySeconds * 1000);
  await deps.database.query(
    `WITH attempt AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error, duration_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     )
     UPDATE webhook_deliveries SET attempt_count = $2, status = $7, next_attempt_at = $8 WHERE id = $1`,
    [
      deliveryId,
      attempt,
      statusCode,
      error,
      Date.now() - started,
      now,
      isDelivered ? 'succeeded' : isLast ? 'failed' : 'pending',
      nextAt,
    ],
  );
  if (nextAt) await deps.queue.send(WEBHOOK_QUEUE, { deliveryId }, { startAfterSeconds: delaySeconds });
  if (isLast)
    await disableEndpoint(deps, target.endpoint_id, `Deliveries kept failing for ${attempt} attempts (last: ${error})`);
}

/** Turns a failing endpoint off once and tells its owner by mail; the page shows the reason. */
async function disableEndpoint(deps: WebhooksDeps, endpointId: string, reason: string): Promise<void> {
  const { rows } = await deps.database.query<{ url: string; email: string; full_name: string }>(
    `UPDATE webhook_endpoints w SET enabled = false, disabled_reason = $2, disabled_at = $3
     FROM users u WHERE w.id = $1 AND w.enabled AND u.id = w.user_id AND u.deleted_at IS NULL
     RETURNING w.url, u.email, u.full_name`,
    [endpointId, reason, deps.clock()],
  );
  const owner = rows[0];
  if (!owner) return;
  await deps.mailer
    .send({
      to: owner.email,
      subject: 'Atelier turned off one of your webhook endpoints',
      text: [
        `Hi ${owner.full_name},`,
        '',
        `Atelier stopped sending webhooks to ${owner.url}, because deliveries kept failing.`,
        reason,
        '',
        `Fix the endpoint, then turn it back on in Settings → Developers: ${deps.publicUrl}/settings/developers`,
      ].join('\n'),
    })
    .catch((err: unknown) => deps.log.error({ err, endpointId }, 'webhook disabled mail not sent'));
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/**
 * Delivers webhooks, `concurrency` at a time in this process; one owner holds at most a quarter
 * of the slots (at least one), so the others always have slots left.
 */
export async function startWebhookWorker(deps: WebhooksDeps, concurrency = 4): Promise<WebhookWorker> {
  await deps.queue.define(webhookQueueDefinition());
  const slots = new OwnerSlots(Math.max(1, Math.floor(concurrency / 4)));
  await deps.queue.work<{ deliveryId: string }>(WEBHOOK_QUEUE, { concurrency }, (job) =>
    attemptDelivery(deps, job.data.deliveryId, slots),
  );
  return { stop: () => deps.queue.offWork(WEBHOOK_QUEUE) };
}

/** Account deletion: the person's webhook endpoints, events and deliveries are gone. */
export async function deleteUserWebhooks(tx: Db, userId: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await tx.delete(webhookEvents).where(eq(webhookEvents.userId, userId));
}
