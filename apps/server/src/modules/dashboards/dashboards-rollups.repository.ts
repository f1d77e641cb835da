import { sql, type SQL } from 'drizzle-orm';
import { labelFormat, type ResolvedRange } from './dashboards.range.js';
import { executeRows, type Database } from '../../platform/db/db.js';
import { usersTable } from '../auth/index.js';
import { contentTable } from '../content/index.js';
import { creditLedgerTable } from '../credits/index.js';

/*
 * Reads of the rollups of migrations/0025 (content and ledger per UTC day, activity per week). A
 * window is read as its whole UTC days from the rollups, and its partial first and last day from
 * the rows themselves, so every figure is the one the rows give. A day's rollup is its folded
 * row plus the changes not folded yet. The rows themselves are read through the tables their
 * owners' faces hand out for read-only joins (contentTable, creditLedgerTable, usersTable).
 */

/** What the dashboards need of the database: drizzle, for every statement. */
export type DashboardsDb = Pick<Database, 'db'>;

export const rowsOf = <T>(q: DashboardsDb, query: SQL): Promise<T[]> => executeRows<T>(q.db, query);

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

/** An instant as a timestamptz parameter ('-infinity' stays as it is). */
const instant = (d: Date | string) => sql`${d instanceof Date ? d.toISOString() : d}::timestamptz`;

/** The window's instants: start, end, first whole day, end of the whole days. */
function bounds(r: ResolvedRange) {
  const days = wholeDays(r);
  return { start: instant(r.start), end: instant(r.end), from: instant(days.from), to: instant(days.to) };
}

const dayOf = (p: SQL) => sql`(${p} AT TIME ZONE 'UTC')::date`;

/**
 * The bucket unit as a literal (one of hour, day, week, month): the grouping and the label then
 * name the same expression.
 */
export const unitOf = (bucket: ResolvedRange['bucket']) => sql.raw(`'${bucket}'::text`);

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

const CONTENT_MEASURES = sql.raw('items, refunds, charged, likes, comments, plays');
const CONTENT_LIVE = sql.raw(`content_type, model, status, 1, (refunded > 0)::int, charged, like_count, comment_count, play_count`);

/** Content created in the window, by bucket, type, model and status. */
export async function contentGroups(q: DashboardsDb, r: ResolvedRange): Promise<ContentGroup[]> {
  const b = bounds(r);
  const unit = unitOf(r.bucket);
  return rowsOf<ContentGroup>(
    q,
    sql`WITH src (at, content_type, model, status, items, refunds, charged, likes, comments, plays) AS (
       SELECT day::timestamp, content_type, model, status, ${CONTENT_MEASURES}
       FROM content_daily WHERE day >= ${dayOf(b.from)} AND day < ${dayOf(b.to)}
       UNION ALL
       SELECT day::timestamp, content_type, model, status, ${CONTENT_MEASURES}
       FROM content_daily_changes WHERE day >= ${dayOf(b.from)} AND day < ${dayOf(b.to)}
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', ${CONTENT_LIVE}
       FROM ${contentTable} WHERE created_at >= ${b.start} AND created_at < ${b.from}
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', ${CONTENT_LIVE}
       FROM ${contentTable} WHERE created_at >= ${b.to} AND created_at < ${b.end}
     )
     SELECT to_char(date_trunc(${unit}, at), ${sql.raw(labelFormat(r.bucket))}) AS date, content_type AS "contentType", model, status,
            sum(items)::int AS items, sum(refunds)::int AS refunds, sum(charged)::int AS charged,
            sum(likes)::int AS likes, sum(comments)::int AS comments, sum(plays)::int AS plays
     FROM src GROUP BY date_trunc(${unit}, at), content_type, model, status HAVING sum(items) <> 0`,
  );
}

