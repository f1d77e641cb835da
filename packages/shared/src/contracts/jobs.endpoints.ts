import { endpoint } from './contract.js';

/** Jobs (spec §7 "Jobs"). Schemas: `./jobs.ts`. */
export const jobsEndpoints = {
  list: endpoint('GET', '/jobs'),
  active: endpoint('GET', '/jobs/active'),
  get: endpoint('GET', '/jobs/:id'),
  create: endpoint('POST', '/jobs'),
  update: endpoint('PUT', '/jobs/:id'),
  remove: endpoint('DELETE', '/jobs/:id'),
  stats: endpoint('GET', '/jobs/:id/stats'),
} as const;

/** Applications (spec §7 "Applications"). Schemas: `./jobs.ts`. */
export const applicationsEndpoints = {
  list: endpoint('GET', '/applications'),
  stats: endpoint('GET', '/applications/stats'),
  byEmail: endpoint('GET', '/applications/user/:email'),
  get: endpoint('GET', '/applications/:id'),
  resume: endpoint('GET', '/applications/:id/resume'),
  create: endpoint('POST', '/applications'),
  update: endpoint('PUT', '/applications/:id'),
  bulkUpdate: endpoint('POST', '/applications/bulk-update'),
  remove: endpoint('DELETE', '/applications/:id'),
} as const;
