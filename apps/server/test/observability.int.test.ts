import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Content } from '@atelier/shared';
import { appMetrics } from '../src/app.js';
import { startMetricsServer } from '../src/platform/observability/http.js';
import { renderMetrics, scrapeRegistry } from '../src/platform/observability/metrics.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';
import { nextEvent } from './socket-events.js';
import { CARDS, card } from './billing-helpers.js';

const TOKEN = 'scrape-me-0123456789';
const api = (path: string) => `/api/v1${path}`;

interface Line {
  level: string;
  bindings: Record<string, unknown>;
  obj: object;
  msg?: string;
}

/** A logger that keeps every line with the bindings of its child chain. */
function captureLog(lines: Line[], bindings: Record<string, unknown> = {}) {
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, bindings, obj, msg });
  const log = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    child: (more: Record<string, unknown>) => captureLog(lines, { ...bindings, ...more }),
  };
  return log;
}

/** The value of one sample in a Prometheus text exposition, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

const provider = fakeProvider('succeed');
const lines: Line[] = [];
let t: TestContext;

beforeAll(async () => {
  // Behind a proxy (TRUST_PROXY), whose x-request-id is kept.
  t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' }, { provider, worker: true, log: captureLog(lines) });
});
afterAll(async () => t.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

async function generate(user: TestUser, headers: Record<string, string> = {}): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: { ...user.headers, ...headers },
    payload: { contentType: 'photo', prompt: 'A harbour at dawn', model: 'flux-dev' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const settled = (user: TestUser, id: string) =>
  waitFor(async () => {
    const item = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data as Content;
    return item.status === 'ready' || item.status === 'failed' ? item : undefined;
  });

describe('/metrics', () => {
  it('needs the metrics token as a Bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.body).not.toContain('atelier_');
  });

  it('is not there at all when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const before = sample(await scrape(), 'atelier_http_request_duration_seconds_count', { route: '/api/v1/content/:id', status: '404' });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: api(`/content/${missing}`) })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: api('/health') });
    const text = await scrape();
    expect(sample(text, 'atelier_http_request_duration_seconds_count', { route: '/api/v1/content/:id', status: '404', method: 'GET' })).toBe(before + 1);
    expect(sample(text, 'atelier_http_request_duration_seconds_count', { route: '/api/v1/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(missing);
  });

  it('counts generation runs by model and outcome, credits spent and refunds', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const before = await scrape();
    provider.mode = 'succeed';
    expect((await settled(user, (await generate(user)).id)).status).toBe('ready');
    provider.mode = 'fail';
    expect((await settled(user, (await generate(user)).id)).status).toBe('failed');
    provider.mode = 'succeed';
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('atelier_generation_jobs_total', { model: 'flux-dev', outcome: 'ready' })).toBe(1);
    expect(delta('atelier_generation_jobs_total', { model: 'flux-dev', outcome: 'failed' })).toBe(1);
    expect(delta('atelier_generation_duration_seconds_count', { model: 'flux-dev', outcome: 'ready' })).toBe(1);
    expect(delta('atelier_credits_spent_total', { kind: 'generation_charge' })).toBe(10);
    expect(delta('atelier_credits_granted_total', { kind: 'refund' })).toBe(5);
    expect(delta('atelier_refunds_total')).toBe(1);
    // Read at scrape time: nothing is waiting now.
    expect(after).toMatch(/^atelier_generation_queue_depth 0$/m);
    expect(after).toMatch(/^atelier_generation_queue_oldest_age_seconds 0$/m);
  });

  it('shows waiting jobs and the oldest one\'s age while the queue is backed up', async () => {
    await t.deps.queue.send('generation', { contentId: '00000000-0000-4000-8000-00000000abcd' }).catch(() => undefined);
    const text = await scrape();
    // The worker may already have taken it (and found nothing to claim): the gauges are there either way.
    expect(text).toMatch(/^atelier_generation_queue_depth \d+$/m);
    expect(text).toMatch(/^atelier_generation_queue_oldest_age_seconds [\d.e+-]+$/m);
  });

  it('counts checkout outcomes and the credits a purchase grants', async () => {
    const user = await createUser(t.deps, { credits: 0 });
    const before = await scrape();
    const start = await t.app.inject({ method: 'POST', url: api('/credits/embedded-checkout'), headers: user.headers, payload: { credits: 1000 } });
    expect(start.statusCode).toBe(200);
    const sessionId = start.json().data.sessionId as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: api(`/payments/local/sessions/${sessionId}/pay`),
      headers: user.headers,
      payload: card(CARDS.ok),
    });
    expect(paid.statusCode).toBeLessThan(300);
    const after = await scrape();
    expect(sample(after, 'atelier_checkout_outcomes_total', { outcome: 'paid' }) - sample(before, 'atelier_checkout_outcomes_total', { outcome: 'paid' })).toBe(1);
    expect(sample(after, 'atelier_credits_granted_total', { kind: 'purchase' })).toBeGreaterThan(sample(before, 'atelier_credits_granted_total', { kind: 'purchase' }));
  });

  it('counts open sockets and messages sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const before = await scrape();
    const socket = connect(url, { auth: { token: alice.token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-request-id': 'sock-req-1' } });
    try {
      await nextEvent(socket, 'connect');
      const connected = await scrape();
      expect(sample(connected, 'atelier_sockets_connected') - sample(before, 'atelier_sockets_connected')).toBe(1);
      const ack = await socket.timeout(5000).emitWithAck('sendMessage', { recipientId: bob.id, content: 'hello' });
      expect(ack).toMatchObject({ ok: true });
      const sent = await scrape();
      expect(sample(sent, 'atelier_messages_sent_total') - sample(before, 'atelier_messages_sent_total')).toBe(1);
      // The socket's log lines carry the handshake's request id.
      const connectedLine = lines.find((l) => l.msg === 'socket connected' && l.bindings.reqId === 'sock-req-1');
      expect(connectedLine?.bindings).toMatchObject({ userId: alice.id, socketId: socket.id });
    } finally {
      socket.disconnect();
    }
    await waitFor(async () => (sample(await scrape(), 'atelier_sockets_connected') === sample(before, 'atelier_sockets_connected') ? true : undefined));
  });

  it('can be served on its own port (METRICS_PORT), token required when one is set', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', metrics: appMetrics(t.deps), token: TOKEN });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('atelier_generation_jobs_total');
      expect(text).toMatch(/^atelier_generation_queue_depth \d+$/m);
    } finally {
      server.close();
    }
  });

  it('still answers a scrape when a scrape-time read fails', async () => {
    const failing = scrapeRegistry({
      queueDepth: () => Promise.reject(new Error('database down')),
      pendingItems: () => Promise.reject(new Error('database down')),
    });
    const { body } = await renderMetrics(failing);
    expect(body).toContain('atelier_http_request_duration_seconds');
    expect(body).not.toMatch(/^atelier_generation_items\{/m);
  });

  it('reports the database pool on PostgreSQL', async () => {
    const text = await scrape();
    if (t.deps.database.kind === 'postgres') {
      expect(sample(text, 'atelier_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(text).toContain('atelier_db_pool_connections{state="waiting"}');
    } else {
      expect(text).not.toContain('atelier_db_pool_connections');
    }
  });
});

describe('request ids', () => {
  it('makes a fresh id for every request when no proxy is trusted: a client cannot pick its own', async () => {
    const direct = await createTestApp();
    try {
      const res = await direct.app.inject({ method: 'GET', url: api('/health'), headers: { 'x-request-id': 'chosen-by-client' } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await direct.close();
    }
  });

  it('returns the trusted proxy\'s x-request-id, or a fresh one when absent or unsafe', async () => {
    const given = await t.app.inject({ method: 'GET', url: api('/health'), headers: { 'x-request-id': 'lb-abc-123' } });
    expect(given.headers['x-request-id']).toBe('lb-abc-123');
    const fresh = await t.app.inject({ method: 'GET', url: api('/health') });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.app.inject({ method: 'GET', url: api('/health'), headers: { 'x-request-id': 'bad id\nforged log line' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await t.app.inject({ method: 'GET', url: api('/nothing-here'), headers: { 'x-request-id': 'lb-404' } });
    expect(failed.statusCode).toBe(404);
    expect(failed.headers['x-request-id']).toBe('lb-404');
  });

  it('travels with the generation job: the worker logs the run under the request that asked for it', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, { 'x-request-id': 'gen-req-42' });
    await settled(user, item.id);
    const finished = await waitFor(async () =>
      lines.find((l) => l.msg === 'generation run finished' && l.bindings.reqId === 'gen-req-42'),
    );
    expect(finished.bindings).toMatchObject({ contentId: item.id });
    expect(finished.obj).toMatchObject({ outcome: 'ready', model: 'flux-dev' });
  });
});

describe('readiness', () => {
  it('is ready when the database answers, every migration is applied and the queue runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/health/ready') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok', queue: 'ok', draining: false } });
    expect((await t.app.inject({ method: 'GET', url: api('/health') })).statusCode).toBe(200);
  });

  it('answers 503 naming the failed check', async () => {
    const [latest] = (await t.deps.database.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations')).rows;
    await t.deps.database.query('DELETE FROM schema_migrations WHERE name = $1', [latest!.name]);
    try {
      const res = await t.app.inject({ method: 'GET', url: api('/health/ready') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'NOT_READY', message: 'Not ready: migrations', checks: { database: 'ok', queue: 'ok' } });
      // The state only: why it failed (which migration is missing) is for the log, not for anyone who asks.
      expect(res.json().checks.migrations).toBe('behind');
      expect(res.body).not.toContain(latest!.name);
    } finally {
      await t.deps.database.query('INSERT INTO schema_migrations (name) VALUES ($1)', [latest!.name]);
    }
  });

  it('answers 503 while draining, and liveness stays up', async () => {
    const ctx = await createTestApp();
    try {
      const notStarted = await ctx.app.inject({ method: 'GET', url: api('/health/ready') });
      expect(notStarted.statusCode).toBe(503);
      expect(notStarted.json().message).toBe('Not ready: queue');
      await ctx.deps.queue.start();
      expect((await ctx.app.inject({ method: 'GET', url: api('/health/ready') })).statusCode).toBe(200);
      // What SIGTERM does first in main.ts.
      ctx.deps.lifecycle!.draining = true;
      const draining = await ctx.app.inject({ method: 'GET', url: api('/health/ready') });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ message: 'Not ready: draining', checks: { draining: true } });
      expect((await ctx.app.inject({ method: 'GET', url: api('/health') })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
