import { z } from 'zod';
import { idParam, pagination } from '../schemas/common.js';
import { adminUserDetail, adminUserRow, adminUsersQuery, auditEntry, auditQuery, roleChangeBody } from '../schemas/dashboards.js';
import { adminGenerationModels } from '../schemas/generation-admin.js';
import { adminEndpoints as a } from './admin.endpoints.js';
import { contract } from './contract.js';

const tags = ['admin'];

export const adminContracts = {
  users: contract(a.users, {
    tags,
    summary: 'Search accounts (admin)',
    description: 'q matches username, email or full name; role filters; newest first.',
    query: adminUsersQuery,
    reply: { 200: z.object({ data: z.array(adminUserRow), pagination }) },
  }),
  generationModels: contract(a.generationModels, {
    tags,
    summary: 'Which provider serves each model, and its margin per generation (admin)',
    description:
      'Provider from GENERATION_ROUTES / GENERATION_PROVIDER; cost per generation from GENERATION_COSTS (USD); ' +
      'charged = credits × the least a credit sells for (credit products and custom pricing, in USD).',
    reply: { 200: z.object({ data: adminGenerationModels }) },
  }),
  user: contract(a.user, {
    tags,
    summary: 'One account with counts and its latest ledger rows (admin)',
    params: idParam,
    reply: { 200: z.object({ data: adminUserDetail }) },
  }),
  changeRole: contract(a.changeRole, {
    tags,
    summary: 'Change an account’s role (admin)',
    description: 'Recorded in the audit trail. An admin cannot change their own role (400).',
    params: idParam,
    body: roleChangeBody,
    reply: { 200: z.object({ data: adminUserDetail, message: z.string() }) },
  }),
  audit: contract(a.audit, {
    tags,
    summary: 'Audit trail of credit adjustments and role changes (admin)',
    query: auditQuery,
    reply: { 200: z.object({ data: z.array(auditEntry), pagination }) },
  }),
} as const;
