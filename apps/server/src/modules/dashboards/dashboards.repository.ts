import type {
  AdminContentMetrics,
  CohortRow,
  DistributionSlice,
  GraphPoint,
  RecentContent,
  RecentUser,
  Role,
  TopContentItem,
} from '@atelier/shared';
import { BUCKETS_CTE, bucketOf, labelFormat, rangeParams, type ResolvedRange } from './dashboards.range.js';
import * as rollups from './dashboards.rollups.js';
import type { Query } from '../../platform/db/db.js';

/* All figures are SQL aggregates; counts are cast to int so both drivers hand back numbers. */

const inRange = (column: string) => `${column} >= $1::timestamptz AND ${column} < $2::timestamptz`;
const label = (r: ResolvedRange) => `to_char(buckets.t, ${labelFormat(r.bucket)})`;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

// ---------------------------------------------------------------- user dashboard

export async function userEarliest(q: Query, userId: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | string | null }>(`SELECT created_at AS at FROM users WHERE id = $1`, [
    userId,
  ]);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

export async function userContentTotals(q: Query, userId: string, r: ResolvedRange) {
  const { rows } = await q.query<{
    content: number;
    ready: number;
    failed: number;
    likes: number;
    comments: number;
    plays: number;
  }>(
    `SELECT count(*)::int AS content,
            count(*) FILTER (WHERE status = 'ready')::int AS ready,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            coalesce(sum(like_count), 0)::int AS likes,
            coalesce(sum(comment_count), 0)::int AS comments,
            coalesce(sum(play_count), 0)::int AS plays
     FROM content WHERE ${inRange('created_at')} AND user_id = $3`,
    [r.start.toISOString(), r.end.toISOString(), userId],
  );
  return rows[0] ?? { content: 0, ready: 0, failed: 0, likes: 0, comments: 0, plays: 0 };
}

export async function userCreditTotals(q: Query, userId: string, r: ResolvedRange) {
  const { rows } = await q.query<{ spent: number; refunded: number }>(
    `SELECT coalesce(-sum(delta) FILTER (WHERE kind = 'generation_charge'), 0)::int AS spent,
            coalesce(sum(delta) FILTER (WHERE kind = 'refund'), 0)::int AS refunded
     FROM credit_ledger WHERE ${inRange('created_at')} AND user_id = $3`,
    [r.start.toISOString(), r.end.toISOString(), userId],
  );
  return rows[0] ?? { spent: 0, refunded: 0 };
}

export async function userActivitySeries(q: Query, userId: string, r: ResolvedRange) {
  const { rows } = await q.query<{ date: string; generations: number; creditsSpent: number }>(
    `WITH ${BUCKETS_CTE},
     g AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, count(*)::int AS n FROM content
           WHERE ${inRange('created_at')} AND user_id = $4 GROUP BY 1),
     s AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, (-sum(delta))::int AS n FROM credit_ledger
           WHERE ${inRange('created_at')} AND user_id = $4 AND kind = 'generation_charge' GROUP BY 1)
     SELECT ${label(r)} AS date, coalesce(g.n, 0)::int AS generations, coalesce(s.n, 0)::int AS "creditsSpent"
     FROM buckets LEFT JOIN g ON g.t = buckets.t LEFT JOIN s ON s.t = buckets.t ORDER BY buckets.t`,
    [...rangeParams(r), userId],
  );
  return rows;
}

export async function userTopContent(q: Query, userId: string, r: ResolvedRange, limit = 5): Promise<TopContentItem[]> {
  const { rows } = await q.query<{
    id: string;
    title: string;
    content_type: string;
    status: string;
    like_count: number;
    comment_count: number;
    play_count: number;
    created_at: Date | string;
  }>(
    `SELECT id, title, content_type, status, like_count, comment_count, play_count, created_at
     FROM content WHERE ${inRange('created_at')} AND user_id = $3
     ORDER BY like_count + play_count DESC, created_at DESC, id LIMIT $4`,
    [r.start.toISOString(), r.end.toISOString(), userId, limit],
  );
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    contentType: c.content_type,
    status: c.status,
    likes: c.like_count,
    comments: c.comment_count,
    plays: c.play_count,
    createdAt: iso(c.created_at),
  }));
}

