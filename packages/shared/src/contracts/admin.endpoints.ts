import { endpoint } from './contract.js';

/** User administration and the audit trail. Schemas: `./admin.ts`. */
export const adminEndpoints = {
  users: endpoint('GET', '/admin/users'),
  generationModels: endpoint('GET', '/admin/generation/models'),
  user: endpoint('GET', '/admin/users/:id'),
  changeRole: endpoint('PATCH', '/admin/users/:id/role'),
  audit: endpoint('GET', '/admin/audit'),
} as const;
