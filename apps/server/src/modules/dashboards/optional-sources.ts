import type { Query } from '../../platform/db/db.js';
import { BUCKETS_CTE, bucketOf, labelFormat, rangeParams, type ResolvedRange } from './dashboards.range.js';

/**
 * Metrics read from tables other modules own (follows, checkouts, subscriptions). Each source
 * checks that its table exists first and reports zeros when it does not, so the dashboards work
 * on a database migrated only as far as this module needs. Assumed shapes:
 *   follows(follower_id uuid, following_id uuid, created_at timestamptz)            — 0006
 *   checkouts(amount integer minor units, status text 'complete', completed_at, created_at) — 0008
 *   subscriptions(status text: 'active' | 'trialing' count as active)               — 0008
 */
export async function tableExists(q: Query, table: string): Promise<boolean> {
  const { rows } = await q.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `public.${table}`,
  ]);
  return Boolean(rows[0]?.present);
}

export interface FollowStats {
  hasFollowData: boolean;
  followers: number;
  following: number;
  newFollowers: { date: string; count: number }[];
}

export async function followStats(q: Query, userId: string, range: ResolvedRange): Promise<FollowStats> {
  const hasFollowData = await tableExists(q, 'follows');
  const params = [...rangeParams(range), userId];
  if (!hasFollowData) {
    const { rows } = await q.query<{ date: string }>(
      `WITH ${BUCKETS_CTE} SELECT to_char(t, ${labelFormat(range.bucket)}) AS date FROM buckets ORDER BY t`,
      params.slice(0, 3),
    );
    return { hasFollowData, followers: 0, following: 0, newFollowers: rows.map((r) => ({ date: r.date, count: 0 })) };
  }
  const [{ rows: totals }, { rows: series }] = await Promise.all([
    q.query<{ followers: number; following: number }>(
      `SELECT (SELECT count(*)::int FROM follows WHERE following_id = $1) AS followers,
              (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following`,
      [userId],
    ),
    q.query<{ date: string; count: number }>(
      `WITH ${BUCKETS_CTE},
       f AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, count(*)::int AS n FROM follows
             WHERE following_id = $4 AND created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1)
       SELECT to_char(buckets.t, ${labelFormat(range.bucket)}) AS date, coalesce(f.n, 0)::int AS count
       FROM buckets LEFT JOIN f ON f.t = buckets.t ORDER BY buckets.t`,
      params,
    ),
  ]);
  return {
    hasFollowData,
    followers: totals[0]?.followers ?? 0,
    following: totals[0]?.following ?? 0,
    newFollowers: series,
  };
}

export interface RevenueSource {
  hasPayments: boolean;
  revenue: number;
  payments: number;
  /** Revenue per bucket label; missing labels are 0. */
  byBucket: Map<string, number>;
}

/** Completed checkouts (credit packs and subscription starts), by completion time. */
export async function revenueSource(q: Query, range: ResolvedRange): Promise<RevenueSource> {
  const hasPayments = await tableExists(q, 'checkouts');
  if (!hasPayments) return { hasPayments, revenue: 0, payments: 0, byBucket: new Map() };
  const paidAt = 'coalesce(completed_at, created_at)';
  const { rows } = await q.query<{ date: string; revenue: number; payments: number }>(
    `SELECT to_char(${bucketOf(paidAt)}, ${labelFormat(range.bucket)}) AS date,
            coalesce(sum(amount), 0)::int AS revenue, count(*)::int AS payments
     FROM checkouts
     WHERE status = 'complete' AND ${paidAt} >= $1::timestamptz AND ${paidAt} < $2::timestamptz
     GROUP BY 1`,
    rangeParams(range),
  );
  const byBucket = new Map(rows.map((r) => [r.date, r.revenue]));
  return {
    hasPayments,
    revenue: rows.reduce((s, r) => s + r.revenue, 0),
    payments: rows.reduce((s, r) => s + r.payments, 0),
    byBucket,
  };
}

/** Subscriptions live right now (not range-bound). */
export async function activeSubscriptions(q: Query): Promise<number> {
  if (!(await tableExists(q, 'subscriptions'))) return 0;
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions WHERE status IN ('active', 'trialing')`,
  );
  return rows[0]?.n ?? 0;
}