/** Every content item created before `end` (not range-bound). */
export async function contentCountBefore(q: DashboardsDb, end: Date): Promise<number> {
  const to = instant(new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS));
  const rows = await rowsOf<{ n: number }>(
    q,
    sql`SELECT ((SELECT coalesce(sum(items), 0) FROM content_daily WHERE day < ${dayOf(to)})
           + (SELECT coalesce(sum(items), 0) FROM content_daily_changes WHERE day < ${dayOf(to)})
           + (SELECT count(*) FROM ${contentTable} WHERE created_at >= ${to} AND created_at < ${instant(end)}))::int AS n`,
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
export async function ledgerGroups(q: DashboardsDb, r: ResolvedRange, kinds: readonly string[]): Promise<LedgerGroup[]> {
  const b = bounds(r);
  const unit = unitOf(r.bucket);
  const ofKinds = () => sql`kind = ANY(${sql.param([...kinds])}::text[])`;
  return rowsOf<LedgerGroup>(
    q,
    sql`WITH src (at, kind, entries, total) AS (
       SELECT day::timestamp, kind, entries, total
       FROM ledger_daily WHERE day >= ${dayOf(b.from)} AND day < ${dayOf(b.to)} AND ${ofKinds()}
       UNION ALL
       SELECT day::timestamp, kind, entries, total
       FROM ledger_daily_changes WHERE day >= ${dayOf(b.from)} AND day < ${dayOf(b.to)} AND ${ofKinds()}
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', kind, 1, delta
       FROM ${creditLedgerTable} WHERE created_at >= ${b.start} AND created_at < ${b.from} AND ${ofKinds()}
       UNION ALL
       SELECT created_at AT TIME ZONE 'UTC', kind, 1, delta
       FROM ${creditLedgerTable} WHERE created_at >= ${b.to} AND created_at < ${b.end} AND ${ofKinds()}
     )
     SELECT to_char(date_trunc(${unit}, at), ${sql.raw(labelFormat(r.bucket))}) AS date, kind,
            sum(entries)::int AS entries, sum(total)::int AS total
     FROM src GROUP BY date_trunc(${unit}, at), kind HAVING sum(entries) <> 0`,
  );
}

/**
 * People of the window's signup cohorts who created content k weeks after their signup week
 * (k = 0..8), by signup week (Monday, UTC) and k: whole signup days from cohort_daily, the partial
 * first and last day from the people's weeks.
 */
export async function activeByCohortWeek(q: DashboardsDb, r: ResolvedRange): Promise<{ week: string; k: number; users: number }[]> {
  const b = bounds(r);
  return rowsOf<{ week: string; k: number; users: number }>(
    q,
    sql`WITH src (signup_week, k, users) AS (
       SELECT date_trunc('week', signup_day::timestamp)::date, k, users
       FROM cohort_daily WHERE signup_day >= ${dayOf(b.from)} AND signup_day < ${dayOf(b.to)}
       UNION ALL
       SELECT date_trunc('week', signup_day::timestamp)::date, k, users
       FROM cohort_daily_changes WHERE signup_day >= ${dayOf(b.from)} AND signup_day < ${dayOf(b.to)}
       UNION ALL
       SELECT signup_week, ((week - signup_week) / 7)::smallint, 1
       FROM user_activity_weeks WHERE signed_up_at >= ${b.start} AND signed_up_at < ${b.from}
       UNION ALL
       SELECT signup_week, ((week - signup_week) / 7)::smallint, 1
       FROM user_activity_weeks WHERE signed_up_at >= ${b.to} AND signed_up_at < ${b.end}
     )
     SELECT to_char(signup_week, 'YYYY-MM-DD') AS week, k::int AS k, sum(users)::int AS users
     FROM src GROUP BY signup_week, k HAVING sum(users) <> 0`,
  );
}

/** People who signed up in the window and created content within 7 days of signing up. */
export async function activatedCount(q: DashboardsDb, r: ResolvedRange): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    q,
    sql`SELECT count(DISTINCT user_id)::int AS n FROM user_activity_weeks
     WHERE signed_up_at >= ${instant(r.start)} AND signed_up_at < ${instant(r.end)}
       AND week - signup_week <= 7 AND first_at < signed_up_at + interval '7 days'`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Folds the changes into the daily rollups, in one statement per table. Several processes may
 * fold at once: a change row is deleted (and so added) by one of them only.
 */
export async function foldRollups(q: DashboardsDb): Promise<void> {
  await q.db.execute(
    sql`WITH moved AS (DELETE FROM content_daily_changes RETURNING *)
     INSERT INTO content_daily AS d (day, content_type, model, status, ${CONTENT_MEASURES})
     SELECT day, content_type, model, status, sum(items), sum(refunds), sum(charged), sum(likes), sum(comments), sum(plays)
     FROM moved GROUP BY day, content_type, model, status
     ON CONFLICT (day, content_type, model, status) DO UPDATE SET
       items = d.items + excluded.items, refunds = d.refunds + excluded.refunds, charged = d.charged + excluded.charged,
       likes = d.likes + excluded.likes, comments = d.comments + excluded.comments, plays = d.plays + excluded.plays`,
  );
  await q.db.execute(
    sql`WITH moved AS (DELETE FROM ledger_daily_changes RETURNING *)
     INSERT INTO ledger_daily AS d (day, kind, entries, total)
     SELECT day, kind, sum(entries), sum(total) FROM moved GROUP BY day, kind
     ON CONFLICT (day, kind) DO UPDATE SET entries = d.entries + excluded.entries, total = d.total + excluded.total`,
  );
  // A group whose rows are all gone (deleted, or moved to another status) has nothing left to say.
  await q.db.execute(
    sql`WITH moved AS (DELETE FROM cohort_daily_changes RETURNING *)
     INSERT INTO cohort_daily AS d (signup_day, k, users)
     SELECT signup_day, k, sum(users) FROM moved GROUP BY signup_day, k
     ON CONFLICT (signup_day, k) DO UPDATE SET users = d.users + excluded.users`,
  );
  await q.db.execute(
    sql`WITH moved AS (DELETE FROM users_daily_changes RETURNING *)
     INSERT INTO users_daily AS d (day, role, is_verified, is_deleted, users)
     SELECT day, role, is_verified, is_deleted, sum(users) FROM moved GROUP BY day, role, is_verified, is_deleted
     ON CONFLICT (day, role, is_verified, is_deleted) DO UPDATE SET users = d.users + excluded.users`,
  );
  await q.db.execute(sql`DELETE FROM content_daily WHERE items = 0`);
  await q.db.execute(sql`DELETE FROM ledger_daily WHERE entries = 0`);
  await q.db.execute(sql`DELETE FROM cohort_daily WHERE users = 0`);
  await q.db.execute(sql`DELETE FROM users_daily WHERE users = 0`);
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
export async function userGroups(
  q: DashboardsDb,
  start: Date | null,
  end: Date,
  bucket: ResolvedRange['bucket'] = 'day',
): Promise<UserGroup[]> {
  const days = start
    ? wholeDays({ start, end, bucket, timeRange: null })
    : { from: null, to: new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS) };
  const at = (d: Date | null) => instant(d ?? '-infinity');
  const [from, to] = [at(days.from), at(days.to)];
  const live = sql.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), role, is_verified, deleted_at IS NOT NULL, 1`);
  return rowsOf<UserGroup>(
    q,
    sql`WITH src (day, role, is_verified, is_deleted, users) AS (
       SELECT to_char(day, 'YYYY-MM-DD'), role, is_verified, is_deleted, users
       FROM users_daily WHERE day >= ${dayOf(from)} AND day < ${dayOf(to)}
       UNION ALL
       SELECT to_char(day, 'YYYY-MM-DD'), role, is_verified, is_deleted, users
       FROM users_daily_changes WHERE day >= ${dayOf(from)} AND day < ${dayOf(to)}
       UNION ALL
       SELECT ${live} FROM ${usersTable} WHERE created_at >= ${at(start)} AND created_at < ${from}
       UNION ALL
       SELECT ${live} FROM ${usersTable} WHERE created_at >= ${to} AND created_at < ${instant(end)}
     )
     SELECT day, role, is_verified AS "isVerified", is_deleted AS "isDeleted", sum(users)::int AS users
     FROM src GROUP BY day, role, is_verified, is_deleted HAVING sum(users) <> 0`,
  );
}