/** Counters of the content created in each bucket (no per-event table is read). */
export async function engagementSeries(q: Query, r: ResolvedRange, filter: { userId?: string; contentType?: string }) {
  const params: unknown[] = [...rangeParams(r)];
  const where = [inRange('created_at')];
  if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
  if (filter.contentType) where.push(`content_type = $${params.push(filter.contentType)}`);
  const { rows } = await q.query<{ date: string; likes: number; comments: number; plays: number }>(
    `WITH ${BUCKETS_CTE},
     e AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, sum(like_count)::int AS likes, sum(comment_count)::int AS comments,
                  sum(play_count)::int AS plays
           FROM content WHERE ${where.join(' AND ')} GROUP BY 1)
     SELECT ${label(r)} AS date, coalesce(e.likes, 0)::int AS likes, coalesce(e.comments, 0)::int AS comments,
            coalesce(e.plays, 0)::int AS plays
     FROM buckets LEFT JOIN e ON e.t = buckets.t ORDER BY buckets.t`,
    params,
  );
  return rows;
}

export async function engagementByType(q: Query, userId: string, r: ResolvedRange, contentType?: string) {
  const params: unknown[] = [r.start.toISOString(), r.end.toISOString(), userId];
  const typeFilter = contentType ? `AND content_type = $${params.push(contentType)}` : '';
  const { rows } = await q.query<{
    contentType: string;
    count: number;
    likes: number;
    comments: number;
    plays: number;
  }>(
    `SELECT content_type AS "contentType", count(*)::int AS count, sum(like_count)::int AS likes,
            sum(comment_count)::int AS comments, sum(play_count)::int AS plays
     FROM content WHERE ${inRange('created_at')} AND user_id = $3 ${typeFilter}
     GROUP BY content_type ORDER BY count(*) DESC, content_type`,
    params,
  );
  return rows;
}

