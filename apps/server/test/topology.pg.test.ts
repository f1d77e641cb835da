import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type Content, type LedgerEntry } from '@atelier/shared';
import { withDatabase } from './global-setup.js';
import { startLocalS3, type LocalS3 } from './s3-server.js';
import {
  buildServer,
  startServerProcess,
  stopAllServerProcesses,
  stopServerProcess,
  type ServerProcess,
} from './server-processes.js';
import { recordEvents } from './socket-events.js';

/**
 * The whole scale-out topology as real processes (README "Running in production"): the server is
 * built, then run as two ROLE=api processes and one ROLE=worker process, each with its own DATA_DIR, on
 * one fresh PostgreSQL database and one S3-compatible bucket (s3rver, started here). Nothing is
 * shared but the database and the bucket. Runs only in the PostgreSQL leg (vitest.config.ts).
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `atelier_t_${randomBytes(6).toString('hex')}`;
const databaseUrl = withDatabase(baseUrl, dbName);
const jwtSecret = randomBytes(32).toString('hex');
const metricsToken = randomBytes(12).toString('hex');
// The server is built once (as production runs it): server-processes.ts.
let buildDir: string;
const sockets: Socket[] = [];
let databaseCreated = false;
let s3: LocalS3;

type Proc = ServerProcess;
interface Person {
  id: string;
  token: string;
}

let api1: Proc;
let api2: Proc;
let worker: Proc;
let person: Person;

/**
 * Starts the built server in a role and resolves once it is ready: an API when readiness answers
 * 200, the worker when its own metrics port answers. Fails early, with its output, if it exits.
 */
async function start(role: 'api' | 'worker', env: Record<string, string> = {}): Promise<Proc> {
  return startServerProcess({
    role,
    buildDir,
    waitFor: role === 'api' ? 'ready' : 'metrics',
    metricsToken,
    env: {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      METRICS_TOKEN: metricsToken,
      RATE_LIMIT_DISABLED: 'true',
      // The test speaks for the proxy in front: its x-request-id is kept.
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      GENERATION_PROVIDER: 'local',
      GENERATION_TIMEOUT_MS: '60000',
      GENERATION_CONCURRENCY: '1',
      // A killed worker's run is noticed within seconds, not the default half-minute.
      GENERATION_STALE_AFTER_MS: '3000',
      ...env,
    },
  });
}

const stop = (proc: Proc, signal: NodeJS.Signals = 'SIGTERM') => stopServerProcess(proc, signal);

