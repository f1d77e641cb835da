import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { falMessage, signReplicate } from '../src/providers/generation/hosted/webhook-signatures.js';
import { waitForJob } from '../src/providers/generation/hosted/wakeups.js';
import { createReplicateProvider } from '../src/providers/generation/replicate/replicate-provider.js';
import { eq } from 'drizzle-orm';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { generationWebhookDeliveries } from '../src/modules/generation/generation.schema.js';
import { DELIVERY_KEEP_MS, sweepGenerations } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { pngFile, startFakeVendor, type FakeVendor } from './fake-vendor-server.js';

const SECRET = `whsec_${Buffer.from('atelier-replicate-signing-secret').toString('base64')}`;
const url = (vendor: string) => `/api/v1/generation/webhooks/${vendor}`;
const now = () => String(Math.floor(Date.now() / 1000));

let t: TestContext;
let fake: FakeVendor;
const falKey = generateKeyPairSync('ed25519');
const otherKey = generateKeyPairSync('ed25519');

beforeAll(async () => {
  fake = await startFakeVendor();
  const jwk = falKey.publicKey.export({ format: 'jwk' });
  fake.handle = (req) => (req.path === '/.well-known/jwks.json' ? { json: { keys: [{ ...jwk, kid: 'k1' }] } } : undefined);
  t = await createTestApp({
    GENERATION_WEBHOOKS: 'true',
    PUBLIC_URL: 'https://atelier.example',
    REPLICATE_WEBHOOK_SECRET: SECRET,
    FAL_JWKS_URL: `${fake.base}/.well-known/jwks.json`,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function replicateDelivery(id: string, body: string, timestamp = now(), secret = SECRET) {
  return {
    method: 'POST' as const,
    url: url('replicate'),
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${signReplicate(secret, id, timestamp, body)}`,
    },
    payload: body,
  };
}

function falDelivery(requestId: string, body: string, timestamp = now(), key = falKey.privateKey) {
  const signature = sign(null, falMessage(requestId, 'user-1', timestamp, Buffer.from(body)), key).toString('hex');
  return {
    method: 'POST' as const,
    url: url('fal'),
    headers: {
      'content-type': 'application/json',
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': 'user-1',
      'x-fal-webhook-timestamp': timestamp,
      'x-fal-webhook-signature': signature,
    },
    payload: body,
  };
}

/** Whether a webhook woke a follower of this job within a short wait. */
async function wokenBy(vendor: string, jobId: string, deliver: () => Promise<unknown>) {
  const waiting = waitForJob(vendor, jobId, 300, new AbortController().signal);
  await deliver();
  return (await waiting) === 'woken';
}

describe('Replicate webhooks', () => {
  it('accepts a good signature once and wakes the job; a replay changes nothing', async () => {
    const body = JSON.stringify({ id: 'pred-a', status: 'succeeded' });
    const delivery = replicateDelivery('msg_1', body);
    let first: { statusCode: number; json(): unknown } | undefined;
    expect(await wokenBy('replicate', 'pred-a', async () => (first = await t.app.inject(delivery)))).toBe(true);
    expect(first?.statusCode).toBe(200);
    expect(first?.json()).toEqual({ data: { received: true, duplicate: false } });

    let replay: { statusCode: number; json(): unknown } | undefined;
    expect(await wokenBy('replicate', 'pred-a', async () => (replay = await t.app.inject(delivery)))).toBe(false);
    expect(replay?.json()).toEqual({ data: { received: true, duplicate: true } });
  });

  it('refuses a wrong secret, a changed body, a stale timestamp and missing headers with 400', async () => {
    const body = JSON.stringify({ id: 'pred-b', status: 'succeeded' });
    const wrong = replicateDelivery('msg_2', body, now(), `whsec_${Buffer.from('someone else').toString('base64')}`);
    const changed = { ...replicateDelivery('msg_3', body), payload: JSON.stringify({ id: 'pred-c', status: 'succeeded' }) };
    const stale = replicateDelivery('msg_4', body, String(Math.floor(Date.now() / 1000) - 600));
    const bare = { method: 'POST' as const, url: url('replicate'), headers: { 'content-type': 'application/json' }, payload: body };
    for (const delivery of [wrong, changed, stale, bare]) {
      let res: { statusCode: number; json(): { message?: string } } | undefined;
      expect(await wokenBy('replicate', 'pred-b', async () => (res = await t.app.inject(delivery)))).toBe(false);
      expect(res?.statusCode).toBe(400);
      expect(res?.json().message).toBe('The webhook signature does not match this payload');
    }
  });

  it('ends a prediction follower at once instead of at its next poll', async () => {
    const vendor = await startFakeVendor();
    try {
      vendor.files['/out.png'] = { type: 'image/png', data: await pngFile(64, 64) };
      let done = false;
      vendor.handle = (req) => {
        if (req.method === 'POST') return { status: 201, json: { id: 'pred-w', status: 'starting' } };
        if (req.path === '/v1/predictions/pred-w') return { json: { id: 'pred-w', status: done ? 'succeeded' : 'processing', output: done ? `${vendor.base}/out.png` : null } };
        return undefined;
      };
      const provider = createReplicateProvider({ apiToken: 'r8_x', baseUrl: vendor.base, webhookUrl: 'https://atelier.example/api/v1/generation/webhooks/replicate', pollIntervalMs: 60_000 });
      const started = Date.now();
      const call = provider.generate({ contentType: 'photo', model: 'flux-schnell', prompt: 'A lighthouse', seed: 1, strength: 50 }, { signal: new AbortController().signal });
      await new Promise((r) => setTimeout(r, 200));
      done = true;
      const res = await t.app.inject(replicateDelivery('msg_w', JSON.stringify({ id: 'pred-w', status: 'succeeded' })));
      expect(res.statusCode).toBe(200);
      const out = await call;
      expect(out.assets[0]?.mimeType).toBe('image/png');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(vendor.requests.find((r) => r.method === 'POST')?.json).toMatchObject({
        webhook: 'https://atelier.example/api/v1/generation/webhooks/replicate',
        webhook_events_filter: ['completed'],
      });
    } finally {
      await vendor.close();
    }
  });
});

describe('fal webhooks', () => {
  beforeEach(() => {
    fake.requests = [];
  });

  it('verifies the ED25519 signature against the key set, wakes the request once; a replay changes nothing', async () => {
    const body = JSON.stringify({ request_id: 'req-a', status: 'OK', payload: {} });
    const delivery = falDelivery('req-a', body);
    let first: { statusCode: number; json(): unknown } | undefined;
    expect(await wokenBy('fal.ai', 'req-a', async () => (first = await t.app.inject(delivery)))).toBe(true);
    expect(first?.json()).toEqual({ data: { received: true, duplicate: false } });
    let replay: { statusCode: number; json(): unknown } | undefined;
    expect(await wokenBy('fal.ai', 'req-a', async () => (replay = await t.app.inject(delivery)))).toBe(false);
    expect(replay?.json()).toEqual({ data: { received: true, duplicate: true } });
  });

  it('refuses a key not in the set, a changed body and a stale timestamp with 400', async () => {
    const body = JSON.stringify({ request_id: 'req-b', status: 'OK', payload: {} });
    const foreign = falDelivery('req-b', body, now(), otherKey.privateKey);
    const changed = { ...falDelivery('req-b', body), payload: JSON.stringify({ request_id: 'req-b', status: 'ERROR' }) };
    const stale = falDelivery('req-b', body, String(Math.floor(Date.now() / 1000) - 600));
    for (const delivery of [foreign, changed, stale]) {
      let res: { statusCode: number } | undefined;
      expect(await wokenBy('fal.ai', 'req-b', async () => (res = await t.app.inject(delivery)))).toBe(false);
      expect(res?.statusCode).toBe(400);
    }
  });
});

describe('delivery records', () => {
  it('are kept a day, long past the signatures\' five-minute window, then swept', async () => {
    const body = JSON.stringify({ id: 'pred-old', status: 'succeeded' });
    expect((await t.app.inject(replicateDelivery('msg_old', body))).json()).toEqual({ data: { received: true, duplicate: false } });
    const deps = generationDeps(t.deps);
    await sweepGenerations(deps);
    expect((await t.app.inject(replicateDelivery('msg_old', body))).json()).toEqual({ data: { received: true, duplicate: true } });
    await sweepGenerations({ ...deps, clock: () => new Date(Date.now() + DELIVERY_KEEP_MS + 60_000) });
    const left = await t.deps.database.db.select().from(generationWebhookDeliveries).where(eq(generationWebhookDeliveries.deliveryId, 'msg_old'));
    expect(left).toHaveLength(0);
  });
});

describe('webhook switch', () => {
  it('answers 404 for an unknown vendor, and for every vendor when GENERATION_WEBHOOKS is off', async () => {
    expect((await t.app.inject({ method: 'POST', url: url('runway'), payload: '{}' })).statusCode).toBe(404);
    const off = await createTestApp({ REPLICATE_WEBHOOK_SECRET: SECRET });
    try {
      const res = await off.app.inject(replicateDelivery('msg_off', JSON.stringify({ id: 'pred-off' })));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Generation webhooks are not enabled on this server');
    } finally {
      await off.close();
    }
  });
});
