/**
 * Messaging delivery latency and throughput, against a bare Socket.IO relay in the same run.
 *
 *   npx tsx bench/messaging/run.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/messaging/run.ts
 *   BENCH_CLIENTS=20 BENCH_SECONDS=10 BENCH_INTERVAL_MS=550 npx tsx bench/messaging/run.ts
 *
 * N clients (default 500, one person each) in pairs send to their partner for a fixed time, each
 * paced under the per-person send limit (10 per 5 s; BENCH_INTERVAL_MS ≥ 510), through (a) a bare
 * relay (receive, emit to the partner's room) and (b) the real server (check the session, validate,
 * count against the shared send limit, store, then deliver). Reports delivered vs sent (and fails
 * unless they are equal), p50/p99 send→receive latency and delivered messages per second for both,
 * and the real server's figures as ratios of the relay's. Everything listens on 127.0.0.1 only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { MESSAGE_RATE_LIMIT } from '@atelier/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { startBackground } from '../../apps/server/src/background.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sessions, users } from '../../apps/server/src/modules/auth/auth.schema.js';
import type { AppDeps } from '../../apps/server/src/platform/http/types.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { percentile } from '../lib.js';

const CLIENTS = Math.min(1000, Math.max(2, Math.floor(Number(process.env.BENCH_CLIENTS ?? 500) / 2) * 2));
const SECONDS = Math.min(60, Math.max(2, Number(process.env.BENCH_SECONDS ?? 20)));
/** Slowest legal pace is the limit itself (10 per 5 s = one per 500 ms); stay a little under it. */
const MIN_INTERVAL_MS = Math.ceil((MESSAGE_RATE_LIMIT.windowMs / MESSAGE_RATE_LIMIT.count) * 1.02);
const SEND_INTERVAL_MS = Math.max(MIN_INTERVAL_MS, Number(process.env.BENCH_INTERVAL_MS ?? 550));
/** After the last send, wait for stragglers while deliveries still arrive; give up after this much silence. */
const DRAIN_IDLE_MS = 15_000;
const DRAIN_MAX_MS = 600_000;
/** Sockets opened at once: a burst of 500 handshakes measures the handshake, not messaging. */
const CONNECT_BATCH = 50;

interface Peer {
  id: string;
  socket: Socket;
}

