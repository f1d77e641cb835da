import { endpoint } from './contract.js';

/** Reports, the moderation queue, suspension and blocking. Schemas: `./moderation.ts`. */
export const moderationEndpoints = {
  report: endpoint('POST', '/reports'),
  adminReports: endpoint('GET', '/admin/reports'),
  actOnReport: endpoint('PATCH', '/admin/reports/:id'),
  actOnReports: endpoint('POST', '/admin/reports/bulk'),
  suspend: endpoint('POST', '/admin/users/:id/suspend'),
  unsuspend: endpoint('DELETE', '/admin/users/:id/suspend'),
  block: endpoint('POST', '/users/block/:id'),
  unblock: endpoint('DELETE', '/users/block/:id'),
  blocked: endpoint('GET', '/users/blocked'),
  setRating: endpoint('PUT', '/admin/content/:id/rating'),
} as const;
