import fs from 'node:fs';
import path from 'node:path';
import type { CohortRow } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/db.js';
import { migrationsDir } from '../src/platform/db/migrate.js';
import { bucketFor, labelFormat, type ResolvedRange } from '../src/modules/dashboards/dashboards.range.js';
import { activation, COHORT_WEEKS, retentionCohorts, signupDays, verifiedCounts } from '../src/modules/dashboards/dashboards.repository.js';
import { contentGroups, foldRollups, ledgerGroups } from '../src/modules/dashboards/dashboards-rollups.repository.js';
import { openTestDatabase } from './app.js';

/*
 * The rollups of migrations/0025 against the rows they sum. The database starts without the
 * migration's objects and with rows already in it, so the migration's backfill is what fills the
 * rollups first; then every kind of write the product makes is applied and the rollups must still
 * equal what the rows say, before and after folding.
 */

const MIGRATION = '0025_dashboard_rollups.sql';
const DAY = 86_400_000;
let db: Database;

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, int: (n: number) => Math.floor(next() * n) };
}

const rnd = generator(20_251_126);
const BASE = Date.parse('2025-01-06T00:00:00Z'); // a Monday
const MODELS = [
  { model: 'photo-a', contentType: 'photo' },
  { model: 'photo-b', contentType: 'photo' },
  { model: 'video-a', contentType: 'video' },
  { model: 'gif-a', contentType: 'gif' },
] as const;
const STATUSES = ['queued', 'processing', 'ready', 'ready', 'ready', 'failed'] as const;
const KINDS = ['generation_charge', 'refund', 'purchase', 'signup_grant'] as const;
const userIds: string[] = [];
const contentIds: string[] = [];

async function addUser(i: number, at: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [`Roll ${i}`, `roll_${i}`, `roll${i}@example.test`, `ROLL${i}`, new Date(at).toISOString()],
  );
  return rows[0]!.id;
}

async function addContent(userId: string, at: number): Promise<string> {
  const m = rnd.pick(MODELS);
  const status = rnd.pick(STATUSES);
  const charged = 5 + rnd.int(20);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO content (user_id, title, prompt, model, content_type, status, seed, cost, charged, refunded,
                          like_count, comment_count, play_count, created_at)
     VALUES ($1, 'Roll', 'prompt', $2, $3, $4, 1, $5, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      userId,
      m.model,
      m.contentType,
      status,
      charged,
      status === 'failed' ? charged : 0,
      rnd.int(9),
      rnd.int(4),
      rnd.int(30),
      new Date(at).toISOString(),
    ],
  );
  return rows[0]!.id;
}

async function addLedger(userId: string, at: number, n: number): Promise<void> {
  const kind = rnd.pick(KINDS);
  const delta = (kind === 'generation_charge' ? -1 : 1) * (1 + rnd.int(40));
  await db.query(
    `INSERT INTO credit_ledger (user_id, delta, kind, idempotency_key, balance_after, created_at)
     VALUES ($1, $2, $3, $4, 0, $5)`,
    [userId, delta, kind, `roll:${n}`, new Date(at).toISOString()],
  );
}

/** People signing up over 12 weeks, each making content and ledger entries after that, at any hour. */
async function seedRows(from: number, users: number) {
  for (let i = from; i < from + users; i++) {
    const signup = BASE + rnd.int(12 * 7 * DAY);
    const id = await addUser(i, signup);
    userIds.push(id);
    const pieces = rnd.int(12);
    for (let k = 0; k < pieces; k++) {
      contentIds.push(await addContent(id, signup + rnd.int(14 * 7 * DAY)));
      await addLedger(id, signup + rnd.int(14 * 7 * DAY), i * 100 + k);
    }
    // Now and then an item dated before the signup (imported work): it counts for retention in
    // the signup week, not for activation.
    if (rnd.next() < 0.15) contentIds.push(await addContent(id, signup - 1 - rnd.int(3 * DAY)));
  }
}

