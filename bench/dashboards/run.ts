/**
 * Admin dashboard endpoint latency over a seeded data set, against a baseline query in the same run.
 *
 *   npx tsx bench/dashboards/run.ts                                   # embedded PGlite, 2,000 users
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboards/run.ts
 *   BENCH_USERS=100000 BENCH_PG_URL=… npx tsx bench/dashboards/run.ts  # 100k users, ~500k content rows
 *   BENCH_USERS=1000000 BENCH_PG_URL=… npx tsx bench/dashboards/run.ts # 1M users (minutes to seed)
 *
 * With BENCH_PG_URL it creates a throw-away database `atelier_bench_<random>` on that server, runs
 * the migrations there, and drops it at the end; nothing else on the server is touched. It seeds
 * BENCH_USERS users spread over the last 400 days, BENCH_CONTENT_PER_USER (default 5) content rows
 * each with random type/model/status/counters, and two ledger rows per content (charge, some
 * refunds) plus purchases, all inserted in creation order as the product writes them, and one heavy
 * creator (BENCH_HEAVY_CONTENT pieces, default 20,000, with charges and followers); then it folds
 * the dashboards' rollup changes, as a worker does every minute, and runs VACUUM ANALYZE, as
 * autovacuum would. It then times each admin dashboard endpoint, and the user dashboard endpoints as the heavy creator (timeRange month and year), BENCH_REPEAT times (default 5) through
 * app.inject, and `SELECT count(*) FROM content` as the baseline, and writes a JSON report to
 * bench/results/. BENCH_KEEP=1 keeps the database for EXPLAIN.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { foldRollups } from '../../apps/server/src/modules/dashboards/index.js';
import { adminQuery, percentile, withDatabase } from '../lib.js';

const USERS = Math.min(Number(process.env.BENCH_USERS ?? 2000), 2_000_000);
const PER_USER = Math.min(Number(process.env.BENCH_CONTENT_PER_USER ?? 5), 50);
const REPEAT = Math.min(Number(process.env.BENCH_REPEAT ?? 5), 50);
const PG_URL = process.env.BENCH_PG_URL;
const HEAVY_CONTENT = Math.min(Number(process.env.BENCH_HEAVY_CONTENT ?? 20_000), 200_000);

/** Timed for the heavy creator (see seedHeavyUser). */
const USER_ENDPOINTS = [
  '/users/dashboard/overview',
  '/users/dashboard/content-engagement',
  '/users/dashboard/social-stats',
];

const ENDPOINTS = [
  '/admin/dashboard',
  '/admin/dashboard/users',
  '/admin/dashboard/content',
  '/admin/dashboard/revenue',
  '/admin/dashboard/engagement',
  '/admin/dashboard/graphs',
  '/admin/dashboard/content-types',
  '/admin/dashboard/user-roles',
  '/admin/dashboard/recent-users',
  '/admin/dashboard/recent-content',
];

