import { endpoint } from './contract.js';

/** The user's and the admin's dashboards. Schemas: `./dashboards.ts`. */
export const dashboardsEndpoints = {
  userOverview: endpoint('GET', '/users/dashboard/overview'),
  userContentEngagement: endpoint('GET', '/users/dashboard/content-engagement'),
  userSocialStats: endpoint('GET', '/users/dashboard/social-stats'),
  adminOverview: endpoint('GET', '/admin/dashboard'),
  adminUsers: endpoint('GET', '/admin/dashboard/users'),
  adminContent: endpoint('GET', '/admin/dashboard/content'),
  adminRevenue: endpoint('GET', '/admin/dashboard/revenue'),
  adminEngagement: endpoint('GET', '/admin/dashboard/engagement'),
  adminGraphs: endpoint('GET', '/admin/dashboard/graphs'),
  adminContentTypes: endpoint('GET', '/admin/dashboard/content-types'),
  adminUserRoles: endpoint('GET', '/admin/dashboard/user-roles'),
  adminRecentUsers: endpoint('GET', '/admin/dashboard/recent-users'),
  adminRecentContent: endpoint('GET', '/admin/dashboard/recent-content'),
} as const;