/** Rows where the rollups (folded plus unfolded) and the source rows disagree; empty when right. */
async function drift(): Promise<Record<string, unknown[]>> {
  const content = await db.query(
    `WITH r AS (
       SELECT day, content_type, model, status, sum(items)::bigint AS items, sum(refunds)::bigint AS refunds,
              sum(charged)::bigint AS charged, sum(likes)::bigint AS likes, sum(comments)::bigint AS comments,
              sum(plays)::bigint AS plays
       FROM (SELECT * FROM content_daily UNION ALL SELECT * FROM content_daily_changes) x
       GROUP BY 1, 2, 3, 4 HAVING sum(items) <> 0
     ), l AS (
       SELECT (created_at AT TIME ZONE 'UTC')::date AS day, content_type, model, status, count(*)::bigint AS items,
              count(*) FILTER (WHERE refunded > 0)::bigint AS refunds, sum(charged)::bigint AS charged,
              sum(like_count)::bigint AS likes, sum(comment_count)::bigint AS comments, sum(play_count)::bigint AS plays
       FROM content GROUP BY 1, 2, 3, 4
     )
     (SELECT 'rollup' AS side, * FROM (SELECT * FROM r EXCEPT ALL SELECT * FROM l) a)
     UNION ALL (SELECT 'rows' AS side, * FROM (SELECT * FROM l EXCEPT ALL SELECT * FROM r) b)`,
  );
  const ledger = await db.query(
    `WITH r AS (
       SELECT day, kind, sum(entries)::bigint AS entries, sum(total)::bigint AS total
       FROM (SELECT * FROM ledger_daily UNION ALL SELECT * FROM ledger_daily_changes) x
       GROUP BY 1, 2 HAVING sum(entries) <> 0
     ), l AS (
       SELECT (created_at AT TIME ZONE 'UTC')::date AS day, kind, count(*)::bigint AS entries, sum(delta)::bigint AS total
       FROM credit_ledger GROUP BY 1, 2
     )
     (SELECT 'rollup' AS side, * FROM (SELECT * FROM r EXCEPT ALL SELECT * FROM l) a)
     UNION ALL (SELECT 'rows' AS side, * FROM (SELECT * FROM l EXCEPT ALL SELECT * FROM r) b)`,
  );
  const activity = await db.query(
    `WITH r AS (SELECT user_id, week, signup_week, signed_up_at, first_at FROM user_activity_weeks),
     l AS (
       SELECT c.user_id, date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date AS week,
              date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date AS signup_week, u.created_at AS signed_up_at,
              min(c.created_at) FILTER (WHERE c.created_at >= u.created_at) AS first_at
       FROM content c JOIN users u ON u.id = c.user_id
       WHERE date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date - date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date
             BETWEEN 0 AND 56
       GROUP BY 1, 2, 3, 4
     )
     (SELECT 'rollup' AS side, * FROM (SELECT * FROM r EXCEPT ALL SELECT * FROM l) a)
     UNION ALL (SELECT 'rows' AS side, * FROM (SELECT * FROM l EXCEPT ALL SELECT * FROM r) b)`,
  );
  const cohorts = await db.query(
    `WITH r AS (
       SELECT signup_day, k, sum(users)::bigint AS users
       FROM (SELECT * FROM cohort_daily UNION ALL SELECT * FROM cohort_daily_changes) x
       GROUP BY 1, 2 HAVING sum(users) <> 0
     ), l AS (
       SELECT (signed_up_at AT TIME ZONE 'UTC')::date AS signup_day, ((week - signup_week) / 7)::smallint AS k, count(*)::bigint AS users
       FROM user_activity_weeks GROUP BY 1, 2
     )
     (SELECT 'rollup' AS side, * FROM (SELECT * FROM r EXCEPT ALL SELECT * FROM l) a)
     UNION ALL (SELECT 'rows' AS side, * FROM (SELECT * FROM l EXCEPT ALL SELECT * FROM r) b)`,
  );
  const users = await db.query(
    `WITH r AS (
       SELECT day, role, is_verified, is_deleted, sum(users)::bigint AS users
       FROM (SELECT * FROM users_daily UNION ALL SELECT * FROM users_daily_changes) x
       GROUP BY 1, 2, 3, 4 HAVING sum(users) <> 0
     ), l AS (
       SELECT (created_at AT TIME ZONE 'UTC')::date AS day, role, is_verified, deleted_at IS NOT NULL AS is_deleted,
              count(*)::bigint AS users
       FROM users GROUP BY 1, 2, 3, 4
     )
     (SELECT 'rollup' AS side, * FROM (SELECT * FROM r EXCEPT ALL SELECT * FROM l) a)
     UNION ALL (SELECT 'rows' AS side, * FROM (SELECT * FROM l EXCEPT ALL SELECT * FROM r) b)`,
  );
  return { content: content.rows, ledger: ledger.rows, activity: activity.rows, cohorts: cohorts.rows, users: users.rows };
}

