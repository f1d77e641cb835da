import { z } from 'zod';
import { CONTENT_TYPES } from '../catalogue.js';
import { LIMITS, ROLES } from '../limits.js';
import { paginationQuery } from './common.js';

/** Spec §8 "Dashboards": the default text for each block's failure. */
export const DASHBOARD_MSG = {
  user: {
    overview: 'Failed to load dashboard overview',
    contentEngagement: 'Failed to load content engagement data',
    socialStats: 'Failed to load social statistics',
  },
  admin: {
    overview: 'Failed to fetch dashboard overview',
    userMetrics: 'Failed to fetch user metrics',
    contentMetrics: 'Failed to fetch content metrics',
    revenueMetrics: 'Failed to fetch revenue metrics',
    engagementMetrics: 'Failed to fetch engagement metrics',
    graphData: 'Failed to fetch graph data',
    contentTypes: 'Failed to fetch content type distribution',
    userRoles: 'Failed to fetch user role distribution',
    recentUsers: 'Failed to fetch recent users',
    recentContent: 'Failed to fetch recent content',
  },
} as const;

export const TIME_RANGES = ['day', 'week', 'month', 'year', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

const isoDate = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Please use a date such as 2025-01-31 or an ISO date-time');

/** A window either named (`timeRange`) or explicit (`startDate`/`endDate`, which win when given). */
export const dashboardRangeQuery = z.object({
  timeRange: z.enum(TIME_RANGES).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuery>;

export const contentEngagementQuery = dashboardRangeQuery.extend({ contentType: z.enum(CONTENT_TYPES).optional() });
export type ContentEngagementQuery = z.infer<typeof contentEngagementQuery>;

export const recentLimitQuery = dashboardRangeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.recentLimitDefault),
});

/** The window a reply was computed over: [start, end), bucketed by `bucket` in UTC. */
export const dashboardRange = z.object({
  start: z.string(),
  end: z.string(),
  bucket: z.enum(BUCKETS),
  timeRange: z.enum(TIME_RANGES).nullable(),
});
export type DashboardRange = z.infer<typeof dashboardRange>;

const int = z.number().int();

export const topContentItem = z.object({
  id: z.string(),
  title: z.string(),
  contentType: z.string(),
  status: z.string(),
  likes: int,
  comments: int,
  plays: int,
  createdAt: z.string(),
});
export type TopContentItem = z.infer<typeof topContentItem>;

export const userDashboardOverview = z.object({
  range: dashboardRange,
  totals: z.object({
    content: int,
    ready: int,
    failed: int,
    creditsSpent: int,
    creditsRefunded: int,
    likes: int,
    comments: int,
    plays: int,
  }),
  series: z.array(z.object({ date: z.string(), generations: int, creditsSpent: int })),
  topContent: z.array(topContentItem),
});
export type UserDashboardOverview = z.infer<typeof userDashboardOverview>;

export const userContentEngagement = z.object({
  range: dashboardRange,
  series: z.array(z.object({ date: z.string(), likes: int, comments: int, plays: int })),
  byType: z.array(z.object({ contentType: z.string(), count: int, likes: int, comments: int, plays: int })),
});
export type UserContentEngagement = z.infer<typeof userContentEngagement>;

export const userSocialStats = z.object({
  range: dashboardRange,
  followers: int,
  following: int,
  newFollowers: z.array(z.object({ date: z.string(), count: int })),
  referrals: int,
});
export type UserSocialStats = z.infer<typeof userSocialStats>;

export const adminOverview = z.object({
  range: dashboardRange,
  users: int,
  newUsers: int,
  content: int,
  generations: int,
  failures: int,
  refunds: int,
  creditsRefunded: int,
  creditsSpent: int,
  /** Minor currency units (cents). */
  revenue: int,
  activeSubscriptions: int,
});
export type AdminOverview = z.infer<typeof adminOverview>;

export const cohortRow = z.object({
  /** Monday of the signup week (UTC date). */
  week: z.string(),
  size: int,
  /** Index k is the share (0..1) of the cohort that generated in week k after signup; null for weeks not yet over. */
  retention: z.array(z.number().nullable()),
});
export type CohortRow = z.infer<typeof cohortRow>;

