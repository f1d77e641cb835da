import { z } from 'zod';
import {
  adminContentMetrics,
  adminEngagementMetrics,
  adminGraphData,
  adminOverview,
  adminRevenueMetrics,
  adminUserMetrics,
  contentEngagementQuery,
  dashboardRangeQuery,
  distributionSlice,
  recentContent,
  recentLimitQuery,
  recentUser,
  userContentEngagement,
  userDashboardOverview,
  userSocialStats,
} from '../schemas/dashboards.js';
import { contract, type Endpoint } from './contract.js';
import { dashboardsEndpoints as d } from './dashboards.endpoints.js';

const range =
  'Window: timeRange (day, week, month, year, all) or startDate/endDate (ISO; a bare endDate includes that day). ' +
  'Series are bucketed in UTC by hour, day, week or month depending on the span; empty buckets are 0.';
const userTags = ['dashboards'];

/** An admin dashboard call: a window (or a count) in, `{ data }` out. */
const admin = <const E extends Endpoint, Q extends z.ZodType, S extends z.ZodType>(at: E, summary: string, query: Q, data: S) =>
  contract(at, {
    tags: ['dashboards', 'admin'],
    summary,
    description: `${range} Default window: month.`,
    query,
    reply: { 200: z.object({ data }) },
  });

export const dashboardsContracts = {
  userOverview: contract(d.userOverview, {
    tags: userTags,
    summary: 'The signed-in user’s generations, credits and top content',
    description: range,
    query: dashboardRangeQuery,
    reply: { 200: z.object({ data: userDashboardOverview }) },
  }),
  userContentEngagement: contract(d.userContentEngagement, {
    tags: userTags,
    summary: 'Likes, comments and plays of the signed-in user’s content',
    description: `${range} Counters of the content created in each bucket.`,
    query: contentEngagementQuery,
    reply: { 200: z.object({ data: userContentEngagement }) },
  }),
  userSocialStats: contract(d.userSocialStats, {
    tags: userTags,
    summary: 'Followers, following, new followers and referrals',
    description: range,
    query: dashboardRangeQuery,
    reply: { 200: z.object({ data: userSocialStats }) },
  }),
  adminOverview: admin(d.adminOverview, 'Site overview (admin)', dashboardRangeQuery, adminOverview),
  adminUsers: admin(d.adminUsers, 'Sign-ups, verification, activation and retention (admin)', dashboardRangeQuery, adminUserMetrics),
  adminContent: admin(d.adminContent, 'Content by type, status and model (admin)', dashboardRangeQuery, adminContentMetrics),
  adminRevenue: admin(d.adminRevenue, 'Revenue and credit sales (admin)', dashboardRangeQuery, adminRevenueMetrics),
  adminEngagement: admin(d.adminEngagement, 'Likes, comments and plays (admin)', dashboardRangeQuery, adminEngagementMetrics),
  adminGraphs: admin(d.adminGraphs, 'Combined series for charts (admin)', dashboardRangeQuery, adminGraphData),
  adminContentTypes: admin(d.adminContentTypes, 'Content type distribution (admin)', dashboardRangeQuery, z.array(distributionSlice)),
  adminUserRoles: admin(d.adminUserRoles, 'User role distribution (admin)', dashboardRangeQuery, z.array(distributionSlice)),
  adminRecentUsers: admin(d.adminRecentUsers, 'Newest accounts (admin)', recentLimitQuery, z.array(recentUser)),
  adminRecentContent: admin(d.adminRecentContent, 'Newest content (admin)', recentLimitQuery, z.array(recentContent)),
} as const;