/** Bulk seed in SQL, in batches so memory and a single statement's size stay bounded. */
async function seed(exec: (sql: string) => Promise<void>) {
  const batch = 50_000;
  for (let from = 1; from <= USERS; from += batch) {
    const to = Math.min(USERS, from + batch - 1);
    await exec(`
      INSERT INTO users (full_name, username, email, role, is_verified, referral_code, credits, created_at)
      SELECT 'Bench ' || i, 'bench_' || i, 'bench' || i || '@example.test', CASE WHEN i % 500 = 0 THEN 'admin' ELSE 'user' END,
             i % 3 <> 0, 'B' || i, 1000, now() - (random() * interval '400 days') AS created_at
      FROM generate_series(${from}, ${to}) AS i ORDER BY created_at`);
  }
  await exec(`
    INSERT INTO content (user_id, title, prompt, model, content_type, status, seed, cost, charged, refunded,
                         like_count, comment_count, play_count, created_at)
    SELECT u.id, 'Piece', 'prompt', (ARRAY['photo-a','photo-b','video-a','gif-a'])[1 + (k % 4)],
           (ARRAY['photo','photo','video','gif'])[1 + (k % 4)],
           CASE WHEN random() < 0.08 THEN 'failed' ELSE 'ready' END, 1, 10, 10, 0,
           (random() * 20)::int, (random() * 5)::int, (random() * 50)::int,
           u.created_at + random() * (now() - u.created_at) AS created_at
    FROM users u CROSS JOIN generate_series(1, ${PER_USER}) AS k ORDER BY created_at`);
  await exec(`UPDATE content SET refunded = charged WHERE status = 'failed'`);
  await exec(`
    INSERT INTO credit_ledger (user_id, delta, kind, content_id, idempotency_key, balance_after, created_at)
    SELECT user_id, -charged, 'generation_charge', id, 'bench:c:' || id, 1000, created_at FROM content ORDER BY created_at`);
  await exec(`
    INSERT INTO credit_ledger (user_id, delta, kind, content_id, idempotency_key, balance_after, created_at)
    SELECT user_id, refunded, 'refund', id, 'bench:r:' || id, 1000, created_at + interval '1 minute'
    FROM content WHERE refunded > 0 ORDER BY created_at`);
  await exec(`
    INSERT INTO credit_ledger (user_id, delta, kind, idempotency_key, balance_after, created_at)
    SELECT id, 100, 'purchase', 'bench:p:' || id, 1000, created_at + interval '1 day' FROM users WHERE random() < 0.1`);
}

/**
 * One heavy creator for the user dashboards: HEAVY_CONTENT pieces over the last 400 days, their
 * charges, and followers. Returns the user's id.
 */
