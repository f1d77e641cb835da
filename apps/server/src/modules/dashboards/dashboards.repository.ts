import type {
  AdminContentMetrics,
  CohortRow,
  DistributionSlice,
  GraphPoint,
  RecentContent,
  RecentUser,
  TopContentItem,
} from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { labelFormat, type ResolvedRange } from './dashboards.range.js';
import * as rollups from './dashboards-rollups.repository.js';
import type { DashboardsDb } from './dashboards-rollups.repository.js';
import { accountCreatedAt, firstSignupAt, recentAccounts, referredCount, signupsByBucket } from '../auth/index.js';
import { completedCheckoutsByBucket, liveSubscriptionCount } from '../billing/index.js';
import {
  contentCountsOfOwners,
  contentOfOwnerByBucket,
  contentOfOwnerByType,
  contentTotalsOfOwner,
  itemsOfOwnerByBucket,
  recentContentWithOwners,
  topContentOfOwner,
} from '../content/index.js';
import { ledgerByBucket, ledgerTotalsOfUser } from '../credits/index.js';
import { followCounts, newFollowersByBucket } from '../users/index.js';

/*
 * The dashboards read their own rollups (dashboards-rollups.repository.ts) and, for what the rollups do not
 * hold (one person's items, ledger and followers, checkouts, subscriptions, the newest accounts and
 * items), the read functions of the modules that own those rows. An owner's per-bucket rows come
 * keyed by the bucket's first instant and are laid on the window's bucket labels here, so empty
 * buckets still show 0.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
/** A negated sum, without a -0. */
const negated = (n: number) => (n ? -n : 0);

/** The label of the bucket that starts at `at` ('YYYY-MM-DD"T"HH24:MI:SS', UTC), as labelFormat writes it. */
function labelOf(at: string, bucket: ResolvedRange['bucket']): string {
  return bucket === 'hour' ? `${at.slice(0, 13)}:00:00Z` : at.slice(0, 10);
}

/** An owner's per-bucket rows, by the window's bucket label. */
function byLabel<T extends { at: string }>(rows: T[], r: ResolvedRange): Map<string, T> {
  return new Map(rows.map((row) => [labelOf(row.at, r.bucket), row]));
}

// ---------------------------------------------------------------- user dashboard

export async function userEarliest(q: DashboardsDb, userId: string): Promise<Date | null> {
  return accountCreatedAt(q.db, userId);
}

export async function userContentTotals(q: DashboardsDb, userId: string, r: ResolvedRange) {
  return contentTotalsOfOwner(q.db, userId, r);
}

export async function userCreditTotals(q: DashboardsDb, userId: string, r: ResolvedRange) {
  return ledgerTotalsOfUser(q.db, userId, r);
}

export async function userActivitySeries(q: DashboardsDb, userId: string, r: ResolvedRange) {
  const [labels, made, charged] = await Promise.all([
    bucketLabels(q, r),
    itemsOfOwnerByBucket(q.db, userId, r),
    ledgerByBucket(q.db, { kind: 'generation_charge', userId }, r),
  ]);
  const g = byLabel(made, r);
  const s = byLabel(charged, r);
  return labels.map((date) => ({ date, generations: g.get(date)?.items ?? 0, creditsSpent: negated(s.get(date)?.total ?? 0) }));
}