export async function referralCount(q: Query, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE referred_by = $1`, [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

export async function followStats(q: Query, userId: string, r: ResolvedRange) {
  const [{ rows: totals }, { rows: newFollowers }] = await Promise.all([
    q.query<{ followers: number; following: number }>(
      `SELECT (SELECT count(*)::int FROM follows WHERE following_id = $1) AS followers,
              (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following`,
      [userId],
    ),
    q.query<{ date: string; count: number }>(
      `WITH ${BUCKETS_CTE},
       f AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, count(*)::int AS n FROM follows
             WHERE following_id = $4 AND ${inRange('created_at')} GROUP BY 1)
       SELECT ${label(r)} AS date, coalesce(f.n, 0)::int AS count
       FROM buckets LEFT JOIN f ON f.t = buckets.t ORDER BY buckets.t`,
      [...rangeParams(r), userId],
    ),
  ]);
  return { followers: totals[0]?.followers ?? 0, following: totals[0]?.following ?? 0, newFollowers };
}

// ---------------------------------------------------------------- admin dashboard

export async function siteEarliest(q: Query): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | string | null }>(`SELECT min(created_at) AS at FROM users`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/**
 * Users, content and ledger figures come from the daily rollups (dashboards.rollups.ts): a year
 * of them is a few thousand rows, not a million.
 */
export async function adminOverviewCounts(q: Query, r: ResolvedRange) {
  const [people, joined, content, groups, ledger] = await Promise.all([
    rollups.userGroups(q, null, r.end),
    rollups.userGroups(q, r.start, r.end, r.bucket),
    rollups.contentCountBefore(q, r.end),
    rollups.contentGroups(q, r),
    rollups.ledgerGroups(q, r, ['refund', 'generation_charge']),
  ]);
  const sumOf = <T>(xs: T[], pick: (x: T) => number) => xs.reduce((s, x) => s + pick(x), 0);
  const refunds = ledger.filter((l) => l.kind === 'refund');
  return {
    users: sumOf(
      people.filter((g) => !g.isDeleted),
      (g) => g.users,
    ),
    newUsers: sumOf(joined, (g) => g.users),
    content,
    generations: sumOf(groups, (g) => g.items),
    failures: sumOf(
      groups.filter((g) => g.status === 'failed'),
      (g) => g.items,
    ),
    refunds: sumOf(refunds, (l) => l.entries),
    creditsRefunded: sumOf(refunds, (l) => l.total),
    creditsSpent: -sumOf(
      ledger.filter((l) => l.kind === 'generation_charge'),
      (l) => l.total,
    ),
  };
}

/** Sign-ups of the window per UTC day ('YYYY-MM-DD'): one scan of users for the series, the cohorts and activation. */
export async function signupDays(q: Query, r: ResolvedRange): Promise<{ day: string; n: number }[]> {
  const perDay = new Map<string, number>();
  for (const g of await rollups.userGroups(q, r.start, r.end, r.bucket)) perDay.set(g.day, (perDay.get(g.day) ?? 0) + g.users);
  return [...perDay].map(([day, n]) => ({ day, n }));
}

const DAY_MS = 86_400_000;
/** The Monday (UTC) of the week of a 'YYYY-MM-DD' day. */
export function weekOfDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The label of the day/week/month bucket a 'YYYY-MM-DD' day falls in. */
function bucketOfDay(day: string, bucket: ResolvedRange['bucket']): string {
  if (bucket === 'week') return weekOfDay(day);
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  return day;
}

export async function signupSeries(q: Query, r: ResolvedRange, days?: Promise<{ day: string; n: number }[]>) {
  if (r.bucket === 'hour') {
    const { rows } = await q.query<{ date: string; count: number }>(
      `WITH ${BUCKETS_CTE},
       s AS MATERIALIZED (SELECT ${bucketOf('created_at')} AS t, count(*)::int AS n FROM users WHERE ${inRange('created_at')} GROUP BY 1)
       SELECT ${label(r)} AS date, coalesce(s.n, 0)::int AS count FROM buckets LEFT JOIN s ON s.t = buckets.t ORDER BY buckets.t`,
      rangeParams(r),
    );
    return rows;
  }
  const [labels, perDay] = await Promise.all([bucketLabels(q, r), days ?? signupDays(q, r)]);
  const counts = new Map<string, number>();
  for (const { day, n } of perDay) {
    const key = bucketOfDay(day, r.bucket);
    counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return labels.map((date) => ({ date, count: counts.get(date) ?? 0 }));
}

/** Accounts that exist at the end of the window, and how many of them are verified. */
export async function verifiedCounts(q: Query, r: ResolvedRange) {
  const live = (await rollups.userGroups(q, null, r.end)).filter((g) => !g.isDeleted);
  return {
    total: live.reduce((s, g) => s + g.users, 0),
    verified: live.filter((g) => g.isVerified).reduce((s, g) => s + g.users, 0),
  };
}

/**
 * New users of the window, and how many of them generated within 7 days of signing up (from the
 * activity rollup's first item of weeks 0 and 1).
 */
export async function activation(q: Query, r: ResolvedRange, days = signupDays(q, r)) {
  const [perDay, activated] = await Promise.all([days, rollups.activatedCount(q, r)]);
  const newUsers = perDay.reduce((sum, d) => sum + d.n, 0);
  return { newUsers, activated, rate: share(activated, newUsers) };
}

export const COHORT_WEEKS = 8;

/**
 * Weekly signup cohorts (UTC, weeks start on Monday). Week 0 is the signup week; entry k is the
 * share of the cohort that created content in the k-th week after it, null while that week has
 * not begun.
 */
export async function retentionCohorts(
  q: Query,
  r: ResolvedRange,
  now: Date,
  days = signupDays(q, r),
): Promise<CohortRow[]> {
  const [perDay, active] = await Promise.all([
    days,
    // The (user, week) activity rollup, kept by triggers on content (migrations/0025).
    rollups.activeByCohortWeek(q, r),
  ]);
  const sizeOf = new Map<string, number>();
  for (const { day, n } of perDay) sizeOf.set(weekOfDay(day), (sizeOf.get(weekOfDay(day)) ?? 0) + n);
  const sizes = [...sizeOf].map(([week, size]) => ({ week, size })).sort((a, b) => (a.week < b.week ? -1 : 1));
  const counts = new Map(active.map((a) => [`${a.week}:${a.k}`, a.users]));
  return sizes.map(({ week, size }) => {
    const weekStart = Date.parse(`${week}T00:00:00Z`);
    const retention = Array.from({ length: COHORT_WEEKS + 1 }, (_, k) =>
      weekStart + k * 7 * 86_400_000 > now.getTime() ? null : share(counts.get(`${week}:${k}`) ?? 0, size),
    );
    return { week, size, retention };
  });
}

/** Sums `pick` over groups by `key`, largest first, then by key; groups summing to 0 are left out. */
function tally<T>(groups: T[], key: (g: T) => string, pick: (g: T) => number): { key: string; count: number }[] {
  const sums = new Map<string, number>();
  for (const g of groups) sums.set(key(g), (sums.get(key(g)) ?? 0) + pick(g));
  return [...sums]
    .filter(([, count]) => count !== 0)
    .map(([k, count]) => ({ key: k, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Per bucket label of the window, the sums of the groups in it. */
function perLabel<T extends { date: string }, S>(labels: string[], groups: T[], zero: () => S, add: (s: S, g: T) => void) {
  const byDate = new Map(labels.map((l) => [l, zero()]));
  for (const g of groups) {
    const s = byDate.get(g.date);
    if (s) add(s, g);
  }
  return labels.map((date) => ({ date, ...(byDate.get(date) as S) }));
}

export async function contentMetrics(q: Query, r: ResolvedRange): Promise<Omit<AdminContentMetrics, 'range'>> {
  const [labels, groups] = await Promise.all([bucketLabels(q, r), rollups.contentGroups(q, r)]);
  const models = new Map<string, { generations: number; failures: number; refunds: number; creditsCharged: number }>();
  for (const g of groups) {
    const m = models.get(g.model) ?? { generations: 0, failures: 0, refunds: 0, creditsCharged: 0 };
    m.generations += g.items;
    if (g.status === 'failed') m.failures += g.items;
    m.refunds += g.refunds;
    m.creditsCharged += g.charged;
    models.set(g.model, m);
  }
  return {
    byType: tally(groups, (g) => g.contentType, (g) => g.items).map((x) => ({ contentType: x.key, count: x.count })),
    byStatus: tally(groups, (g) => g.status, (g) => g.items).map((x) => ({ status: x.key, count: x.count })),
    byModel: tally(groups, (g) => g.model, (g) => g.items).map(({ key }) => {
      const m = models.get(key)!;
      return {
        model: key,
        ...m,
        failureRate: share(m.failures, m.generations),
        refundRate: share(m.refunds, m.generations),
      };
    }),
    series: perLabel(
      labels,
      groups,
      () => ({ generations: 0, failures: 0 }),
      (s, g) => {
        s.generations += g.items;
        if (g.status === 'failed') s.failures += g.items;
      },
    ),
  };
}

/** Counters of the content created in each bucket of the window, over all content. */
export async function adminEngagementSeries(q: Query, r: ResolvedRange) {
  const [labels, groups] = await Promise.all([bucketLabels(q, r), rollups.contentGroups(q, r)]);
  return perLabel(
    labels,
    groups,
    () => ({ likes: 0, comments: 0, plays: 0 }),
    (s, g) => {
      s.likes += g.likes;
      s.comments += g.comments;
      s.plays += g.plays;
    },
  );
}

export async function creditPurchases(q: Query, r: ResolvedRange) {
  const { rows } = await q.query<{ date: string; credits: number; purchases: number }>(
    `SELECT to_char(${bucketOf('created_at')}, ${labelFormat(r.bucket)}) AS date, sum(delta)::int AS credits, count(*)::int AS purchases
     FROM credit_ledger WHERE ${inRange('created_at')} AND kind = 'purchase' GROUP BY 1`,
    rangeParams(r),
  );
  return rows;
}

/** Completed checkouts (credit packs and subscription starts), by completion time. */
export async function checkoutRevenue(q: Query, r: ResolvedRange) {
  const paidAt = 'coalesce(completed_at, created_at)';
  const { rows } = await q.query<{ date: string; revenue: number; payments: number }>(
    `SELECT to_char(${bucketOf(paidAt)}, ${labelFormat(r.bucket)}) AS date,
            coalesce(sum(amount), 0)::int AS revenue, count(*)::int AS payments
     FROM checkouts
     WHERE status = 'complete' AND ${inRange(paidAt)}
     GROUP BY 1`,
    rangeParams(r),
  );
  return {
    revenue: rows.reduce((s, x) => s + x.revenue, 0),
    payments: rows.reduce((s, x) => s + x.payments, 0),
    /** Revenue per bucket label; missing labels are 0. */
    byBucket: new Map(rows.map((x) => [x.date, x.revenue])),
  };
}

/** Subscriptions live right now (not range-bound). */
export async function activeSubscriptions(q: Query): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions WHERE status IN ('active', 'trialing')`,
  );
  return rows[0]?.n ?? 0;
}

