/**
 * Messaging delivery latency and throughput, against a bare Socket.IO relay in the same run.
 *
 *   npx tsx bench/messaging/run.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/messaging/run.ts
 *   BENCH_CLIENTS=20 BENCH_SECONDS=10 BENCH_INTERVAL_MS=550 npx tsx bench/messaging/run.ts
 *   BENCH_PROFILE=1 …                                     # CPU profile of the server during each exchange
 *
 * N clients (default 500, one person each) in pairs send to their partner for a fixed time, each
 * paced under the per-person send limit (10 per 5 s; BENCH_INTERVAL_MS ≥ 510), through (a) a bare
 * relay (receive, emit to the partner's room) and (b) the real server (check the session, validate,
 * count against the shared send limit, store, then deliver). Reports delivered vs sent (and fails
 * unless they are equal), p50/p99 send→receive latency and delivered messages per second for both,
 * and the real server's figures as ratios of the relay's. The clients run in a process of their own
 * (clients.ts), so this process does only the servers' work. Everything listens on 127.0.0.1 only.
 * With BENCH_PROFILE set, each exchange's server-side CPU profile is written to bench/results/.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { Server } from 'socket.io';
import { MESSAGE_RATE_LIMIT } from '@atelier/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { startBackground } from '../../apps/server/src/background.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sessions, users } from '../../apps/server/src/modules/auth/auth.schema.js';
import type { AppDeps } from '../../apps/server/src/platform/http/types.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import type { ClientAnswer, ClientPeer, ClientRequest, ExchangeResult } from './clients.js';
import { adminQuery, withDatabase } from '../lib.js';

const CLIENTS = Math.min(1000, Math.max(2, Math.floor(Number(process.env.BENCH_CLIENTS ?? 500) / 2) * 2));
const SECONDS = Math.min(60, Math.max(2, Number(process.env.BENCH_SECONDS ?? 20)));
/** Slowest legal pace is the limit itself (10 per 5 s = one per 500 ms); stay a little under it. */
const MIN_INTERVAL_MS = Math.ceil((MESSAGE_RATE_LIMIT.windowMs / MESSAGE_RATE_LIMIT.count) * 1.02);
const SEND_INTERVAL_MS = Math.max(MIN_INTERVAL_MS, Number(process.env.BENCH_INTERVAL_MS ?? 550));
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
/** A PostgreSQL server on this machine (the bench makes and drops its own database there), else PGlite. */
const PG_URL = process.env.BENCH_PG_URL || process.env.DATABASE_URL || '';
const DATABASE = PG_URL ? 'postgres' : 'pglite';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The clients' process (clients.ts): one request at a time, one answer each. */
class Clients {
  private readonly child: ChildProcess;

  constructor() {
    const script = fileURLToPath(new URL('./clients.ts', import.meta.url));
    this.child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  }

  ask(req: ClientRequest): Promise<ClientAnswer> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the clients' process exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (answer) => {
        this.child.off('exit', onExit);
        resolve(answer as ClientAnswer);
      });
      this.child.send(req);
    });
  }

  close(): void {
    this.child.kill();
  }
}

/** CPU time (user + system, ms) of each process named, from /proc (Linux); absent ones are left out. */
function processCpuMs(pids: number[]): Map<number, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // gone, or not Linux
    }
  }
  return out;
}

export interface CpuFigures {
  /** CPU time of the server's process (this one) during the exchange, ms. */
  serverCpuMs: number;
  /** CPU time of the PostgreSQL backends serving the bench's database, ms (PostgreSQL only). */
  databaseCpuMs?: number;
}

/**
 * Runs one exchange in the clients' process, measuring this (the server's) process's CPU time and,
 * when `databasePids` is given, that of the database's backends; profiling this process when asked.
 */
