import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handlePaymentEvent } from '../src/modules/billing/billing.events.js';
import { attemptDelivery } from '../src/modules/developers/webhooks.service.js';
import { startWebhookWorker, webhooksDeps, type WebhookWorker } from '../src/modules/developers/index.js';
import { createTestApp, type TestContext } from './app.js';
import { depsOf } from './billing-helpers.js';
import { createUser, waitFor, type TestUser } from './factories.js';

const api = (p: string) => `/api/v1${p}`;

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** An endpoint of someone's, on this machine: answers with the next status of `plan` (then 200). */
async function receiver(plan: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = plan.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

let t: TestContext;
let worker: WebhookWorker;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_MAX_ATTEMPTS: '3' }, { worker: true });
  worker = await startWebhookWorker(webhooksDeps(t.deps));
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function listen(plan?: number[]) {
  const r = await receiver(plan);
  receivers.push(r);
  return r;
}

async function register(user: TestUser, url: string, events: string[]) {
  const res = await t.app.inject({ method: 'POST', url: api('/developers/webhooks'), headers: user.headers, payload: { url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { endpoint: { id: string }; secret: string };
}

async function generate(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: user.headers,
    payload: { contentType: 'photo', prompt: 'A lighthouse at dusk', model: 'flux-dev' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const deliveries = async (user: TestUser, endpointId: string) =>
  (await t.app.inject({ method: 'GET', url: api(`/developers/webhooks/${endpointId}/deliveries`), headers: user.headers })).json().data as {
    id: string;
    status: string;
    eventType: string;
    attempts: { attempt: number; statusCode: number | null; error: string | null }[];
  }[];

describe('registering endpoints', () => {
  it('shows a whsec_ secret once and lists the endpoint without it', async () => {
    const user = await createUser(t.deps);
    const { endpoint, secret } = await register(user, 'http://127.0.0.1:9/hooks', ['generation.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await t.app.inject({ method: 'GET', url: api('/developers/webhooks'), headers: user.headers });
    expect(list.json().data).toEqual([expect.objectContaining({ id: endpoint.id, events: ['generation.completed'], enabled: true })]);
    expect(list.body).not.toContain(secret);
  });

  it('refuses a bad URL or unknown events and stores nothing', async () => {
    const user = await createUser(t.deps);
    for (const payload of [
      { url: 'not a url', events: ['generation.completed'] },
      { url: 'ftp://example.com/x', events: ['generation.completed'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['content.deleted'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: api('/developers/webhooks'), headers: user.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const list = await t.app.inject({ method: 'GET', url: api('/developers/webhooks'), headers: user.headers });
    expect(list.json().data).toEqual([]);
  });
});

describe('deliveries', () => {
  it('delivers a finished generation with a Standard Webhooks signature the receiver verifies', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    const r = await listen();
    const { endpoint, secret } = await register(user, r.url, ['generation.completed']);
    const contentId = await generate(user);
    await waitFor(async () => (r.received.length > 0 ? true : undefined), 20_000, 'a delivery');
    const [hit] = r.received;
    const payload = new Webhook(secret).verify(hit!.body, hit!.headers) as { type: string; data: { contentId: string; mediaUrl: string } };
    expect(payload.type).toBe('generation.completed');
    expect(payload.data.contentId).toBe(contentId);
    expect(payload.data.mediaUrl).toMatch(/^\/media\//);
    expect(hit!.headers['webhook-id']).toMatch(/^msg_/);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(hit!.body, hit!.headers)).toThrow();

    const log = await waitFor(async () => {
      const rows = await deliveries(user, endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(log).toEqual([expect.objectContaining({ eventType: 'generation.completed', status: 'succeeded', attempts: [expect.objectContaining({ attempt: 1, statusCode: 200, error: null })] })]);
  });

  it('retries after a 500, with the same webhook-id, and the log shows both attempts', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    const r = await listen([500]);
    const { endpoint, secret } = await register(user, r.url, ['generation.completed']);
    await generate(user);
    await waitFor(async () => (r.received.length >= 2 ? true : undefined), 20_000, 'a retry');
    const [first, second] = r.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(() => new Webhook(secret).verify(second!.body, second!.headers)).not.toThrow();
    const log = await waitFor(async () => {
      const rows = await deliveries(user, endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(log[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(log[0]!.attempts[0]!.error).toBe('The endpoint answered 500');
  });

  it('turns off an endpoint that keeps failing, tells its owner, and resends once it is back on', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    const r = await listen([500, 503, 500]);
    const { endpoint } = await register(user, r.url, ['generation.completed']);
    await generate(user);
    const log = await waitFor(
      async () => {
        const rows = await deliveries(user, endpoint.id);
        return rows[0]?.status === 'failed' ? rows : undefined;
      },
      30_000,
      'the delivery to give up',
    );
    expect(log[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 500]);
    const list = await t.app.inject({ method: 'GET', url: api('/developers/webhooks'), headers: user.headers });
    expect(list.json().data[0]).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('kept failing') });
    expect(t.mailer.last(user.email)?.subject).toBe('Atelier turned off one of your webhook endpoints');

    const refused = await t.app.inject({ method: 'POST', url: api(`/developers/webhooks/${endpoint.id}/deliveries/${log[0]!.id}/resend`), headers: user.headers });
    expect(refused.statusCode).toBe(409);
    const on = await t.app.inject({ method: 'PATCH', url: api(`/developers/webhooks/${endpoint.id}`), headers: user.headers, payload: { enabled: true } });
    expect(on.json().data).toMatchObject({ enabled: true, disabledReason: null });
    const resend = await t.app.inject({ method: 'POST', url: api(`/developers/webhooks/${endpoint.id}/deliveries/${log[0]!.id}/resend`), headers: user.headers });
    expect(resend.statusCode).toBe(202);
    const after = await waitFor(async () => {
      const rows = await deliveries(user, endpoint.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(after[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 500, 200]);
    expect(r.received).toHaveLength(4);
  });

  it('replaying one event delivers it once per endpoint', async () => {
    const user = await createUser(t.deps);
    const [a, b] = [await listen(), await listen()];
    await register(user, a.url, ['credits.purchased']);
    await register(user, b.url, ['credits.purchased', 'generation.completed']);
    const checkout = await t.app.inject({ method: 'POST', url: api('/credits/embedded-checkout'), headers: user.headers, payload: { credits: 100 } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: api(`/credits/session/${checkout.json().data.sessionId}`), headers: user.headers });
    const checkoutId = session.json().data.checkout.id as string;
    const event = {
      id: `evt_replay_${checkoutId}`,
      provider: 'local' as const,
      type: 'checkout.completed' as const,
      checkoutId,
      sessionId: checkout.json().data.sessionId as string,
      paidAt: t.clock.now().toISOString(),
    };
    await handlePaymentEvent(depsOf(t), event);
    await handlePaymentEvent(depsOf(t), event);
    await handlePaymentEvent(depsOf(t), { ...event, id: `${event.id}_redelivered` });
    // The same fact announced again by hand is still one event.
    const emitter = t.deps.webhooks.emitter();
    await emitter.emit({ userId: user.id, type: 'credits.purchased', key: 'manual-1', data: {} });
    await emitter.emit({ userId: user.id, type: 'credits.purchased', key: 'manual-1', data: {} });

    await waitFor(async () => (a.received.length >= 2 && b.received.length >= 2 ? true : undefined), 20_000, 'both deliveries');
    await new Promise((r) => setTimeout(r, 1500));
    for (const r of [a, b]) {
      expect(r.received).toHaveLength(2);
      const bodies = r.received.map((x) => JSON.parse(x.body) as { type: string; data: { credits?: number } });
      expect(bodies.map((x) => x.type)).toEqual(['credits.purchased', 'credits.purchased']);
      expect(bodies.filter((x) => x.data.credits === 100)).toHaveLength(1);
    }
  });
});

describe('private addresses', () => {
  it('are refused at registration and at delivery when not allowed, and the receiver hears nothing', async () => {
    const strict = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false', WEBHOOK_MAX_ATTEMPTS: '1' });
    try {
      const r = await listen();
      const user = await createUser(strict.deps);
      for (const url of [r.url, `http://localhost:${r.port}/hooks`, 'http://[::1]/hooks', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.7/x']) {
        const res = await strict.app.inject({ method: 'POST', url: api('/developers/webhooks'), headers: user.headers, payload: { url, events: ['message.received'] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(/^Webhook endpoints must be public: .* a loopback, private or link-local address$/);
      }
      // A name that resolved to a public address when registered and to a private one now (DNS
      // rebinding), or a row that predates the rule: the address is checked again on connect.
      for (const url of [`http://localhost:${r.port}/hooks`, r.url]) {
        await strict.deps.database.query(`INSERT INTO webhook_endpoints (user_id, url, events, secret) VALUES ($1, $2, '{message.received}', 'whsec_AAAA')`, [user.id, url]);
      }
      const emitted = strict.deps.webhooks.emitter();
      await emitted.emit({ userId: user.id, type: 'message.received', key: 'm1', data: { messageId: 'm1' } });
      const { rows } = await strict.deps.database.query<{ id: string }>('SELECT id FROM webhook_deliveries');
      expect(rows).toHaveLength(2);
      for (const row of rows) await attemptDelivery(webhooksDeps(strict.deps), row.id);
      const { rows: attempts } = await strict.deps.database.query<{ error: string; status_code: number | null }>('SELECT error, status_code FROM webhook_attempts');
      expect(attempts).toHaveLength(2);
      for (const a of attempts) {
        expect(a.status_code).toBeNull();
        expect(a.error).toMatch(/loopback, private or link-local address/);
      }
      expect(r.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

/** An endpoint that never finishes its reply: one byte of a status line every 200 ms, forever. */
async function dripper() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const text = 'HTTP/1.1 200 OK\r\nX-Drip: ' + 'a'.repeat(10_000);
    let at = 0;
    const timer = setInterval(() => socket.write(text[at++ % text.length] ?? 'a'), 200);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('slow endpoints', () => {
  it("hold one delivery slot for at most the attempt's deadline and never delay another person's delivery", async () => {
    const slow = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '1' }, { worker: true });
    const slowWorker = await startWebhookWorker(webhooksDeps(slow.deps));
    const drips = await Promise.all([dripper(), dripper(), dripper(), dripper()]);
    try {
      const [mallory, bob] = [await createUser(slow.deps), await createUser(slow.deps)];
      const add = async (user: TestUser, url: string) => {
        const res = await slow.app.inject({ method: 'POST', url: api('/developers/webhooks'), headers: user.headers, payload: { url, events: ['message.received'] } });
        expect(res.statusCode, res.body).toBe(201);
      };
      for (const d of drips) await add(mallory, d.url);
      const good = await listen();
      await add(bob, good.url);

      const emitter = slow.deps.webhooks.emitter();
      await emitter.emit({ userId: mallory.id, type: 'message.received', key: 'm1', data: { messageId: 'm1' } });
      await new Promise((r) => setTimeout(r, 300));
      const sentAt = Date.now();
      await emitter.emit({ userId: bob.id, type: 'message.received', key: 'm2', data: { messageId: 'm2' } });
      await waitFor(async () => (good.received.length > 0 ? true : undefined), 10_000, "bob's delivery");
      // Bob waited for a free slot at most one slow attempt's deadline, not four of them in a row.
      expect(Date.now() - sentAt).toBeLessThan(3_500);

      const attempts = await waitFor(async () => {
        const { rows } = await slow.deps.database.query<{ error: string | null; duration_ms: number }>(
          `SELECT a.error, a.duration_ms FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
           JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.user_id = $1`,
          [mallory.id],
        );
        return rows.length === 4 ? rows : undefined;
      }, 20_000, "every slow attempt's end");
      for (const a of attempts) {
        expect(a.error).toBe('no answer within 1 s');
        expect(a.duration_ms).toBeLessThan(1_800);
      }
    } finally {
      await slowWorker.stop();
      await Promise.all(drips.map((d) => d.close()));
      await slow.close();
    }
  });
});
