import { labelFormat, type ResolvedRange } from './dashboards.range.js';
import type { Query } from '../../platform/db/db.js';

/*
 * Reads of the rollups of migrations/0025 (content and ledger per UTC day, activity per week). A
 * window is read as its whole UTC days from the rollups, and its partial first and last day from
 * the rows themselves, so every figure is the one the rows give. A day's rollup is its folded
 * row plus the changes not folded yet.
 */

const DAY_MS = 86_400_000;

/**
 * The whole UTC days [from, to) inside the window; the rest of the window ([start, from) and
 * [to, end)) is read live. Hourly series cannot come from days, so they are read live whole.
 */
export function wholeDays(r: ResolvedRange): { from: Date; to: Date } {
  const from = Math.ceil(r.start.getTime() / DAY_MS) * DAY_MS;
  const to = Math.floor(r.end.getTime() / DAY_MS) * DAY_MS;
  if (r.bucket === 'hour' || from >= to) return { from: r.end, to: r.end };
  return { from: new Date(from), to: new Date(to) };
}

const dayBounds = (r: ResolvedRange) => {
  const days = wholeDays(r);
  return [days.from.toISOString(), days.to.toISOString()];
};

/** $1 start, $2 end, $3 bucket, $4 first whole day, $5 end of the whole days. */
const params = (r: ResolvedRange): string[] => [r.start.toISOString(), r.end.toISOString(), r.bucket, ...dayBounds(r)];

const dayOf = (p: string) => `(${p}::timestamptz AT TIME ZONE 'UTC')::date`;

/** One group of content created in a bucket of the window. */
export interface ContentGroup {
  date: string;
  contentType: string;
  model: string;
  status: string;
  items: number;
  refunds: number;
  charged: number;
  likes: number;
  comments: number;
  plays: number;
}

const CONTENT_MEASURES = 'items, refunds, charged, likes, comments, plays';
const CONTENT_LIVE = `content_type, model, status, 1, (refunded > 0)::int, charged, like_count, comment_count, play_count`;

/** Content created in the window, by bucket, type, model and status. */
export async function contentGroups(q: Query, r: ResolvedRange): Promise<ContentGroup[]> {
  const { rows } = await q.query<ContentGroup>(
    `WITH src (at, content_type, model, status, items, refunds, charged, likes, comments, plays) AS (
       SELECT day::timestamp, content_type, model, status, ${CONTENT_MEASURES}
       FROM content_daily WHERE day >= ${dayOf('$4')} AND day < ${dayOf('$5')}
       UNION ALL
       SELECT day::timestamp, content_type, model, status, ${CONTENT_MEASURES}
       FROM content_daily_changes WHERE day >= ${dayOf('$4')} AND day < ${dayOf('$5')}
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', ${CONTENT_LIVE}
       FROM content WHERE created_at >= $1::timestamptz AND created_at < $4::timestamptz
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', ${CONTENT_LIVE}
       FROM content WHERE created_at >= $5::timestamptz AND created_at < $2::timestamptz
     )
     SELECT to_char(date_trunc($3::text, at), ${labelFormat(r.bucket)}) AS date, content_type AS "contentType", model, status,
            sum(items)::int AS items, sum(refunds)::int AS refunds, sum(charged)::int AS charged,
            sum(likes)::int AS likes, sum(comments)::int AS comments, sum(plays)::int AS plays
     FROM src GROUP BY date_trunc($3::text, at), content_type, model, status HAVING sum(items) <> 0`,
    params(r),
  );
  return rows;
}

