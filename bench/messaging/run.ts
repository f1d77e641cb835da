/**
 * Messaging delivery latency and throughput, against a bare Socket.IO relay in the same run.
 *
 *   npx tsx bench/messaging/run.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/messaging/run.ts
 *   BENCH_CLIENTS=20 BENCH_SECONDS=10 npx tsx bench/messaging/run.ts
 *
 * N clients in pairs send to their partner for a fixed time, each paced just under the per-user send
 * limit (10 per 5 s), through (a) a bare relay (receive, emit to the partner's room) and (b) the
 * real server (validate, store, then deliver). Reports delivered vs sent, p50/p99 send→receive
 * latency and delivered messages per second for both. Everything listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { percentile } from '../lib.js';

const CLIENTS = Math.min(200, Math.max(2, Math.floor(Number(process.env.BENCH_CLIENTS ?? 20) / 2) * 2));
const SECONDS = Math.min(60, Math.max(2, Number(process.env.BENCH_SECONDS ?? 10)));
/** Just under 10 sends per 5 s per person, the server's limit. */
const SEND_INTERVAL_MS = 550;
const DRAIN_MS = 5000;

interface Peer {
  id: string;
  socket: Socket;
}

interface Result {
  scenario: string;
  clients: number;
  seconds: number;
  sent: number;
  delivered: number;
  lost: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Pairs send to each other until time is up; latency is send → the partner hearing it. */
async function exchange(
  name: string,
  peers: Peer[],
  sendOne: (from: Peer, to: Peer, content: string) => void,
  event: string,
): Promise<Result> {
  const latencies: number[] = [];
  const tag = `${name}-${Date.now()}`;
  for (const peer of peers) {
    peer.socket.on(event, (payload: { content?: string }) => {
      const content = payload?.content ?? '';
      if (!content.startsWith(tag)) return;
      latencies.push(performance.now() - Number(content.slice(tag.length + 1)));
    });
  }
  let sent = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    peers.map(async (peer, i) => {
      const partner = peers[i % 2 === 0 ? i + 1 : i - 1]!;
      await wait((i * SEND_INTERVAL_MS) / peers.length);
      while (performance.now() < deadline) {
        sendOne(peer, partner, `${tag}:${performance.now()}`);
        sent += 1;
        await wait(SEND_INTERVAL_MS);
      }
    }),
  );
  const drainUntil = performance.now() + DRAIN_MS;
  while (latencies.length < sent && performance.now() < drainUntil) await wait(50);
  const wallS = (performance.now() - started) / 1000;
  for (const peer of peers) peer.socket.off(event);
  return {
    scenario: name,
    clients: peers.length,
    seconds: SECONDS,
    sent,
    delivered: latencies.length,
    lost: sent - latencies.length,
    perSecond: Number((latencies.length / Math.min(wallS, SECONDS)).toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
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
  const peers = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => ({ id: `p${i}`, socket: await open(url, `p${i}`) })),
  );
  try {
    return await exchange(
      'bare-relay',
      peers,
      (_from, to, content) => _from.socket.emit('relay', { to: to.id, content }),
      'relayed',
    );
  } finally {
    for (const p of peers) p.socket.disconnect();
    await new Promise<void>((r) => io.close(() => r()));
  }
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
  const { deps, closeFanOut } = await openRuntime(config, pino({ level: 'warn' }));
  const app = await buildApp(deps, { webDir: null });
  deps.realtime.attach(app.server);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const peers: Peer[] = [];
  try {
    const suffix = Date.now().toString(36);
    for (let i = 0; i < CLIENTS; i += 1) {
      const res = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullName: `Bench ${i}`,
          username: `bench_${suffix}_${i}`,
          email: `bench.${suffix}.${i}@example.test`,
          password: 'BenchPass123',
        }),
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { accessToken: string; user: { id: string } } };
      peers.push({ id: data.user.id, socket: await open(base, data.accessToken) });
    }
    let refused = 0;
    for (const p of peers) p.socket.on('messageError', () => (refused += 1));
    const result = await exchange(
      'atelier-sendMessage',
      peers,
      (from, to, content) => from.socket.emit('sendMessage', { recipientId: to.id, content }),
      'newMessage',
    );
    if (refused > 0) console.warn(`${refused} sends were refused by the server (rate limit or validation)`);
    return result;
  } finally {
    for (const p of peers) p.socket.disconnect();
    await deps.realtime.close();
    await app.close();
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
    p50Ratio: Number((real.p50Ms / baseline.p50Ms).toFixed(1)),
    p99Ratio: Number((real.p99Ms / baseline.p99Ms).toFixed(1)),
  };
  console.log(JSON.stringify(report, null, 2));
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `messaging-${report.database}-${Date.now()}.json`), JSON.stringify(report, null, 2));
  if (real.lost > 0 || baseline.lost > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
