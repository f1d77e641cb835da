import { endpoint } from './contract.js';

/** Plans (spec §7 "Plans"). Schemas: `./plans.ts`. */
export const plansEndpoints = {
  active: endpoint('GET', '/plans/active'),
  list: endpoint('GET', '/plans'),
  byStripeProduct: endpoint('GET', '/plans/stripe/:productId'),
  get: endpoint('GET', '/plans/:id'),
  create: endpoint('POST', '/plans'),
  createBulk: endpoint('POST', '/plans/bulk'),
  update: endpoint('PUT', '/plans/:id'),
  updateStripe: endpoint('PATCH', '/plans/:id/stripe'),
  remove: endpoint('DELETE', '/plans/:id'),
} as const;