export async function userTopContent(q: DashboardsDb, userId: string, r: ResolvedRange, limit = 5): Promise<TopContentItem[]> {
  const rows = await topContentOfOwner(q.db, userId, r, limit);
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

/** Counters of the person's content created in each bucket (no per-event table is read). */
export async function engagementSeries(q: DashboardsDb, r: ResolvedRange, filter: { userId: string; contentType?: string }) {
  const [labels, rows] = await Promise.all([bucketLabels(q, r), contentOfOwnerByBucket(q.db, filter.userId, r, filter.contentType)]);
  const e = byLabel(rows, r);
  return labels.map((date) => ({ date, likes: e.get(date)?.likes ?? 0, comments: e.get(date)?.comments ?? 0, plays: e.get(date)?.plays ?? 0 }));
}

export async function engagementByType(q: DashboardsDb, userId: string, r: ResolvedRange, contentType?: string) {
  return contentOfOwnerByType(q.db, userId, r, contentType);
}

export async function referralCount(q: DashboardsDb, userId: string): Promise<number> {
  return referredCount(q.db, userId);
}

export async function followStats(q: DashboardsDb, userId: string, r: ResolvedRange) {
  const [totals, labels, rows] = await Promise.all([followCounts(q.db, userId), bucketLabels(q, r), newFollowersByBucket(q.db, userId, r)]);
  const f = byLabel(rows, r);
  return { ...totals, newFollowers: labels.map((date) => ({ date, count: f.get(date)?.n ?? 0 })) };
}

// ---------------------------------------------------------------- admin dashboard

export async function siteEarliest(q: DashboardsDb): Promise<Date | null> {
  return firstSignupAt(q.db);
}

/**
 * Users, content and ledger figures come from the daily rollups (dashboards-rollups.repository.ts): a year
 * of them is a few thousand rows, not a million.
 */
export async function adminOverviewCounts(q: DashboardsDb, r: ResolvedRange) {
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
export async function signupDays(q: DashboardsDb, r: ResolvedRange): Promise<{ day: string; n: number }[]> {
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

export async function signupSeries(q: DashboardsDb, r: ResolvedRange, days?: Promise<{ day: string; n: number }[]>) {
  if (r.bucket === 'hour') {
    const [labels, rows] = await Promise.all([bucketLabels(q, r), signupsByBucket(q.db, r)]);
    const s = byLabel(rows, r);
    return labels.map((date) => ({ date, count: s.get(date)?.n ?? 0 }));
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
export async function verifiedCounts(q: DashboardsDb, r: ResolvedRange) {
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
export async function activation(q: DashboardsDb, r: ResolvedRange, days = signupDays(q, r)) {
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
  q: DashboardsDb,
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

export async function contentMetrics(q: DashboardsDb, r: ResolvedRange): Promise<Omit<AdminContentMetrics, 'range'>> {
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
export async function adminEngagementSeries(q: DashboardsDb, r: ResolvedRange) {
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

/** Credit purchases (ledger entries of kind purchase), per bucket label with any: a few rows, read from the ledger's time index. */
export async function creditPurchases(q: DashboardsDb, r: ResolvedRange) {
  const rows = await ledgerByBucket(q.db, { kind: 'purchase' }, r);
  return rows.map((x) => ({ date: labelOf(x.at, r.bucket), credits: x.total, purchases: x.entries }));
}

/** Completed checkouts (credit packs and subscription starts), by completion time. */
export async function checkoutRevenue(q: DashboardsDb, r: ResolvedRange) {
  const rows = await completedCheckoutsByBucket(q.db, r);
  return {
    revenue: rows.reduce((s, x) => s + x.revenue, 0),
    payments: rows.reduce((s, x) => s + x.payments, 0),
    /** Revenue per bucket label; missing labels are 0. */
    byBucket: new Map(rows.map((x) => [labelOf(x.at, r.bucket), x.revenue])),
  };
}

/** Subscriptions live right now (not range-bound). */
export async function activeSubscriptions(q: DashboardsDb): Promise<number> {
  return liveSubscriptionCount(q.db);
}

/** The label of every bucket of the window (UTC), first to last, so empty buckets still show 0. */
export async function bucketLabels(q: DashboardsDb, r: ResolvedRange): Promise<string[]> {
  const unit = rollups.unitOf(r.bucket);
  const rows = await rollups.rowsOf<{ date: string }>(
    q,
    sql`SELECT to_char(t, ${sql.raw(labelFormat(r.bucket))}) AS date
     FROM generate_series(
       date_trunc(${unit}, ${r.start.toISOString()}::timestamptz AT TIME ZONE 'UTC'),
       (${r.end.toISOString()}::timestamptz AT TIME ZONE 'UTC') - interval '1 microsecond',
       ('1 ' || ${unit})::interval
     ) AS t ORDER BY t`,
  );
  return rows.map((x) => x.date);
}

/**
 * Sign-ups, content and ledger come from the daily rollups, at once, and are joined on the bucket
 * label.
 */
export async function graphSeries(q: DashboardsDb, r: ResolvedRange): Promise<GraphPoint[]> {
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

export async function contentTypeDistribution(q: DashboardsDb, r: ResolvedRange): Promise<DistributionSlice[]> {
  const groups = await rollups.contentGroups(q, r);
  return withShares(tally(groups, (g) => g.contentType, (g) => g.items).map((x) => ({ label: x.key, count: x.count })));
}

/** Accounts that exist at the end of the window, by role. */
export async function userRoleDistribution(q: DashboardsDb, r: ResolvedRange): Promise<DistributionSlice[]> {
  const live = (await rollups.userGroups(q, null, r.end)).filter((g) => !g.isDeleted);
  return withShares(tally(live, (g) => g.role, (g) => g.users).map((x) => ({ label: x.key, count: x.count })));
}

export async function recentUsers(q: DashboardsDb, r: ResolvedRange, limit: number): Promise<RecentUser[]> {
  const rows = await recentAccounts(q.db, r.end, limit);
  const counts = await contentCountsOfOwners(
    q.db,
    rows.map((u) => u.id),
  );
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    fullName: u.full_name,
    email: u.email,
    role: u.role,
    credits: u.credits,
    isVerified: u.is_verified,
    contentCount: counts.get(u.id) ?? 0,
    createdAt: iso(u.created_at),
  }));
}

export async function recentContentRows(q: DashboardsDb, r: ResolvedRange, limit: number): Promise<RecentContent[]> {
  const rows = await recentContentWithOwners(q.db, r.end, limit);
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