export async function bucketLabels(q: Query, r: ResolvedRange): Promise<string[]> {
  const { rows } = await q.query<{ date: string }>(
    `WITH ${BUCKETS_CTE} SELECT ${label(r)} AS date FROM buckets ORDER BY buckets.t`,
    rangeParams(r),
  );
  return rows.map((x) => x.date);
}

/**
 * Sign-ups, content and ledger come from the daily rollups, at once, and are joined on the bucket
 * label.
 */
export async function graphSeries(q: Query, r: ResolvedRange): Promise<GraphPoint[]> {
  const [labels, u, content, ledger] = await Promise.all([
    bucketLabels(q, r),
    signupSeries(q, r),
    rollups.contentGroups(q, r),
    rollups.ledgerGroups(q, r, ['generation_charge', 'purchase']),
  ]);
  const users = new Map(u.map((x) => [x.date, x.count]));
  const points = perLabel(
    labels,
    content,
    () => ({ generations: 0, failures: 0, likes: 0, comments: 0, plays: 0, creditsSpent: 0, creditsPurchased: 0 }),
    (s, g) => {
      s.generations += g.items;
      if (g.status === 'failed') s.failures += g.items;
      s.likes += g.likes;
      s.comments += g.comments;
      s.plays += g.plays;
    },
  );
  const byDate = new Map(points.map((p) => [p.date, p]));
  for (const l of ledger) {
    const p = byDate.get(l.date);
    if (!p) continue;
    if (l.kind === 'generation_charge') p.creditsSpent -= l.total;
    else p.creditsPurchased += l.total;
  }
  return points.map((p) => ({
    date: p.date,
    signups: users.get(p.date) ?? 0,
    generations: p.generations,
    failures: p.failures,
    creditsSpent: p.creditsSpent,
    creditsPurchased: p.creditsPurchased,
    likes: p.likes,
    comments: p.comments,
    plays: p.plays,
  }));
}

