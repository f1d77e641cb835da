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
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import type { AppModule } from '../../platform/http/types.js';
import * as service from './dashboards.service.js';

const bearer = [{ bearer: [] }];
const rangeDescription =
  'Window: timeRange (day, week, month, year, all) or startDate/endDate (ISO; a bare endDate includes that day). ' +
  'Series are bucketed in UTC by hour, day, week or month depending on the span; empty buckets are 0.';

/** Spec §7 "Users dashboard" and "Admin dashboard": SQL aggregates over users, content and the ledger. */
export const dashboardsRoutes: AppModule = (app, ctx) => {
  const deps: service.DashboardDeps = { q: ctx.database, clock: ctx.clock };

  app.get(
    '/users/dashboard/overview',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['dashboards'],
        summary: 'The signed-in user’s generations, credits and top content',
        description: rangeDescription,
        security: bearer,
        querystring: dashboardRangeQuery,
        response: { 200: z.object({ data: userDashboardOverview }) },
      },
    },
    async (request) => ({ data: await service.userOverview(deps, currentUser(request).id, request.query) }),
  );

  app.get(
    '/users/dashboard/content-engagement',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['dashboards'],
        summary: 'Likes, comments and plays of the signed-in user’s content',
        description: `${rangeDescription} Counters of the content created in each bucket.`,
        security: bearer,
        querystring: contentEngagementQuery,
        response: { 200: z.object({ data: userContentEngagement }) },
      },
    },
    async (request) => ({ data: await service.userEngagement(deps, currentUser(request).id, request.query) }),
  );

  app.get(
    '/users/dashboard/social-stats',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['dashboards'],
        summary: 'Followers, following, new followers and referrals',
        description: rangeDescription,
        security: bearer,
        querystring: dashboardRangeQuery,
        response: { 200: z.object({ data: userSocialStats }) },
      },
    },
    async (request) => ({ data: await service.userSocial(deps, currentUser(request).id, request.query) }),
  );

  const adminGet = <S extends z.ZodType, Q extends z.ZodType>(
    url: string,
    summary: string,
    querystring: Q,
    data: S,
    handler: (query: z.infer<Q>) => Promise<z.infer<S>>,
  ) =>
    app.get(
      url,
      {
        preHandler: ctx.auth.requireAdmin,
        schema: {
          tags: ['dashboards', 'admin'],
          summary,
          description: `${rangeDescription} Default window: month.`,
          security: bearer,
          querystring,
          // Widened: fastify cannot infer a reply type from a generic schema; `handler` is typed against `data`.
          response: { 200: z.object({ data }) as z.ZodType },
        },
      },
      async (request) => ({ data: await handler(request.query as z.infer<Q>) }),
    );

  adminGet('/admin/dashboard', 'Site overview (admin)', dashboardRangeQuery, adminOverview, (q) =>
    service.adminOverview(deps, q),
  );
  adminGet(
    '/admin/dashboard/users',
    'Sign-ups, verification, activation and retention (admin)',
    dashboardRangeQuery,
    adminUserMetrics,
    (q) => service.adminUserMetrics(deps, q),
  );
  adminGet(
    '/admin/dashboard/content',
    'Content by type, status and model (admin)',
    dashboardRangeQuery,
    adminContentMetrics,
    (q) => service.adminContentMetrics(deps, q),
  );
  adminGet(
    '/admin/dashboard/revenue',
    'Revenue and credit sales (admin)',
    dashboardRangeQuery,
    adminRevenueMetrics,
    (q) => service.adminRevenueMetrics(deps, q),
  );
  adminGet(
    '/admin/dashboard/engagement',
    'Likes, comments and plays (admin)',
    dashboardRangeQuery,
    adminEngagementMetrics,
    (q) => service.adminEngagementMetrics(deps, q),
  );
  adminGet('/admin/dashboard/graphs', 'Combined series for charts (admin)', dashboardRangeQuery, adminGraphData, (q) =>
    service.adminGraphData(deps, q),
  );
  adminGet(
    '/admin/dashboard/content-types',
    'Content type distribution (admin)',
    dashboardRangeQuery,
    z.array(distributionSlice),
    (q) => service.adminContentTypes(deps, q),
  );
  adminGet(
    '/admin/dashboard/user-roles',
    'User role distribution (admin)',
    dashboardRangeQuery,
    z.array(distributionSlice),
    (q) => service.adminUserRoles(deps, q),
  );
  adminGet('/admin/dashboard/recent-users', 'Newest accounts (admin)', recentLimitQuery, z.array(recentUser), (q) =>
    service.adminRecentUsers(deps, q, q.limit),
  );
  adminGet('/admin/dashboard/recent-content', 'Newest content (admin)', recentLimitQuery, z.array(recentContent), (q) =>
    service.adminRecentContent(deps, q, q.limit),
  );
};
