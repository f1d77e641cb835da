/**
 * Generation accept throughput on PostgreSQL, against a plain INSERT of the same content row served
 * the same way, in the same run.
 *
 *   npx tsx bench/generation/run.ts                      # postgres://postgres@127.0.0.1:5432/postgres
 *   DATABASE_URL=postgres://…/postgres BENCH_CONCURRENCY=50 BENCH_SECONDS=10 npx tsx bench/generation/run.ts
 *
 * It creates a throw-away database `atelier_bench_<random>` on that server (BENCH_PG_URL or
 * DATABASE_URL), runs the app in this process on 127.0.0.1 (the runtime assembly of main.ts,
 * NODE_ENV=production, rate limits off, the local renderer), and drops the database at the end.
 *
 * The load comes from a child process: BENCH_CONCURRENCY (default 50) keep-alive connections, each
 * sending `POST …/generate` with a vector item's JSON body as soon as its previous answer is read,
 * for BENCH_SECONDS (default 10) after a 2 s warm-up, bare then app, BENCH_ROUNDS times (default 2),
 * all after BENCH_WARMUP_SECONDS (default 10) of untimed load on each server. Two cases:
 *   users     each connection signs in as its own person (BENCH_CONCURRENCY people): the realistic load
 *   one user  every connection signs in as the same person, whose balance row is then a hot row
 *
 * The baseline is a bare node:http + pg server (a pool of 10, the app's size) in this process. For
 * each request it reads the JSON body, finds the person by the bearer token in a Map (no crypto, no
 * query), INSERTs the same content row the app inserts (same table, same columns and values, with
 * its indexes and search trigger) RETURNING it, and replies 201 with it as JSON. So the ratio
 * app/bare is what the app adds to one INSERT of the row: the session check, validation, the charge
 * and its ledger row, the job, and the reply. A pool of 10 doing the same INSERTs with no HTTP at
 * all is reported too.
 *
 * A third measurement times a batch: the same users each asking for 4 candidates (`count: 4`) against
 * the single item, on the app, BENCH_ROUNDS times; `batchVsSingle` is the time of one batch accept
 * over the time of one single accept (the target is at most 1.5).
 *
 * The worker does not run while accepts are measured (its renders would share the two cores);
 * afterwards it runs for BENCH_WORKER_SECONDS (default 10; 0 skips it) and the jobs it finished are
 * counted. At the end every person's balance must equal their ledger and their accepted items.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sessions, users } from '../../apps/server/src/modules/auth/auth.schema.js';
import { generationDeps } from '../../apps/server/src/modules/generation/generation.deps.js';
import { startGenerationWorker } from '../../apps/server/src/modules/generation/generation.worker.js';
import type { AppDeps } from '../../apps/server/src/platform/http/types.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { adminQuery, forkLoadClient, runBench, runPool, summarise, summariseLoad, withDatabase } from '../lib.js';

const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = Math.max(1, Math.min(Number(process.env.BENCH_CONCURRENCY ?? 50), 256));
const SECONDS = Math.max(1, Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60));
/** Rounds of (bare, app) per case; each round's ratio is reported, the noise of a shared machine shows in their spread. */
const ROUNDS = Math.max(1, Math.min(Number(process.env.BENCH_ROUNDS ?? 2), 5));
const WARMUP_SECONDS = Math.max(0, Math.min(Number(process.env.BENCH_WARMUP_SECONDS ?? 10), 60));
const WORKER_SECONDS = Math.max(0, Math.min(Number(process.env.BENCH_WORKER_SECONDS ?? 10), 120));
/** Enough for every request of a run; the cheapest vector model costs a few credits. */
const CREDITS = 100_000_000;
const POOL_SIZE = 10;
/** BENCH_PROFILE=1: the CPU profile of this process while the app is timed (first round of each case), in bench/results/. */
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const BODY = { contentType: 'vector', model: 'stable-diffusion-xl', prompt: 'geometric mountain logo, flat colours' };
const BATCH = 4;
const BATCH_BODY = { ...BODY, count: BATCH };

interface Person {
  id: string;
  token: string;
}

/**
 * People straight into the database (signing up through the API would spend the time hashing
 * passwords), each with a live session, an access token, and credits granted through a ledger row
 * so the balance equals the ledger from the start.
 */