/** Every content item created before `end` (not range-bound). */
export async function contentCountBefore(q: Query, end: Date): Promise<number> {
  const to = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  const { rows } = await q.query<{ n: number }>(
    `SELECT ((SELECT coalesce(sum(items), 0) FROM content_daily WHERE day < ${dayOf('$1')})
           + (SELECT coalesce(sum(items), 0) FROM content_daily_changes WHERE day < ${dayOf('$1')})
           + (SELECT count(*) FROM content WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz))::int AS n`,
    [to.toISOString(), end.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** One kind of ledger entry in a bucket of the window: how many, and their sum. */
export interface LedgerGroup {
  date: string;
  kind: string;
  entries: number;
  total: number;
}

/** Ledger entries of the given kinds in the window, by bucket and kind. */
export async function ledgerGroups(q: Query, r: ResolvedRange, kinds: readonly string[]): Promise<LedgerGroup[]> {
  const { rows } = await q.query<LedgerGroup>(
    `WITH src (at, kind, entries, total) AS (
       SELECT day::timestamp, kind, entries, total
       FROM ledger_daily WHERE day >= ${dayOf('$4')} AND day < ${dayOf('$5')} AND kind = ANY($6::text[])
       UNION ALL
       SELECT day::timestamp, kind, entries, total
       FROM ledger_daily_changes WHERE day >= ${dayOf('$4')} AND day < ${dayOf('$5')} AND kind = ANY($6::text[])
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', kind, 1, delta
       FROM credit_ledger WHERE created_at >= $1::timestamptz AND created_at < $4::timestamptz AND kind = ANY($6::text[])
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', kind, 1, delta
       FROM credit_ledger WHERE created_at >= $5::timestamptz AND created_at < $2::timestamptz AND kind = ANY($6::text[])
     )
     SELECT to_char(date_trunc($3::text, at), ${labelFormat(r.bucket)}) AS date, kind,
            sum(entries)::int AS entries, sum(total)::int AS total
     FROM src GROUP BY date_trunc($3::text, at), kind HAVING sum(entries) <> 0`,
    [...params(r), [...kinds]],
  );
  return rows;
}

/**
 * People of the window's signup cohorts who created content k weeks after their signup week
 * (k = 0..8), by signup week (Monday, UTC) and k: whole signup days from cohort_daily, the partial
 * first and last day from the people's weeks.
 */
export async function activeByCohortWeek(q: Query, r: ResolvedRange): Promise<{ week: string; k: number; users: number }[]> {
  const { rows } = await q.query<{ week: string; k: number; users: number }>(
    `WITH src (signup_week, k, users) AS (
       SELECT date_trunc('week', signup_day::timestamp)::date, k, users
       FROM cohort_daily WHERE signup_day >= ${dayOf('$3')} AND signup_day < ${dayOf('$4')}
       UNION ALL
       SELECT date_trunc('week', signup_day::timestamp)::date, k, users
       FROM cohort_daily_changes WHERE signup_day >= ${dayOf('$3')} AND signup_day < ${dayOf('$4')}
       UNION ALL
       SELECT signup_week, ((week - signup_week) / 7)::smallint, 1
       FROM user_activity_weeks WHERE signed_up_at >= $1::timestamptz AND signed_up_at < $3::timestamptz
       UNION ALL
       SELECT signup_week, ((week - signup_week) / 7)::smallint, 1
       FROM user_activity_weeks WHERE signed_up_at >= $4::timestamptz AND signed_up_at < $2::timestamptz
     )
     SELECT to_char(signup_week, 'YYYY-MM-DD') AS week, k::int AS k, sum(users)::int AS users
     FROM src GROUP BY signup_week, k HAVING sum(users) <> 0`,
    [r.start.toISOString(), r.end.toISOString(), ...dayBounds(r)],
  );
  return rows;
}

/** People who signed up in the window and created content within 7 days of signing up. */
export async function activatedCount(q: Query, r: ResolvedRange): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(DISTINCT user_id)::int AS n FROM user_activity_weeks
     WHERE signed_up_at >= $1::timestamptz AND signed_up_at < $2::timestamptz
       AND week - signup_week <= 7 AND first_at < signed_up_at + interval '7 days'`,
    [r.start.toISOString(), r.end.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Folds the changes into the daily rollups, in one statement per table. Several processes may
 * fold at once: a change row is deleted (and so added) by one of them only.
 */
export async function foldRollups(q: Query): Promise<void> {
  await q.query(
    `WITH moved AS (DELETE FROM content_daily_changes RETURNING *)
     INSERT INTO content_daily AS d (day, content_type, model, status, ${CONTENT_MEASURES})
     SELECT day, content_type, model, status, sum(items), sum(refunds), sum(charged), sum(likes), sum(comments), sum(plays)
     FROM moved GROUP BY day, content_type, model, status
     ON CONFLICT (day, content_type, model, status) DO UPDATE SET
       items = d.items + excluded.items, refunds = d.refunds + excluded.refunds, charged = d.charged + excluded.charged,
       likes = d.likes + excluded.likes, comments = d.comments + excluded.comments, plays = d.plays + excluded.plays`,
  );
  await q.query(
    `WITH moved AS (DELETE FROM ledger_daily_changes RETURNING *)
     INSERT INTO ledger_daily AS d (day, kind, entries, total)
     SELECT day, kind, sum(entries), sum(total) FROM moved GROUP BY day, kind
     ON CONFLICT (day, kind) DO UPDATE SET entries = d.entries + excluded.entries, total = d.total + excluded.total`,
  );
  // A group whose rows are all gone (deleted, or moved to another status) has nothing left to say.
  await q.query(
    `WITH moved AS (DELETE FROM cohort_daily_changes RETURNING *)
     INSERT INTO cohort_daily AS d (signup_day, k, users)
     SELECT signup_day, k, sum(users) FROM moved GROUP BY signup_day, k
     ON CONFLICT (signup_day, k) DO UPDATE SET users = d.users + excluded.users`,
  );
  await q.query(
    `WITH moved AS (DELETE FROM users_daily_changes RETURNING *)
     INSERT INTO users_daily AS d (day, role, is_verified, is_deleted, users)
     SELECT day, role, is_verified, is_deleted, sum(users) FROM moved GROUP BY day, role, is_verified, is_deleted
     ON CONFLICT (day, role, is_verified, is_deleted) DO UPDATE SET users = d.users + excluded.users`,
  );
  await q.query(`DELETE FROM content_daily WHERE items = 0`);
  await q.query(`DELETE FROM ledger_daily WHERE entries = 0`);
  await q.query(`DELETE FROM cohort_daily WHERE users = 0`);
  await q.query(`DELETE FROM users_daily WHERE users = 0`);
}

/** Accounts by UTC day of signup ('YYYY-MM-DD'), role, verification and deletion. */
export interface UserGroup {
  day: string;
  role: string;
  isVerified: boolean;
  isDeleted: boolean;
  users: number;
}

/**
 * Accounts that signed up in [start, end), or before `end` when start is null: whole days from
 * users_daily, the partial first and last day from users.
 */
export async function userGroups(q: Query, start: Date | null, end: Date, bucket: ResolvedRange['bucket'] = 'day'): Promise<UserGroup[]> {
  const days = start
    ? wholeDays({ start, end, bucket, timeRange: null })
    : { from: null, to: new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS) };
  const iso = (d: Date | null) => d?.toISOString() ?? '-infinity';
  const live = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), role, is_verified, deleted_at IS NOT NULL, 1`;
  const { rows } = await q.query<UserGroup>(
    `WITH src (day, role, is_verified, is_deleted, users) AS (
       SELECT to_char(day, 'YYYY-MM-DD'), role, is_verified, is_deleted, users
       FROM users_daily WHERE day >= ${dayOf('$3')} AND day < ${dayOf('$4')}
       UNION ALL
       SELECT to_char(day, 'YYYY-MM-DD'), role, is_verified, is_deleted, users
       FROM users_daily_changes WHERE day >= ${dayOf('$3')} AND day < ${dayOf('$4')}
       UNION ALL
       SELECT ${live} FROM users WHERE created_at >= $1::timestamptz AND created_at < $3::timestamptz
       UNION ALL
       SELECT ${live} FROM users WHERE created_at >= $4::timestamptz AND created_at < $2::timestamptz
     )
     SELECT day, role, is_verified AS "isVerified", is_deleted AS "isDeleted", sum(users)::int AS users
     FROM src GROUP BY day, role, is_verified, is_deleted HAVING sum(users) <> 0`,
    [iso(start), end.toISOString(), iso(days.from), days.to.toISOString()],
  );
  return rows;
}