async function exchange(
  clients: Clients,
  scenario: string,
  protocol: 'relay' | 'app',
  databasePids?: () => Promise<number[]>,
): Promise<ExchangeResult & CpuFigures> {
  const dbBefore = databasePids ? processCpuMs(await databasePids()) : null;
  const cpu = process.cpuUsage();
  const session = PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  }
  const answer = await clients.ask({ kind: 'run', scenario, protocol, seconds: SECONDS, intervalMs: SEND_INTERVAL_MS });
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `messaging-${DATABASE}-${scenario}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.warn(`CPU profile of the server: ${file}`);
    session.disconnect();
  }
  const used = process.cpuUsage(cpu);
  if (answer.kind !== 'result') throw new Error(`unexpected answer ${answer.kind}`);
  const figures: CpuFigures = { serverCpuMs: Math.round((used.user + used.system) / 1000) };
  if (databasePids && dbBefore) {
    // Backends that opened during the exchange count from zero; ones that closed are missed.
    const after = processCpuMs(await databasePids());
    let total = 0;
    for (const [pid, ms] of after) total += ms - (dbBefore.get(pid) ?? 0);
    figures.databaseCpuMs = Math.round(total);
  }
  return { ...answer.result, ...figures };
}

async function relayBaseline(clients: Clients): Promise<ExchangeResult & CpuFigures> {
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
  const peers: ClientPeer[] = Array.from({ length: CLIENTS }, (_, i) => ({ id: `p${i}`, token: `p${i}` }));
  await clients.ask({ kind: 'open', url, peers });
  try {
    return await exchange(clients, 'bare-relay', 'relay');
  } finally {
    await clients.ask({ kind: 'close' });
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

async function realServer(clients: Clients): Promise<ExchangeResult & CpuFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-msg-'));
  // PostgreSQL: a throw-away database on that server, dropped at the end.
  const dbName = PG_URL ? `atelier_bench_${randomBytes(4).toString('hex')}` : null;
  if (PG_URL && dbName) {
    if (!['127.0.0.1', 'localhost'].includes(new URL(PG_URL).hostname))
      throw new Error('the PostgreSQL server must be on this machine');
    await adminQuery(PG_URL, `CREATE DATABASE ${dbName}`);
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    DATABASE_URL: PG_URL && dbName ? withDatabase(PG_URL, dbName) : '',
  });
  const log = pino({ level: 'warn' });
  const { deps, closeFanOut } = await openRuntime(config, log);
  const app = await buildApp(deps, { webDir: null });
  deps.realtime.attach(app.server);
  const background = await startBackground('api', deps, log);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let isOpen = false;
  try {
    const people = await createPeople(deps, CLIENTS);
    await clients.ask({ kind: 'open', url: base, peers: people });
    isOpen = true;
    await presenceSettled(deps, CLIENTS);
    const databasePids = PG_URL
      ? async () =>
          (
            await deps.database.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
            )
          ).rows.map((r) => r.pid)
      : undefined;
    const result = await exchange(clients, 'atelier-sendMessage', 'app', databasePids);
    if (result.refused > 0) console.warn('sends refused by the server:', result.refusedBy);
    return result;
  } finally {
    if (isOpen) await clients.ask({ kind: 'close' });
    await deps.realtime.close();
    await app.close();
    await background.stop();
    await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (PG_URL && dbName) await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function main() {
  const clients = new Clients();
  try {
    const baseline = await relayBaseline(clients);
    const real = await realServer(clients);
    const report = {
      database: DATABASE,
      clientsInOwnProcess: true,
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      baseline,
      real,
      deliveredEqualsSent: real.delivered === real.sent && baseline.delivered === baseline.sent,
      p50Ratio: Number((real.p50Ms / baseline.p50Ms).toFixed(1)),
      p99Ratio: Number((real.p99Ms / baseline.p99Ms).toFixed(1)),
      throughputRatio: Number((real.perSecond / baseline.perSecond).toFixed(2)),
      /** CPU per delivered message, ms: the server's process, the database's backends, the clients' process. */
      cpuPerMessageMs: {
        relayServer: Number((baseline.serverCpuMs / baseline.delivered).toFixed(3)),
        relayClients: Number((baseline.clientsCpuMs / baseline.delivered).toFixed(3)),
        server: Number((real.serverCpuMs / real.delivered).toFixed(3)),
        ...(real.databaseCpuMs !== undefined
          ? { database: Number((real.databaseCpuMs / real.delivered).toFixed(3)) }
          : {}),
        clients: Number((real.clientsCpuMs / real.delivered).toFixed(3)),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, `messaging-${report.database}-${Date.now()}.json`), JSON.stringify(report, null, 2));
    if (!report.deliveredEqualsSent) {
      console.error(
        `delivered ≠ sent: relay ${baseline.delivered}/${baseline.sent}, server ${real.delivered}/${real.sent}`,
      );
      process.exitCode = 1;
    }
  } finally {
    clients.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