const NO_DRIFT = { content: [], ledger: [], activity: [], cohorts: [], users: [] };

async function unfolded(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM content_daily_changes) + (SELECT count(*) FROM ledger_daily_changes)
             + (SELECT count(*) FROM cohort_daily_changes) + (SELECT count(*) FROM users_daily_changes))::int AS n`,
  );
  return rows[0]!.n;
}

/** The retention query the rollup replaced, as it was. */
async function retentionFromContent(r: ResolvedRange, now: Date): Promise<CohortRow[]> {
  const window = [r.start.toISOString(), r.end.toISOString()];
  const cohortCte = `cohort AS (
    SELECT id, date_trunc('week', created_at AT TIME ZONE 'UTC') AS w FROM users
    WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz
  )`;
  const { rows: sizes } = await db.query<{ week: string; size: number }>(
    `WITH ${cohortCte} SELECT to_char(w, 'YYYY-MM-DD') AS week, count(*)::int AS size FROM cohort GROUP BY w ORDER BY w`,
    window,
  );
  const { rows: active } = await db.query<{ week: string; k: number; users: number }>(
    `WITH ${cohortCte},
     a AS (SELECT DISTINCT cohort.id, cohort.w,
                  ((date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date - cohort.w::date) / 7)::int AS k
           FROM cohort JOIN content c ON c.user_id = cohort.id)
     SELECT to_char(w, 'YYYY-MM-DD') AS week, k, count(*)::int AS users
     FROM a WHERE k BETWEEN 0 AND ${COHORT_WEEKS} GROUP BY w, k`,
    window,
  );
  const counts = new Map(active.map((a) => [`${a.week}:${a.k}`, a.users]));
  return sizes.map(({ week, size }) => {
    const weekStart = Date.parse(`${week}T00:00:00Z`);
    const retention = Array.from({ length: COHORT_WEEKS + 1 }, (_, k) =>
      weekStart + k * 7 * DAY > now.getTime() ? null : size > 0 ? (counts.get(`${week}:${k}`) ?? 0) / size : 0,
    );
    return { week, size, retention };
  });
}

/** The activation query the rollup replaced, as it was. */
async function activationFromContent(r: ResolvedRange) {
  const { rows } = await db.query<{ newUsers: number; activated: number }>(
    `SELECT count(*)::int AS "newUsers",
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM content c WHERE c.user_id = u.id
                AND c.created_at >= u.created_at AND c.created_at < u.created_at + interval '7 days'
            ))::int AS activated
     FROM users u WHERE u.created_at >= $1::timestamptz AND u.created_at < $2::timestamptz`,
    [r.start.toISOString(), r.end.toISOString()],
  );
  const row = rows[0]!;
  return { ...row, rate: row.newUsers > 0 ? row.activated / row.newUsers : 0 };
}

const range = (start: string, end: string): ResolvedRange => {
  const s = new Date(start);
  const e = new Date(end);
  return { start: s, end: e, bucket: bucketFor(e.getTime() - s.getTime()), timeRange: null };
};

/** Windows with whole and partial days, in every bucket size. */
const WINDOWS = [
  range('2025-01-06T00:00:00Z', '2025-05-01T00:00:00Z'), // whole days, weekly buckets
  range('2025-01-20T13:17:00Z', '2025-03-02T08:45:30Z'), // partial first and last day, daily buckets
  range('2025-02-03T05:00:00Z', '2025-02-04T04:00:00Z'), // under a day: hourly, all live
  range('2025-02-10T22:00:00Z', '2025-02-11T03:00:00Z'), // across midnight, no whole day
  range('2024-06-01T12:00:00Z', '2026-06-01T12:00:00Z'), // two years: monthly buckets
  range('2025-03-15T00:00:00Z', '2025-03-15T23:59:59Z'), // one day but its end is not whole
];

const sortRows = <T>(rows: T[]) => [...rows].map((r) => JSON.stringify(r)).sort();

async function liveContentGroups(r: ResolvedRange) {
  const { rows } = await db.query(
    `SELECT to_char(date_trunc($3::text, created_at AT TIME ZONE 'UTC'), ${labelFormat(r.bucket)}) AS date,
            content_type AS "contentType", model, status, count(*)::int AS items,
            count(*) FILTER (WHERE refunded > 0)::int AS refunds, sum(charged)::int AS charged,
            sum(like_count)::int AS likes, sum(comment_count)::int AS comments, sum(play_count)::int AS plays
     FROM content WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz
     GROUP BY date_trunc($3::text, created_at AT TIME ZONE 'UTC'), content_type, model, status`,
    [r.start.toISOString(), r.end.toISOString(), r.bucket],
  );
  return rows;
}

async function liveLedgerGroups(r: ResolvedRange, kinds: string[]) {
  const { rows } = await db.query(
    `SELECT to_char(date_trunc($3::text, created_at AT TIME ZONE 'UTC'), ${labelFormat(r.bucket)}) AS date, kind,
            count(*)::int AS entries, sum(delta)::int AS total
     FROM credit_ledger WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz AND kind = ANY($4::text[])
     GROUP BY date_trunc($3::text, created_at AT TIME ZONE 'UTC'), kind`,
    [r.start.toISOString(), r.end.toISOString(), r.bucket, kinds],
  );
  return rows;
}

async function expectWindowsMatchRows() {
  const now = new Date('2025-04-02T15:00:00Z');
  for (const r of WINDOWS) {
    expect(sortRows(await contentGroups(db, r)), `content ${r.start.toISOString()}`).toEqual(
      sortRows(await liveContentGroups(r)),
    );
    const kinds = ['generation_charge', 'refund', 'purchase'];
    expect(sortRows(await ledgerGroups(db, r, kinds)), `ledger ${r.start.toISOString()}`).toEqual(
      sortRows(await liveLedgerGroups(r, kinds)),
    );
    expect(await retentionCohorts(db, r, now), `retention ${r.start.toISOString()}`).toEqual(
      await retentionFromContent(r, now),
    );
    expect(await activation(db, r), `activation ${r.start.toISOString()}`).toEqual(await activationFromContent(r));
    const { rows: people } = await db.query<{ n: number; total: number; verified: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz) AS n,
              (SELECT count(*)::int FROM users WHERE deleted_at IS NULL AND created_at < $2::timestamptz) AS total,
              (SELECT count(*)::int FROM users WHERE deleted_at IS NULL AND is_verified AND created_at < $2::timestamptz) AS verified`,
      [r.start.toISOString(), r.end.toISOString()],
    );
    expect((await signupDays(db, r)).reduce((s, d) => s + d.n, 0)).toBe(people[0]!.n);
    expect(await verifiedCounts(db, r)).toEqual({ total: people[0]!.total, verified: people[0]!.verified });
  }
}