async function call<T>(
  proc: Proc,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${proc.url}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(person ? { authorization: `Bearer ${person.token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

function open(proc: Proc, who: Person): Promise<Socket> {
  const socket = connect(proc.url, {
    auth: { token: who.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function item(proc: Proc, id: string): Promise<Content> {
  const res = await call<{ data: Content }>(proc, 'GET', `/content/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function settled(proc: Proc, id: string, timeoutMs: number): Promise<Content> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await item(proc, id);
    if (current.status === 'ready' || current.status === 'failed') return current;
    if (Date.now() > deadline) throw new Error(`content ${id} still ${current.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function ledger(proc: Proc): Promise<LedgerEntry[]> {
  return (await call<{ data: LedgerEntry[] }>(proc, 'GET', '/credits/history?pageSize=100')).body.data;
}

async function statusInDatabase(id: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (
      (await client.query<{ status: string }>('SELECT status FROM content WHERE id = $1', [id])).rows[0]?.status ??
      'missing'
    );
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  buildDir = await buildServer();
  s3 = await startLocalS3();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // Empty: all three processes migrate and set up the queue and the adapter at the same moment.
    await admin.query(`CREATE DATABASE ${dbName}`);
    databaseCreated = true;
  } finally {
    await admin.end();
  }
  [api1, api2, worker] = await Promise.all([start('api', { SHUTDOWN_DELAY_MS: '700' }), start('api'), start('worker')]);
  const tag = `topo${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${api1.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Topo Person',
      username: tag,
      email: `${tag}@example.test`,
      password: 'Topology123',
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { accessToken: string; user: { id: string } } };
  person = { id: data.user.id, token: data.accessToken };
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopAllServerProcesses();
  await s3?.close();
  if (!databaseCreated) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}, 30_000);

describe('two APIs and a worker on PostgreSQL and one bucket', () => {
  it('counts rate limits across both APIs: wrong passwords on one lock the account on the other', async () => {
    // Two more APIs with the limits on, sharing the counters (Redis when CI provides it, else the database).
    const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
    const [limitedA, limitedB] = await Promise.all([
      start('api', { RATE_LIMIT_DISABLED: 'false', ...redis }),
      start('api', { RATE_LIMIT_DISABLED: 'false', ...redis }),
    ]);
    try {
      const tag = `lim${randomBytes(3).toString('hex')}`;
      const login = (proc: Proc, password: string) =>
        fetch(`${proc.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `${tag}@example.test`, password }),
        }).then((r) => r.status);
      const registered = await fetch(`${limitedA.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullName: 'Limit Person',
          username: tag,
          email: `${tag}@example.test`,
          password: 'Limits123',
        }),
      });
      expect(registered.status).toBe(201);
      // Five wrong passwords, alternating between the two processes: each alone saw only two or three.
      const wrong: number[] = [];
      for (let i = 0; i < 5; i++) wrong.push(await login(i % 2 === 0 ? limitedA : limitedB, `Wrong${i}pass`));
      expect(wrong).toEqual([401, 401, 401, 401, 401]);
      // The account is now locked on both, even for the right password.
      expect(await login(limitedB, 'Limits123')).toBe(429);
      expect(await login(limitedA, 'Limits123')).toBe(429);
    } finally {
      await Promise.all([stop(limitedA), stop(limitedB)]);
    }
  }, 90_000);

  it('generates on api #1, renders on the worker, tells the tab on api #2 and serves the file through api #2', async () => {
    const socket = await open(api2, person);
    // Listening before the request: the worker may tell the tab before the reply reaches us.
    const progressEvents = recordEvents<{ contentId: string }>(socket, SOCKET_EVENTS.generationProgress);
    const completedEvents = recordEvents<{ content: Content }>(socket, SOCKET_EVENTS.generationCompleted);
    const requested = await call<{ data: Content }>(
      api1,
      'POST',
      '/content/generate',
      { contentType: 'photo', prompt: 'A lighthouse on a cliff at dusk', model: 'flux-dev' },
      { 'x-request-id': 'topology-generate-1' },
    );
    expect(requested.status).toBe(201);
    const id = requested.body.data.id;
    const withWorkerOutput = (err: Error) => {
      throw new Error(`${err.message}; the worker printed:\n${worker.output().slice(-4000)}`);
    };
    const [progress, { content: done }] = await Promise.all([
      progressEvents.next((p) => p.contentId === id, 30_000),
      completedEvents.next((p) => p.content.id === id, 30_000),
    ]).catch(withWorkerOutput);
    expect(progress.contentId).toBe(id);
    expect(done).toMatchObject({ id, status: 'ready', mimeType: 'image/png' });

    // api #2 never saw the file: it comes from the bucket the worker wrote to.
    const media = await fetch(`${api2.url}${done.mediaUrl}`, { redirect: 'manual' });
    expect(media.status).toBe(302);
    const file = await fetch(media.headers.get('location')!);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(fs.readdirSync(worker.dataDir)).not.toContain('media');

    // The worker logged the run under the request id api #1 was given. Its lines are written in
    // batches, at most a second late (batchedDestination).
    const runLine =
      /"reqId":"topology-generate-1"[^\n]*"generation run finished"|"generation run finished"[^\n]*"reqId":"topology-generate-1"/;
    const logDeadline = Date.now() + 5000;
    while (!runLine.test(worker.output()) && Date.now() < logDeadline) await new Promise((r) => setTimeout(r, 50));
    expect(worker.output()).toMatch(runLine);
    const metrics = await fetch(`${worker.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(await metrics.text()).toMatch(/atelier_generation_jobs_total\{model="flux-dev",outcome="ready"\} 1/);
  }, 60_000);

  it('ends a job whose worker was killed mid-run ready, or failed and refunded exactly once', async () => {
    const requested = await call<{ data: Content }>(api1, 'POST', '/content/generate', {
      contentType: 'video',
      prompt: 'Waves rolling onto a beach, slow pan',
      model: 'pika-labs',
    });
    expect(requested.status).toBe(201);
    const id = requested.body.data.id;
    const deadline = Date.now() + 20_000;
    while ((await statusInDatabase(id)) !== 'processing') {
      if (Date.now() > deadline) throw new Error(`never started:\n${worker.output()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    await stop(worker, 'SIGKILL');
    // Killed mid-run: nothing finished it.
    expect(await statusInDatabase(id)).toBe('processing');

    worker = await start('worker');
    const done = await settled(api2, id, 60_000);
    const entries = (await ledger(api2)).filter((e) => e.contentId === id);
    expect(entries.filter((e) => e.kind === 'generation_charge')).toHaveLength(1);
    if (done.status === 'ready') {
      expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(0);
      const media = await fetch(`${api2.url}${done.mediaUrl}`, { redirect: 'manual' });
      expect((await fetch(media.headers.get('location')!)).status).toBe(200);
    } else {
      expect(entries.filter((e) => e.kind === 'refund')).toEqual([expect.objectContaining({ delta: 15 })]);
    }
    const balance = (await call<{ data: { credits: number } }>(api2, 'GET', '/credits/balance')).body.data.credits;
    const history = await ledger(api2);
    expect(balance).toBe(history.reduce((sum, e) => sum + e.delta, 0));
  }, 90_000);

  it('loses no accepted request when api #1 is stopped with SIGTERM mid-traffic', async () => {
    const accepted: string[] = [];
    const refused: string[] = [];
    let running = true;
    let n = 0;
    const client = async () => {
      while (running) {
        const name = `Drain ${n++}`;
        try {
          const res = await fetch(`${api1.url}/api/v1/collection`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
            body: JSON.stringify({ name }),
          });
          if (res.status === 201) accepted.push(((await res.json()) as { data: { id: string } }).data.id);
          else {
            // Anything but success is a clean refusal, never a half-done request.
            expect(res.status).toBe(503);
            await res.arrayBuffer();
            refused.push(`${res.status}`);
          }
        } catch (err) {
          // The listener closed: the connection is refused or closed before a reply.
          refused.push((err as { cause?: { code?: string } }).cause?.code ?? String(err));
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    await new Promise((r) => setTimeout(r, 800));
    expect(accepted.length).toBeGreaterThan(0);
    api1.child.kill('SIGTERM');
    // Readiness flips first, while the listener still answers (SHUTDOWN_DELAY_MS).
    let ready = await fetch(`${api1.url}/api/v1/health/ready`);
    while (ready.status === 200) {
      await ready.arrayBuffer();
      ready = await fetch(`${api1.url}/api/v1/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toBe('Not ready: draining');
    expect(await api1.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(clients);

    expect(refused.length).toBeGreaterThan(0);
    const client2 = new pg.Client({ connectionString: databaseUrl });
    await client2.connect();
    const stored = await client2
      .query<{ id: string }>('SELECT id FROM collections WHERE user_id = $1', [person.id])
      .finally(() => client2.end());
    const storedIds = new Set(stored.rows.map((c) => c.id));
    expect(accepted.filter((id) => !storedIds.has(id))).toEqual([]);
  }, 60_000);
});
