import type {
  AdminContentMetrics,
  AdminEngagementMetrics,
  AdminGraphData,
  AdminOverview,
  AdminRevenueMetrics,
  AdminUserMetrics,
  ContentEngagementQuery,
  DashboardRangeQuery,
  DistributionSlice,
  RecentContent,
  RecentUser,
  TimeRange,
  UserContentEngagement,
  UserDashboardOverview,
  UserSocialStats,
} from '@atelier/shared';
import { LIMITS } from '@atelier/shared';
import * as repo from './dashboards.repository.js';
import { rangeReply, resolveRange, type ResolvedRange } from './dashboards.range.js';
import type { DashboardsDb } from './dashboards-rollups.repository.js';

export interface DashboardDeps {
  q: DashboardsDb;
  clock: () => Date;
}

const USER_DEFAULT_RANGE: TimeRange = 'month';
const ADMIN_DEFAULT_RANGE = LIMITS.adminDefaultTimeRange as TimeRange;

async function userRange(deps: DashboardDeps, userId: string, query: DashboardRangeQuery): Promise<ResolvedRange> {
  const earliest = query.timeRange === 'all' ? await repo.userEarliest(deps.q, userId) : null;
  return resolveRange(query, deps.clock(), USER_DEFAULT_RANGE, earliest);
}

export async function adminRange(deps: DashboardDeps, query: DashboardRangeQuery): Promise<ResolvedRange> {
  const earliest = query.timeRange === 'all' ? await repo.siteEarliest(deps.q) : null;
  return resolveRange(query, deps.clock(), ADMIN_DEFAULT_RANGE, earliest);
}

// ---------------------------------------------------------------- user

export async function userOverview(
  deps: DashboardDeps,
  userId: string,
  query: DashboardRangeQuery,
): Promise<UserDashboardOverview> {
  const r = await userRange(deps, userId, query);
  const [content, credits, series, topContent] = await Promise.all([
    repo.userContentTotals(deps.q, userId, r),
    repo.userCreditTotals(deps.q, userId, r),
    repo.userActivitySeries(deps.q, userId, r),
    repo.userTopContent(deps.q, userId, r),
  ]);
  return {
    range: rangeReply(r),
    totals: { ...content, creditsSpent: credits.spent, creditsRefunded: credits.refunded },
    series,
    topContent,
  };
}

export async function userEngagement(
  deps: DashboardDeps,
  userId: string,
  query: ContentEngagementQuery,
): Promise<UserContentEngagement> {
  const r = await userRange(deps, userId, query);
  const [series, byType] = await Promise.all([
    repo.engagementSeries(deps.q, r, { userId, contentType: query.contentType }),
    repo.engagementByType(deps.q, userId, r, query.contentType),
  ]);
  return { range: rangeReply(r), series, byType };
}

export async function userSocial(
  deps: DashboardDeps,
  userId: string,
  query: DashboardRangeQuery,
): Promise<UserSocialStats> {
  const r = await userRange(deps, userId, query);
  const [follows, referrals] = await Promise.all([repo.followStats(deps.q, userId, r), repo.referralCount(deps.q, userId)]);
  return { range: rangeReply(r), ...follows, referrals };
}

// ---------------------------------------------------------------- admin

export async function adminOverview(deps: DashboardDeps, query: DashboardRangeQuery): Promise<AdminOverview> {
  const r = await adminRange(deps, query);
  const [counts, revenue, subscriptions] = await Promise.all([
    repo.adminOverviewCounts(deps.q, r),
    repo.checkoutRevenue(deps.q, r),
    repo.activeSubscriptions(deps.q),
  ]);
  return { range: rangeReply(r), ...counts, revenue: revenue.revenue, activeSubscriptions: subscriptions };
}

export async function adminUserMetrics(deps: DashboardDeps, query: DashboardRangeQuery): Promise<AdminUserMetrics> {
  const r = await adminRange(deps, query);
  const days = repo.signupDays(deps.q, r);
  const [signups, verified, act, cohorts] = await Promise.all([
    repo.signupSeries(deps.q, r, days),
    repo.verifiedCounts(deps.q, r),
    repo.activation(deps.q, r, days),
    repo.retentionCohorts(deps.q, r, deps.clock(), days),
  ]);
  return {
    range: rangeReply(r),
    signups,
    totalUsers: verified.total,
    verifiedUsers: verified.verified,
    verifiedShare: verified.total > 0 ? verified.verified / verified.total : 0,
    activation: act,
    cohorts,
  };
}

export async function adminContentMetrics(
  deps: DashboardDeps,
  query: DashboardRangeQuery,
): Promise<AdminContentMetrics> {
  const r = await adminRange(deps, query);
  return { range: rangeReply(r), ...(await repo.contentMetrics(deps.q, r)) };
}

export async function adminRevenueMetrics(
  deps: DashboardDeps,
  query: DashboardRangeQuery,
): Promise<AdminRevenueMetrics> {
  const r = await adminRange(deps, query);
  const [labels, revenue, purchases, subscriptions] = await Promise.all([
    repo.bucketLabels(deps.q, r),
    repo.checkoutRevenue(deps.q, r),
    repo.creditPurchases(deps.q, r),
    repo.activeSubscriptions(deps.q),
  ]);
  const purchased = new Map(purchases.map((p) => [p.date, p.credits]));
  return {
    range: rangeReply(r),
    totals: {
      revenue: revenue.revenue,
      payments: revenue.payments,
      creditsPurchased: purchases.reduce((s, p) => s + p.credits, 0),
      creditPurchases: purchases.reduce((s, p) => s + p.purchases, 0),
      activeSubscriptions: subscriptions,
    },
    series: labels.map((date) => ({
      date,
      revenue: revenue.byBucket.get(date) ?? 0,
      creditsPurchased: purchased.get(date) ?? 0,
    })),
  };
}

export async function adminEngagementMetrics(
  deps: DashboardDeps,
  query: DashboardRangeQuery,
): Promise<AdminEngagementMetrics> {
  const r = await adminRange(deps, query);
  // The buckets cover the whole window, so the totals are the sums of the series (one scan, not two).
  const series = await repo.adminEngagementSeries(deps.q, r);
  const totals = series.reduce(
    (t, x) => ({ likes: t.likes + x.likes, comments: t.comments + x.comments, plays: t.plays + x.plays }),
    { likes: 0, comments: 0, plays: 0 },
  );
  return { range: rangeReply(r), totals, series };
}

export async function adminGraphData(deps: DashboardDeps, query: DashboardRangeQuery): Promise<AdminGraphData> {
  const r = await adminRange(deps, query);
  return { range: rangeReply(r), series: await repo.graphSeries(deps.q, r) };
}

export async function adminContentTypes(deps: DashboardDeps, query: DashboardRangeQuery): Promise<DistributionSlice[]> {
  return repo.contentTypeDistribution(deps.q, await adminRange(deps, query));
}

export async function adminUserRoles(deps: DashboardDeps, query: DashboardRangeQuery): Promise<DistributionSlice[]> {
  return repo.userRoleDistribution(deps.q, await adminRange(deps, query));
}

export async function adminRecentUsers(
  deps: DashboardDeps,
  query: DashboardRangeQuery,
  limit: number,
): Promise<RecentUser[]> {
  return repo.recentUsers(deps.q, await adminRange(deps, query), limit);
}

export async function adminRecentContent(
  deps: DashboardDeps,
  query: DashboardRangeQuery,
  limit: number,
): Promise<RecentContent[]> {
  return repo.recentContentRows(deps.q, await adminRange(deps, query), limit);
}