async function seedHeavyUser(query: (sql: string, params?: unknown[]) => Promise<{ rows: { id: string }[] }>) {
  const { rows } = await query(
    `INSERT INTO users (full_name, username, email, is_verified, referral_code, credits, created_at)
     VALUES ('Bench Heavy', 'bench_heavy', 'bench.heavy@example.test', true, 'BENCHHEAVY', 1000, now() - interval '400 days')
     RETURNING id`,
  );
  const id = rows[0]!.id;
  await query(
    `INSERT INTO content (user_id, title, prompt, model, content_type, status, seed, cost, charged, refunded,
                          like_count, comment_count, play_count, created_at)
     SELECT $1, 'Heavy piece', 'prompt', (ARRAY['photo-a','photo-b','video-a','gif-a'])[1 + (k % 4)],
            (ARRAY['photo','photo','video','gif'])[1 + (k % 4)], CASE WHEN random() < 0.08 THEN 'failed' ELSE 'ready' END,
            1, 10, 10, 0, (random() * 20)::int, (random() * 5)::int, (random() * 50)::int,
            now() - random() * interval '400 days'
     FROM generate_series(1, ${HEAVY_CONTENT}) AS k`,
    [id],
  );
  await query(
    `INSERT INTO credit_ledger (user_id, delta, kind, content_id, idempotency_key, balance_after, created_at)
     SELECT user_id, -charged, 'generation_charge', id, 'bench:hc:' || id, 1000, created_at FROM content WHERE user_id = $1`,
    [id],
  );
  await query(
    `INSERT INTO follows (follower_id, following_id, created_at)
     SELECT u.id, $1, now() - random() * interval '400 days' FROM users u WHERE u.id <> $1 AND random() < 0.05`,
    [id],
  );
  await query(
    `INSERT INTO follows (follower_id, following_id, created_at)
     SELECT $1, u.id, now() - random() * interval '400 days' FROM users u WHERE u.id <> $1 AND random() < 0.002`,
    [id],
  );
  return id;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-dash-'));
  const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
  if (PG_URL) await adminQuery(PG_URL, `CREATE DATABASE ${dbName}`);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    // The seed's bulk statements (a million content rows at BENCH_USERS=100000) run longer than the
    // product's per-statement limit; the endpoints timed afterwards take milliseconds either way.
    DB_STATEMENT_TIMEOUT_MS: '0',
    ...(PG_URL ? { DATABASE_URL: withDatabase(PG_URL, dbName) } : {}),
  });
  const { deps, closeFanOut } = await openRuntime(config, pino({ level: 'warn' }));
  const app = await buildApp(deps, { webDir: null });
  try {
    const seedStarted = performance.now();
    await seed((text) => deps.database.exec(text));
    const heavyId = await seedHeavyUser((text, params) => deps.database.query<{ id: string }>(text, params));
    // The rollup triggers logged the seed's changes; a worker folds them within a minute.
    await foldRollups(deps.database);
    // Production tables are vacuumed by autovacuum after bulk inserts; without it every index-only
    // scan would still visit the heap.
    await deps.database.exec('VACUUM ANALYZE');
    const seedMs = performance.now() - seedStarted;

    const { rows } = await deps.database.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, role, is_verified, referral_code)
       VALUES ('Bench Admin', 'bench_admin', 'bench.admin@example.test', 'admin', true, 'BENCHADMIN') RETURNING id`,
    );
    const adminId = rows[0]!.id;
    const session = await deps.database.query<{ id: string }>(
      `INSERT INTO sessions (user_id, family_id, refresh_token_hash, expires_at)
       VALUES ($1, $2, $3, now() + interval '1 day') RETURNING id`,
      [adminId, randomUUID(), randomBytes(32).toString('hex')],
    );
    const token = await deps.tokens.signAccess({ id: adminId, role: 'admin', sessionId: session.rows[0]!.id });
    const headers = { authorization: `Bearer ${token}` };
    const heavySession = await deps.database.query<{ id: string }>(
      `INSERT INTO sessions (user_id, family_id, refresh_token_hash, expires_at)
       VALUES ($1, $2, $3, now() + interval '1 day') RETURNING id`,
      [heavyId, randomUUID(), randomBytes(32).toString('hex')],
    );
    const heavyToken = await deps.tokens.signAccess({ id: heavyId, role: 'user', sessionId: heavySession.rows[0]!.id });
    const heavyHeaders = { authorization: `Bearer ${heavyToken}` };

    const time = async (op: () => Promise<void>) => {
      const ms: number[] = [];
      await op(); // warm-up, not counted
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        await op();
        ms.push(performance.now() - t0);
      }
      return {
        p50Ms: Number(percentile(ms, 50).toFixed(2)),
        p95Ms: Number(percentile(ms, 95).toFixed(2)),
        maxMs: Number(Math.max(...ms).toFixed(2)),
      };
    };

    const baseline = await time(async () => {
      await deps.database.query('SELECT count(*) FROM content');
    });
    const results = [];
    const timed: [string, Record<string, string>][] = [
      ...ENDPOINTS.map((url): [string, Record<string, string>] => [url, headers]),
      ...USER_ENDPOINTS.map((url): [string, Record<string, string>] => [url, heavyHeaders]),
    ];
    for (const timeRange of ['month', 'year']) {
      for (const [url, auth] of timed) {
        const r = await time(async () => {
          const res = await app.inject({ method: 'GET', url: `/api/v1${url}?timeRange=${timeRange}`, headers: auth });
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        });
        results.push({
          endpoint: url,
          timeRange,
          ...r,
          vsBaseline: Number((r.p50Ms / Math.max(baseline.p50Ms, 0.01)).toFixed(2)),
        });
      }
    }
    const counts = await deps.database.query<{ users: number; content: number; ledger: number }>(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM content) AS content,
              (SELECT count(*)::int FROM credit_ledger) AS ledger`,
    );
    const report = {
      database: deps.database.kind,
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      heavyUserContent: HEAVY_CONTENT,
      rows: counts.rows[0],
      seedSeconds: Number((seedMs / 1000).toFixed(1)),
      repeat: REPEAT,
      baseline: { query: 'SELECT count(*) FROM content', ...baseline },
      results,
    };
    console.table(results);
    console.log(JSON.stringify({ ...report, results: undefined }, null, 2));
    const out = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, `dashboards-${deps.database.kind}-${Date.now()}.json`),
      JSON.stringify(report, null, 2),
    );
  } finally {
    await app.close();
    await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
    await deps.realtime.close();
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (PG_URL && process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName} (BENCH_KEEP=1)`);
    else if (PG_URL) await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${dbName}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