async function createPeople(deps: AppDeps, count: number): Promise<Person[]> {
  const suffix = randomBytes(3).toString('hex');
  const rows = await deps.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Bench ${i}`,
        username: `bench_${suffix}_${i}`,
        email: `bench.${suffix}.${i}@example.test`,
        isVerified: true,
        referralCode: `B${suffix}${i}`.toUpperCase().slice(0, 16),
        credits: CREDITS,
      })),
    )
    .returning({ id: users.id, role: users.role });
  await deps.database.query(
    `INSERT INTO credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
     SELECT id, $2, 'admin_add', 'bench credits', 'bench:' || id, $2 FROM unnest($1::uuid[]) AS id`,
    [rows.map((r) => r.id), CREDITS],
  );
  const expiresAt = new Date(deps.clock().getTime() + 24 * 3600 * 1000);
  const sessionRows = await deps.database.db
    .insert(sessions)
    .values(rows.map((u) => ({ userId: u.id, familyId: randomUUID(), refreshTokenHash: randomBytes(32).toString('hex'), expiresAt })))
    .returning({ id: sessions.id, userId: sessions.userId });
  const byUser = new Map(sessionRows.map((s) => [s.userId, s.id]));
  return Promise.all(
    rows.map(async (u) => ({ id: u.id, token: await deps.tokens.signAccess({ id: u.id, role: u.role, sessionId: byUser.get(u.id)! }) })),
  );
}

/**
 * The content row the app inserts for BODY, as plain column values, but unpaid (`charged` 0, a value of
 * the same width): nothing debited it, and the audit at the end tells the app's rows by their charge.
 */
const INSERT_ROW = `INSERT INTO content (user_id, title, prompt, model, content_type, status, is_private, seed, strength, cost, charged)
  VALUES ($1, $2, $3, $4, $5, 'queued', false, $6, 50, $7, 0) RETURNING *`;
const insertParams = (userId: string, cost: number) => [
  userId,
  'Generated Vector',
  BODY.prompt,
  BODY.model,
  BODY.contentType,
  Math.floor(Math.random() * 2_147_483_647),
  cost,
];

/** The baseline: read the body, INSERT the row, reply with it. */
function startBareServer(pool: pg.Pool, people: Map<string, string>, cost: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const userId = people.get((req.headers.authorization ?? '').slice('Bearer '.length));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof BODY;
      if (!userId || body.contentType !== BODY.contentType) {
        res.writeHead(400).end();
        return;
      }
      pool.query(INSERT_ROW, insertParams(userId, cost)).then(
        (r) => {
          const payload = JSON.stringify({ data: r.rows[0] });
          res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
          res.end(payload);
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Every statement the app sends through pg while `run` is in flight. */
async function captureStatements(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    seen.push((typeof first === 'string' ? first : String((first as { text?: string }).text)).replace(/\s+/g, ' ').trim().slice(0, 160));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

async function startProfile(): Promise<{ stop(label: string): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop(label) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      const dir = path.join(import.meta.dirname, '..', 'results');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `generation-${label.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

const round3 = (n: number, d = 3) => Number(n.toFixed(d));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-generation-'));
  const host = new URL(PG_URL).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error('the bench database must be on this machine');
  const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = withDatabase(PG_URL, dbName);
  await adminQuery(PG_URL, `CREATE DATABASE ${dbName}`);
  console.log(`database ${dbName}`);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    GENERATION_PROVIDER: 'local',
  });
  const { deps, closeFanOut } = await openRuntime(config, pino({ level: 'warn' }));
  const app = await buildApp(deps, { webDir: null });
  deps.realtime.attach(app.server);
  await deps.queue.start();
  const barePool = new pg.Pool({ connectionString: dbUrl, max: POOL_SIZE });
  let bare: http.Server | null = null;
  const client = await forkLoadClient(import.meta.url);
  try {
    const appBase = await app.listen({ port: 0, host: '127.0.0.1' });
    const people = await createPeople(deps, CONCURRENCY);
    const tokens = new Map(people.map((p) => [p.token, p.id]));
    const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });

    // One request first, to learn the cost and what the app sends for it once warm.
    const probe = () => app.inject({ method: 'POST', url: '/api/v1/content/generate', headers: auth(people[0]!), payload: BODY });
    const first = await probe();
    if (first.statusCode !== 201) throw new Error(`generate failed: ${first.statusCode} ${first.body}`);
    const cost = (first.json() as { data: { cost: number } }).data.cost;
    const statements = await captureStatements(async () => {
      const r = await probe();
      if (r.statusCode !== 201) throw new Error(`generate failed: ${r.statusCode} ${r.body}`);
    });

    bare = await startBareServer(barePool, tokens, cost);
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const url = (base: string) => `${base}/api/v1/content/generate`;

    const load = { connections: CONCURRENCY, method: 'POST' as const, body: JSON.stringify(BODY), timeoutMs: 60_000 };
    const cases = [
      { name: `${CONCURRENCY} users`, headers: people.map(auth) },
      { name: 'one user', headers: [auth(people[0]!)] },
    ];
    // A cold start (JIT, each new connection's catalog caches, the queue's start-up work) is not the
    // steady state: both servers first take a few seconds of the load untimed.
    for (const base of [bareBase, appBase]) await client.load({ ...load, url: url(base), headers: cases[0]!.headers, durationMs: WARMUP_SECONDS * 1000 });
    const rows: Record<string, unknown>[] = [];
    const ratios: Record<string, number[]> = {};
    for (const c of cases) {
      for (let round = 1; round <= ROUNDS; round++) {
        const per: Record<string, ReturnType<typeof summariseLoad>> = {};
        for (const [server, base] of [
          ['bare', bareBase],
          ['app', appBase],
        ] as const) {
          await client.load({ ...load, url: url(base), headers: c.headers, durationMs: 2000 }); // warm-up, not counted
          const profiler = PROFILE && server === 'app' && round === 1 ? await startProfile() : null;
          const r = await client.load({ ...load, url: url(base), headers: c.headers, durationMs: SECONDS * 1000 });
          if (profiler) console.warn(`CPU profile of the app: ${await profiler.stop(c.name)}`);
          per[server] = summariseLoad(`${c.name} · ${server} · round ${round}`, r);
          rows.push({ ...per[server], load: os.loadavg().map((l) => l.toFixed(1)).join(' ') });
        }
        (ratios[c.name] ??= []).push(round3(per.app!.perSecond / per.bare!.perSecond));
      }
    }

    // A batch of 4 candidates against one item, the same users, on the app.
    const batchVsSingle: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const per: Record<string, ReturnType<typeof summariseLoad>> = {};
      for (const [label, body] of [
        ['one item', BODY],
        [`batch of ${BATCH}`, BATCH_BODY],
      ] as const) {
        const batchLoad = { ...load, body: JSON.stringify(body), url: url(appBase), headers: cases[0]!.headers };
        await client.load({ ...batchLoad, durationMs: 2000 }); // warm-up, not counted
        const r = await client.load({ ...batchLoad, durationMs: SECONDS * 1000 });
        per[label] = summariseLoad(`${cases[0]!.name} · app · ${label} · round ${round}`, r);
        rows.push({ ...per[label], load: os.loadavg().map((l) => l.toFixed(1)).join(' ') });
      }
      batchVsSingle.push(round3(per['one item']!.perSecond / per[`batch of ${BATCH}`]!.perSecond));
    }

    // The same INSERT by a pool of the same size, 50 at a time, no HTTP.
    const poolCount = Math.round(((rows[0] as { perSecond: number }).perSecond || 500) * SECONDS);
    const direct = await runPool(poolCount, CONCURRENCY, async (i) => {
      await barePool.query(INSERT_ROW, insertParams(people[i % people.length]!.id, cost));
    });
    rows.push({ ...summarise(`pool of ${POOL_SIZE}: INSERT, no HTTP`, direct), load: os.loadavg().map((l) => l.toFixed(1)).join(' ') });

    // Exactness: every balance equals its ledger and the credits of the items it paid for (a batch's
    // one ledger row pays for all its items).
    const audit = await deps.database.query<{ id: string; credits: number; ledger: number; charged: number; accepted: number }>(
      `SELECT u.id, u.credits,
              (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger l WHERE l.user_id = u.id) AS ledger,
              (SELECT coalesce(sum(c.charged), 0)::int FROM content c WHERE c.user_id = u.id) AS charged,
              (SELECT count(*)::int FROM content c WHERE c.user_id = u.id AND c.charged > 0) AS accepted
         FROM users u WHERE u.id = ANY($1::uuid[])`,
      [people.map((p) => p.id)],
    );
    const wrong = audit.rows.filter((r) => r.credits !== r.ledger || r.credits !== CREDITS - r.charged || r.charged !== r.accepted * cost);
    const accepted = audit.rows.reduce((s, r) => s + r.accepted, 0);
    const withJob = (
      await deps.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM content c WHERE c.job_id IS NOT NULL AND c.charged > 0',
      )
    ).rows[0]!.n;

    let jobsPerSecond: number | null = null;
    if (WORKER_SECONDS > 0) {
      const worker = await startGenerationWorker(generationDeps(deps));
      const started = performance.now();
      await new Promise((r) => setTimeout(r, WORKER_SECONDS * 1000));
      const done = (await deps.database.query<{ n: number }>("SELECT count(*)::int AS n FROM content WHERE status IN ('ready', 'failed')")).rows[0]!.n;
      jobsPerSecond = round3((done / (performance.now() - started)) * 1000, 2);
      await worker.stop();
    }

    const report = {
      database: 'postgres',
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      cost,
      results: rows,
      appVsBare: ratios,
      batchVsSingle,
      statementsPerAccept: statements.length,
      statements,
      accepted,
      acceptedWithJob: withJob,
      balancesWrong: wrong.length,
      jobsPerSecond,
    };
    console.table(rows);
    console.log(JSON.stringify({ appVsBare: ratios, batchVsSingle, statementsPerAccept: statements.length, statements, accepted, acceptedWithJob: withJob, balancesWrong: wrong.length, jobsPerSecond }, null, 2));
    const out = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `generation-postgres-${Date.now()}.json`), JSON.stringify(report, null, 2));
    if (wrong.length > 0) throw new Error(`balance and ledger disagree for ${wrong.length} people: ${JSON.stringify(wrong.slice(0, 3))}`);
  } finally {
    client.close();
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await barePool.end();
    await deps.realtime.close();
    await app.close();
    await deps.queue.stop({ timeoutMs: 5000 }).catch(() => undefined);
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${dbName}`);
  }
}

runBench(main);
