import { dashboardsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import * as service from './dashboards.service.js';

/** Spec §7 "Users dashboard" and "Admin dashboard": SQL aggregates over users, content and the ledger. */
export const dashboardsRoutes: AppModule = (app, ctx) => {
  const deps: service.DashboardDeps = { q: ctx.database, clock: ctx.clock };
  const c = dashboardsContracts;

  app.route({
    ...fromContract(c.userOverview),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.userOverview(deps, currentUser(request).id, request.query) }),
  });

  app.route({
    ...fromContract(c.userContentEngagement),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.userEngagement(deps, currentUser(request).id, request.query) }),
  });

  app.route({
    ...fromContract(c.userSocialStats),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.userSocial(deps, currentUser(request).id, request.query) }),
  });

  const admin = { preHandler: ctx.auth.requireAdmin };
  app.route({ ...fromContract(c.adminOverview), ...admin, handler: async (r) => ({ data: await service.adminOverview(deps, r.query) }) });
  app.route({ ...fromContract(c.adminUsers), ...admin, handler: async (r) => ({ data: await service.adminUserMetrics(deps, r.query) }) });
  app.route({
    ...fromContract(c.adminContent),
    ...admin,
    handler: async (r) => ({ data: await service.adminContentMetrics(deps, r.query) }),
  });
  app.route({
    ...fromContract(c.adminRevenue),
    ...admin,
    handler: async (r) => ({ data: await service.adminRevenueMetrics(deps, r.query) }),
  });
  app.route({
    ...fromContract(c.adminEngagement),
    ...admin,
    handler: async (r) => ({ data: await service.adminEngagementMetrics(deps, r.query) }),
  });
  app.route({ ...fromContract(c.adminGraphs), ...admin, handler: async (r) => ({ data: await service.adminGraphData(deps, r.query) }) });
  app.route({
    ...fromContract(c.adminContentTypes),
    ...admin,
    handler: async (r) => ({ data: await service.adminContentTypes(deps, r.query) }),
  });
  app.route({ ...fromContract(c.adminUserRoles), ...admin, handler: async (r) => ({ data: await service.adminUserRoles(deps, r.query) }) });
  app.route({
    ...fromContract(c.adminRecentUsers),
    ...admin,
    handler: async (r) => ({ data: await service.adminRecentUsers(deps, r.query, r.query.limit) }),
  });
  app.route({
    ...fromContract(c.adminRecentContent),
    ...admin,
    handler: async (r) => ({ data: await service.adminRecentContent(deps, r.query, r.query.limit) }),
  });
};