function withShares(rows: { label: string; count: number }[]): DistributionSlice[] {
  const total = rows.reduce((s, x) => s + x.count, 0);
  return rows.map((x) => ({ ...x, share: share(x.count, total) }));
}

export async function contentTypeDistribution(q: Query, r: ResolvedRange): Promise<DistributionSlice[]> {
  const groups = await rollups.contentGroups(q, r);
  return withShares(tally(groups, (g) => g.contentType, (g) => g.items).map((x) => ({ label: x.key, count: x.count })));
}

/** Accounts that exist at the end of the window, by role. */
export async function userRoleDistribution(q: Query, r: ResolvedRange): Promise<DistributionSlice[]> {
  const live = (await rollups.userGroups(q, null, r.end)).filter((g) => !g.isDeleted);
  return withShares(tally(live, (g) => g.role, (g) => g.users).map((x) => ({ label: x.key, count: x.count })));
}

export async function recentUsers(q: Query, r: ResolvedRange, limit: number): Promise<RecentUser[]> {
  const { rows } = await q.query<{
    id: string;
    username: string;
    full_name: string;
    email: string;
    role: Role;
    credits: number;
    is_verified: boolean;
    content_count: number;
    created_at: Date | string;
  }>(
    `SELECT u.id, u.username, u.full_name, u.email, u.role, u.credits, u.is_verified, u.created_at,
            (SELECT count(*)::int FROM content c WHERE c.user_id = u.id) AS content_count
     FROM users u WHERE u.deleted_at IS NULL AND u.created_at < $1::timestamptz
     ORDER BY u.created_at DESC, u.id LIMIT $2`,
    [r.end.toISOString(), limit],
  );
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    fullName: u.full_name,
    email: u.email,
    role: u.role,
    credits: u.credits,
    isVerified: u.is_verified,
    contentCount: u.content_count,
    createdAt: iso(u.created_at),
  }));
}

export async function recentContentRows(q: Query, r: ResolvedRange, limit: number): Promise<RecentContent[]> {
  const { rows } = await q.query<{
    id: string;
    title: string;
    content_type: string;
    status: string;
    model: string;
    cost: number;
    user_id: string;
    username: string;
    created_at: Date | string;
  }>(
    `SELECT c.id, c.title, c.content_type, c.status, c.model, c.cost, c.user_id, u.username, c.created_at
     FROM content c JOIN users u ON u.id = c.user_id
     WHERE c.created_at < $1::timestamptz ORDER BY c.created_at DESC, c.id LIMIT $2`,
    [r.end.toISOString(), limit],
  );
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    contentType: c.content_type,
    status: c.status,
    model: c.model,
    cost: c.cost,
    owner: { id: c.user_id, username: c.username },
    createdAt: iso(c.created_at),
  }));
}
