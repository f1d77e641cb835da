/**
 * The social loop on PostgreSQL (issue #28):
 *
 *   npx tsx bench/social/run.ts         # postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_FOLLOWERS=100000 BENCH_ACCEPTS=20 npx tsx bench/social/run.ts
 *
 * It creates a throw-away database `atelier_bench_<random>` on that server (BENCH_PG_URL or
 * DATABASE_URL), runs the app in this process (the runtime assembly of main.ts, NODE_ENV=production,
 * rate limits off, the local renderer) and drops the database at the end.
 *
 * 1. accept: two makers, one with BENCH_FOLLOWERS followers (default 100,000) and one with none,
 *    each post BENCH_ACCEPTS items (default 20) through `POST /content/generate`, one at a time,
 *    alternating, with no worker running; the medians are compared (target: within 10%).
 * 2. fan-out: with the workers running (ROLE=all), the maker with followers posts once more; the
 *    clock runs from the request until the item is ready, the notifications queue is empty and a
 *    follower's `GET /content/feed` shows the item first (target: 60 s). The following feed is read
 *    on demand (the items of the people one follows, by an index), so there is no per-follower row
 *    to write; what runs off the request is the render and the owner's notification.
 * 3. like: every statement a like sends while its request is in flight; the notification costs
 *    one job insert (pgboss) and nothing else (target: at most one extra statement).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { startBackground } from '../../apps/server/src/background.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sessions, users } from '../../apps/server/src/modules/auth/auth.schema.js';
import type { AppDeps } from '../../apps/server/src/platform/http/types.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { adminQuery, percentile, runBench, withDatabase } from '../lib.js';

const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FOLLOWERS = Math.max(0, Math.min(Number(process.env.BENCH_FOLLOWERS ?? 100_000), 1_000_000));
const ACCEPTS = Math.max(3, Math.min(Number(process.env.BENCH_ACCEPTS ?? 20), 200));
const FANOUT_LIMIT_MS = 60_000;
const CREDITS = 100_000_000;
const BODY = { contentType: 'vector', model: 'stable-diffusion-xl', prompt: 'geometric mountain logo, flat colours' };

interface Person {
  id: string;
  token: string;
}

/** People straight into the database, with a session, a token and credits backed by a ledger row. */
async function createPeople(deps: AppDeps, count: number): Promise<Person[]> {
  const suffix = randomBytes(3).toString('hex');
  const rows = await deps.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Maker ${i}`,
        username: `maker_${suffix}_${i}`,
        email: `maker.${suffix}.${i}@example.test`,
        isVerified: true,
        referralCode: `M${suffix}${i}`.toUpperCase().slice(0, 16),
        credits: CREDITS,
      })),
    )
    .returning({ id: users.id, role: users.role });
  await deps.database.query(
    `INSERT INTO credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
     SELECT id, $2, 'admin_add', 'bench credits', 'bench:' || id, $2 FROM unnest($1::uuid[]) AS id`,
    [rows.map((r) => r.id), CREDITS],
  );
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  const sessionRows = await deps.database.db
    .insert(sessions)
    .values(rows.map((u) => ({ userId: u.id, familyId: randomUUID(), refreshTokenHash: randomBytes(32).toString('hex'), expiresAt })))
    .returning({ id: sessions.id, userId: sessions.userId });
  const byUser = new Map(sessionRows.map((s) => [s.userId, s.id]));
  return Promise.all(
    rows.map(async (u) => ({ id: u.id, token: await deps.tokens.signAccess({ id: u.id, role: u.role, sessionId: byUser.get(u.id)! }) })),
  );
}

/** FOLLOWERS people who all follow `makerId`, in two statements. */
async function createFollowers(deps: AppDeps, makerId: string): Promise<void> {
  const suffix = randomBytes(3).toString('hex');
  await deps.database.query(
    `INSERT INTO users (full_name, username, email, referral_code, is_verified)
     SELECT 'Follower ' || g, 'f_${suffix}_' || g, 'f.${suffix}.' || g || '@example.test', upper('F${suffix}' || g), true
     FROM generate_series(1, $1) AS g`,
    [FOLLOWERS],
  );
  await deps.database.query(
    `INSERT INTO follows (follower_id, following_id) SELECT id, $1 FROM users WHERE username LIKE 'f\\_${suffix}\\_%'`,
    [makerId],
  );
  await deps.database.query('ANALYZE users; ANALYZE follows;');
}

/** Every statement the app sends through pg while `run` is in flight. */
async function captureStatements(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    seen.push((typeof first === 'string' ? first : String((first as { text?: string }).text)).replace(/\s+/g, ' ').trim().slice(0, 120));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

const round = (n: number, d = 1) => Number(n.toFixed(d));
const median = (v: number[]) => percentile(v, 50);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-social-'));
  const host = new URL(PG_URL).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error('the bench database must be on this machine');
  const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = withDatabase(PG_URL, dbName);
  await adminQuery(PG_URL, `CREATE DATABASE ${dbName}`);
  console.log(`database ${dbName}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
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
  let background: { stop(): Promise<void> } | null = null;
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const api = (p: string) => `${base}/api/v1${p}`;
    const [followed, alone, liker] = await createPeople(deps, 3);
    const started = Date.now();
    await createFollowers(deps, followed!.id);
    console.log(`${FOLLOWERS} followers in ${round((Date.now() - started) / 1000)} s`);

    const accept = async (who: Person): Promise<{ ms: number; id: string }> => {
      const t0 = performance.now();
      const res = await fetch(api('/content/generate'), {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(BODY),
      });
      const ms = performance.now() - t0;
      if (res.status !== 201) throw new Error(`accept: ${res.status} ${await res.text()}`);
      return { ms, id: ((await res.json()) as { data: { id: string } }).data.id };
    };

    // 1. Accept, no worker: warm both paths, then alternate.
    for (let i = 0; i < 3; i++) await Promise.all([accept(followed!), accept(alone!)]);
    const withFollowers: number[] = [];
    const withNone: number[] = [];
    for (let i = 0; i < ACCEPTS; i++) {
      if (i % 2 === 0) {
        withFollowers.push((await accept(followed!)).ms);
        withNone.push((await accept(alone!)).ms);
      } else {
        withNone.push((await accept(alone!)).ms);
        withFollowers.push((await accept(followed!)).ms);
      }
    }
    const ratio = median(withFollowers) / median(withNone);
    console.log(
      JSON.stringify({
        scenario: 'accept',
        followers: FOLLOWERS,
        accepts: ACCEPTS,
        medianMsWithFollowers: round(median(withFollowers), 2),
        medianMsWithNone: round(median(withNone), 2),
        p90MsWithFollowers: round(percentile(withFollowers, 90), 2),
        p90MsWithNone: round(percentile(withNone, 90), 2),
        ratio: round(ratio, 3),
        withinTenPercent: Math.abs(ratio - 1) <= 0.1,
      }),
    );

    const likedId = (await deps.database.query<{ id: string }>(
      `INSERT INTO content (user_id, title, prompt, model, content_type, status, is_private, seed, cost)
       VALUES ($1, 'Liked', 'a harbour', 'stable-diffusion-xl', 'illustration', 'ready', false, 1, 5) RETURNING id`,
      [followed!.id],
    )).rows[0]!.id;
    // 3. What a like sends while its request is in flight, no worker running (the second like of the process, the first warms the path).
    const like = (who: Person) =>
      fetch(api(`/content/${likedId}/like`), { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
    await like(alone!);
    const statements = await captureStatements(async () => {
      const res = await like(liker!);
      if (!res.ok) throw new Error(`like: ${res.status}`);
    });
    const queued = statements.filter((s) => /pgboss/i.test(s));
    console.log(
      JSON.stringify({
        scenario: 'like',
        statements: statements.length,
        forNotifications: queued.length,
        notificationRowsOnRequest: statements.filter((s) => /notification/i.test(s)).length,
        atMostOneExtra: queued.length <= 1,
      }),
    );
    console.log(statements.map((s) => `  ${s}`).join('\n'));
    // 2. Fan-out, with the workers (the queued renders of step 1 go first: they are counted apart).
    background = await startBackground('worker', deps, pino({ level: 'warn' }));
    const backlogStart = Date.now();
    const pending = async () => {
      const r = await deps.database.query<{ n: number }>(
        `SELECT (SELECT count(*)::int FROM content WHERE status IN ('queued', 'processing'))
              + (SELECT count(*)::int FROM pgboss.job WHERE name = 'notifications' AND state IN ('created', 'retry', 'active')) AS n`,
      );
      return r.rows[0]!.n;
    };
    while ((await pending()) > 0) {
      if (Date.now() - backlogStart > 600_000) throw new Error('the backlog of step 1 did not drain in 10 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const backlogMs = Date.now() - backlogStart;
    const follower = (await deps.database.query<{ id: string; role: 'user' }>(
      `SELECT u.id, u.role FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.following_id = $1 LIMIT 1`,
      [followed!.id],
    )).rows[0];
    let followerToken: string | null = null;
    if (follower) {
      const [s] = await deps.database.db
        .insert(sessions)
        .values({ userId: follower.id, familyId: randomUUID(), refreshTokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 3600_000) })
        .returning({ id: sessions.id });
      followerToken = await deps.tokens.signAccess({ id: follower.id, role: 'user', sessionId: s!.id });
    }
    const feedFirst = async (): Promise<string | undefined> => {
      if (!followerToken) return undefined;
      const res = await fetch(api('/content/feed?pageSize=12'), { headers: { authorization: `Bearer ${followerToken}` } });
      return ((await res.json()) as { data: { id: string }[] }).data[0]?.id;
    };
    const t0 = Date.now();
    const posted = await accept(followed!);
    let fanOutMs = -1;
    while (Date.now() - t0 < FANOUT_LIMIT_MS * 2) {
      const ready = await deps.database.query<{ status: string }>('SELECT status FROM content WHERE id = $1', [posted.id]);
      if (ready.rows[0]?.status === 'ready' && (await pending()) === 0 && (!followerToken || (await feedFirst()) === posted.id)) {
        fanOutMs = Date.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const feedMs: number[] = [];
    for (let i = 0; i < 20 && followerToken; i++) {
      const f0 = performance.now();
      await feedFirst();
      feedMs.push(performance.now() - f0);
    }
    console.log(
      JSON.stringify({
        scenario: 'fan-out',
        followers: FOLLOWERS,
        backlogOfStep1Ms: backlogMs,
        acceptMs: round(posted.ms, 2),
        untilReadyNotifiedAndInFeedMs: fanOutMs,
        withinSixtySeconds: fanOutMs >= 0 && fanOutMs <= FANOUT_LIMIT_MS,
        followerFeedMedianMs: feedMs.length ? round(median(feedMs), 2) : null,
        followerFeedP90Ms: feedMs.length ? round(percentile(feedMs, 90), 2) : null,
      }),
    );

  } finally {
    await background?.stop();
    await deps.realtime.close();
    await app.close();
    await deps.queue.stop({ timeoutMs: 5000 }).catch(() => undefined);
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

runBench(main);