export const adminUserMetrics = z.object({
  range: dashboardRange,
  signups: z.array(z.object({ date: z.string(), count: int })),
  totalUsers: int,
  verifiedUsers: int,
  verifiedShare: z.number(),
  activation: z.object({ newUsers: int, activated: int, rate: z.number() }),
  cohorts: z.array(cohortRow),
});
export type AdminUserMetrics = z.infer<typeof adminUserMetrics>;

export const modelMetric = z.object({
  model: z.string(),
  generations: int,
  failures: int,
  failureRate: z.number(),
  refunds: int,
  refundRate: z.number(),
  creditsCharged: int,
});
export type ModelMetric = z.infer<typeof modelMetric>;

export const adminContentMetrics = z.object({
  range: dashboardRange,
  byType: z.array(z.object({ contentType: z.string(), count: int })),
  byStatus: z.array(z.object({ status: z.string(), count: int })),
  byModel: z.array(modelMetric),
  series: z.array(z.object({ date: z.string(), generations: int, failures: int })),
});
export type AdminContentMetrics = z.infer<typeof adminContentMetrics>;

export const adminRevenueMetrics = z.object({
  range: dashboardRange,
  totals: z.object({
    revenue: int,
    payments: int,
    creditsPurchased: int,
    creditPurchases: int,
    activeSubscriptions: int,
  }),
  series: z.array(z.object({ date: z.string(), revenue: int, creditsPurchased: int })),
});
export type AdminRevenueMetrics = z.infer<typeof adminRevenueMetrics>;

export const adminEngagementMetrics = z.object({
  range: dashboardRange,
  totals: z.object({ likes: int, comments: int, plays: int }),
  series: z.array(z.object({ date: z.string(), likes: int, comments: int, plays: int })),
});
export type AdminEngagementMetrics = z.infer<typeof adminEngagementMetrics>;

export const graphPoint = z.object({
  date: z.string(),
  signups: int,
  generations: int,
  failures: int,
  creditsSpent: int,
  creditsPurchased: int,
  likes: int,
  comments: int,
  plays: int,
});
export type GraphPoint = z.infer<typeof graphPoint>;
export const adminGraphData = z.object({ range: dashboardRange, series: z.array(graphPoint) });
export type AdminGraphData = z.infer<typeof adminGraphData>;

export const distributionSlice = z.object({ label: z.string(), count: int, share: z.number() });
export type DistributionSlice = z.infer<typeof distributionSlice>;

export const recentUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  credits: int,
  isVerified: z.boolean(),
  contentCount: int,
  createdAt: z.string(),
});
export type RecentUser = z.infer<typeof recentUser>;

export const recentContent = z.object({
  id: z.string(),
  title: z.string(),
  contentType: z.string(),
  status: z.string(),
  model: z.string(),
  cost: int,
  owner: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
});
export type RecentContent = z.infer<typeof recentContent>;

// ---- Admin user administration ----

export const adminUsersQuery = paginationQuery.extend({
  q: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserRow = recentUser.extend({ deletedAt: z.string().nullable() });
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminLedgerRow = z.object({
  id: z.string(),
  delta: int,
  kind: z.string(),
  reason: z.string().nullable(),
  balanceAfter: int,
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRow>;

export const adminUserDetail = z.object({
  user: adminUserRow.extend({ referralCode: z.string(), bio: z.string().nullable() }),
  counts: z.object({ content: int, ready: int, failed: int, referrals: int, ledgerEntries: int }),
  ledger: z.array(adminLedgerRow),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const roleChangeBody = z.object({ role: z.enum(ROLES) });
export type RoleChangeBody = z.infer<typeof roleChangeBody>;

export const AUDIT_TYPES = ['credit_add', 'credit_deduct', 'role_change', 'api_key_revoke', 'report_action', 'suspend', 'unsuspend', 'set_rating'] as const;
export const auditEntry = z.object({
  id: z.string(),
  type: z.enum(AUDIT_TYPES),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  target: z.object({ id: z.string(), username: z.string() }).nullable(),
  delta: int.nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = paginationQuery;