interface Result {
  scenario: string;
  clients: number;
  seconds: number;
  intervalMs: number;
  /** Sends per second the clients offered. */
  offeredPerSecond: number;
  sent: number;
  delivered: number;
  /** Sends the server answered with an error (rate limit, validation); 0 for the relay. */
  refused: number;
  lost: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** From the first send until the last delivery. */
  wallSeconds: number;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function openAll(url: string, tokens: string[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += CONNECT_BATCH)
    sockets.push(...(await Promise.all(tokens.slice(i, i + CONNECT_BATCH).map((t) => open(url, t)))));
  return sockets;
}

/**
 * Pairs send to each other until time is up, open loop (a slow server does not slow the senders
 * down, so its delay shows in the latency); latency is send → the partner hearing it. `sendOne`
 * calls `refuse` when the server answers a send with an error.
 */
async function exchange(
  name: string,
  peers: Peer[],
  sendOne: (from: Peer, to: Peer, content: string, refuse: () => void) => void,
  event: string,
): Promise<Result> {
  const latencies: number[] = [];
  let refused = 0;
  const tag = `${name}-${Date.now()}`;
  let lastHeard = 0;
  for (const peer of peers) {
    peer.socket.on(event, (payload: { content?: string; senderId?: string }) => {
      const content = payload?.content ?? '';
      // The real server also echoes to the sender's other tabs; only the partner's copy counts.
      if (!content.startsWith(tag) || payload.senderId === peer.id) return;
      lastHeard = performance.now();
      latencies.push(lastHeard - Number(content.slice(tag.length + 1)));
    });
  }
  let sent = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    peers.map(async (peer, i) => {
      const partner = peers[i % 2 === 0 ? i + 1 : i - 1]!;
      // Spread the clients' first sends over one interval, so the load is even rather than in waves.
      let due = started + (i * SEND_INTERVAL_MS) / peers.length;
      await wait(Math.max(0, due - performance.now()));
      while (due < deadline) {
        // Stamped with when it was due when the timer got round to it late: the clients share the
        // server's event loop, and a send made late by a busy server is part of that server's delay.
        // (A timer may also fire a fraction of a millisecond early; then the real time is the stamp.)
        sendOne(peer, partner, `${tag}:${Math.min(due, performance.now())}`, () => (refused += 1));
        sent += 1;
        // A fixed schedule, not "interval after the last send": timer lateness must not add up.
        due += SEND_INTERVAL_MS;
        if (due >= deadline) break;
        await wait(Math.max(0, due - performance.now()));
      }
    }),
  );
  const drainStarted = performance.now();
  while (
    latencies.length + refused < sent &&
    performance.now() - Math.max(lastHeard, drainStarted) < DRAIN_IDLE_MS &&
    performance.now() - drainStarted < DRAIN_MAX_MS
  )
    await wait(50);
  // Delivered per second over the time it took: the sending time, or longer when the server lagged.
  const wallS = (Math.max(lastHeard, deadline) - started) / 1000;
  for (const peer of peers) peer.socket.off(event);
  return {
    scenario: name,
    clients: peers.length,
    seconds: SECONDS,
    intervalMs: SEND_INTERVAL_MS,
    offeredPerSecond: Number(((peers.length * 1000) / SEND_INTERVAL_MS).toFixed(1)),
    sent,
    delivered: latencies.length,
    refused,
    lost: sent - latencies.length,
    perSecond: Number((latencies.length / wallS).toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    wallSeconds: Number(wallS.toFixed(1)),
  };
}

async function relayBaseline(): Promise<Result> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.use((socket, next) => {
    void socket.join(`user:${String((socket.handshake.auth as { token?: string }).token)}`);
    next();
  });
  io.on('connection', (socket) => {
    socket.on('relay', (p: { to: string; content: string }) =>
      io.to(`user:${p.to}`).emit('relayed', { content: p.content }),
    );
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const ids = Array.from({ length: CLIENTS }, (_, i) => `p${i}`);
  const peers = (await openAll(url, ids)).map((socket, i) => ({ id: ids[i]!, socket }));
  try {
    return await exchange(
      'bare-relay',
      peers,
      (from, to, content) => from.socket.emit('relay', { to: to.id, content }),
      'relayed',
    );
  } finally {
    for (const p of peers) p.socket.disconnect();
    await new Promise<void>((r) => io.close(() => r()));
  }
}

/**
 * The people, straight into the database in two statements (signing up 500 people through the API
 * would spend minutes hashing passwords, which is not what this measures), each with a live
 * session and an access token, as the factories in apps/server/test do.
 */
async function createPeople(deps: AppDeps, count: number): Promise<{ id: string; token: string }[]> {
  const suffix = Date.now().toString(36);
  const rows = await deps.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Bench ${i}`,
        username: `bench_${suffix}_${i}`,
        email: `bench.${suffix}.${i}@example.test`,
        isVerified: true,
        referralCode: `B${suffix}${i}`.toUpperCase().slice(0, 16),
      })),
    )
    .returning({ id: users.id, role: users.role });
  const expiresAt = new Date(deps.clock().getTime() + 24 * 3600 * 1000);
  const sessionRows = await deps.database.db
    .insert(sessions)
    .values(
      rows.map((u) => ({
        userId: u.id,
        familyId: randomUUID(),
        refreshTokenHash: randomBytes(32).toString('hex'),
        expiresAt,
      })),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
  const byUser = new Map(sessionRows.map((s) => [s.userId, s.id]));
  return Promise.all(
    rows.map(async (u) => ({
      id: u.id,
      token: await deps.tokens.signAccess({ id: u.id, role: u.role, sessionId: byUser.get(u.id)! }),
    })),
  );
}

/** Each connection marks its person online in the background; let that finish before timing sends. */
async function presenceSettled(deps: AppDeps, count: number): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const { rows } = await deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM presence_sockets');
    if ((rows[0]?.n ?? 0) >= count) return;
    await wait(100);
  }
  throw new Error('connections were not all marked online within 60 s');
}

async function realServer(): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-msg-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
  });
  const log = pino({ level: 'warn' });
  const { deps, closeFanOut } = await openRuntime(config, log);
  const app = await buildApp(deps, { webDir: null });
  deps.realtime.attach(app.server);
  const background = await startBackground('api', deps, log);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const peers: Peer[] = [];
  try {
    const people = await createPeople(deps, CLIENTS);
    const sockets = await openAll(
      base,
      people.map((p) => p.token),
    );
    peers.push(...sockets.map((socket, i) => ({ id: people[i]!.id, socket })));
    await presenceSettled(deps, CLIENTS);
    const errors = new Map<string, number>();
    return await exchange(
      'atelier-sendMessage',
      peers,
      (from, to, content, refuse) =>
        from.socket.emit('sendMessage', { recipientId: to.id, content }, (ack: { ok: boolean; error?: string }) => {
          if (ack.ok) return;
          refuse();
          errors.set(ack.error ?? '?', (errors.get(ack.error ?? '?') ?? 0) + 1);
        }),
      'newMessage',
    ).finally(() => {
      if (errors.size > 0) console.warn('sends refused by the server:', Object.fromEntries(errors));
    });
  } finally {
    for (const p of peers) p.socket.disconnect();
    await deps.realtime.close();
    await app.close();
    await background.stop();
    await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const baseline = await relayBaseline();
  const real = await realServer();
  const report = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    baseline,
    real,
    deliveredEqualsSent: real.delivered === real.sent && baseline.delivered === baseline.sent,
    p50Ratio: Number((real.p50Ms / baseline.p50Ms).toFixed(1)),
    p99Ratio: Number((real.p99Ms / baseline.p99Ms).toFixed(1)),
    throughputRatio: Number((real.perSecond / baseline.perSecond).toFixed(2)),
  };
  console.log(JSON.stringify(report, null, 2));
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `messaging-${report.database}-${Date.now()}.json`), JSON.stringify(report, null, 2));
  if (!report.deliveredEqualsSent) {
    console.error(
      `delivered ≠ sent: relay ${baseline.delivered}/${baseline.sent}, server ${real.delivered}/${real.sent}`,
    );
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