beforeAll(async () => {
  db = await openTestDatabase();
  // The database as it was before migration 0025, with rows in it.
  await db.exec(`
    DROP TABLE content_daily, content_daily_changes, ledger_daily, ledger_daily_changes, user_activity_weeks, cohort_daily,
               cohort_daily_changes, users_daily, users_daily_changes;
    DROP FUNCTION content_rollups_inserted, content_rollups_deleted, content_rollups_updated, user_activity_signup_moved,
                  user_activity_recount, cohort_rollups_changed, users_rollups_inserted, users_rollups_deleted,
                  users_rollups_updated,
                  ledger_rollups_inserted, ledger_rollups_deleted, ledger_rollups_updated CASCADE;
    DELETE FROM schema_migrations WHERE name = '${MIGRATION}';
  `);
  await seedRows(0, 40);
  const sqlText = fs.readFileSync(path.join(migrationsDir(), MIGRATION), 'utf8');
  await db.exec(`BEGIN;\n${sqlText}\nINSERT INTO schema_migrations (name) VALUES ('${MIGRATION}');\nCOMMIT;`);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('dashboard rollups', () => {
  it('the migration fills them from the rows already there', async () => {
    expect(contentIds.length).toBeGreaterThan(100);
    expect(await unfolded()).toBe(0);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_activity_weeks`);
    expect(rows[0]!.n).toBeGreaterThan(20);
    expect(await drift()).toEqual(NO_DRIFT);
    await expectWindowsMatchRows();
  });

  it('stay exact through new content, status changes, refunds, counters and deletions, before and after folding', async () => {
    await seedRows(40, 15);
    expect(await unfolded()).toBeGreaterThan(0);
    expect(await drift()).toEqual(NO_DRIFT);

    // The generation lifecycle: queued → processing → ready or failed and refunded.
    await db.query(`UPDATE content SET status = 'processing' WHERE status = 'queued'`);
    await db.query(`UPDATE content SET status = 'failed', refunded = charged WHERE id = ANY($1::uuid[])`, [contentIds.slice(0, 15)]);
    await db.query(`UPDATE content SET status = 'ready' WHERE status = 'processing' AND id = ANY($1::uuid[])`, [contentIds.slice(15, 60)]);
    // Likes, comments and plays counted on the item; a progress write that changes none of them.
    await db.query(`UPDATE content SET like_count = like_count + 1, play_count = play_count + 3 WHERE id = ANY($1::uuid[])`, [
      contentIds.slice(30, 90),
    ]);
    await db.query(`UPDATE content SET comment_count = greatest(comment_count - 1, 0) WHERE id = ANY($1::uuid[])`, [contentIds.slice(50, 70)]);
    await db.query(`UPDATE content SET progress = 50, title = 'Renamed' WHERE id = ANY($1::uuid[])`, [contentIds.slice(0, 40)]);
    expect(await drift()).toEqual(NO_DRIFT);

    await foldRollups(db);
    expect(await unfolded()).toBe(0);
    expect(await drift()).toEqual(NO_DRIFT);

    // Deletions: single items, then every item of some people (a whole week of activity goes).
    await db.query(`DELETE FROM content WHERE id = ANY($1::uuid[])`, [contentIds.slice(100, 130)]);
    await db.query(`DELETE FROM content WHERE user_id = ANY($1::uuid[])`, [userIds.slice(0, 5)]);
    // A signup moved (fixtures and imports do it), and content moved in time.
    await db.query(`UPDATE users SET created_at = created_at - interval '10 days' WHERE id = ANY($1::uuid[])`, [userIds.slice(5, 10)]);
    await db.query(`UPDATE content SET created_at = created_at + interval '9 days 5 hours' WHERE id = ANY($1::uuid[])`, [
      contentIds.slice(200, 230),
    ]);
    // A ledger entry corrected, and an account removed outright with everything it owned.
    await db.query(`UPDATE credit_ledger SET created_at = created_at - interval '2 days' WHERE user_id = ANY($1::uuid[])`, [
      userIds.slice(10, 14),
    ]);
    await db.query(`DELETE FROM users WHERE id = $1`, [userIds[20]]);
    // Accounts verified, promoted and deleted (anonymised rows stay, with deleted_at set).
    await db.query(`UPDATE users SET is_verified = true WHERE id = ANY($1::uuid[])`, [userIds.slice(21, 30)]);
    await db.query(`UPDATE users SET role = 'admin' WHERE id = ANY($1::uuid[])`, [userIds.slice(25, 27)]);
    await db.query(`UPDATE users SET deleted_at = now() WHERE id = ANY($1::uuid[])`, [userIds.slice(28, 32)]);
    expect(await drift()).toEqual(NO_DRIFT);
    await expectWindowsMatchRows();

    await foldRollups(db);
    expect(await unfolded()).toBe(0);
    expect(await drift()).toEqual(NO_DRIFT);
    // Nothing folded is left at zero.
    const { rows } = await db.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM content_daily WHERE items = 0) + (SELECT count(*) FROM ledger_daily WHERE entries = 0)
               + (SELECT count(*) FROM cohort_daily WHERE users = 0) + (SELECT count(*) FROM users_daily WHERE users = 0))::int AS n`,
    );
    expect(rows[0]!.n).toBe(0);
    await expectWindowsMatchRows();
  });

  it('folding twice at once adds each change once', async () => {
    await seedRows(55, 8);
    await Promise.all([foldRollups(db), foldRollups(db)]);
    expect(await unfolded()).toBe(0);
    expect(await drift()).toEqual(NO_DRIFT);
  });
});
