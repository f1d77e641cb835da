import { z } from 'zod';
import {
  adminUserDetail,
  adminUserRow,
  adminUsersQuery,
  auditEntry,
  auditQuery,
  idParam,
  adminGenerationModels,
  pagination,
  roleChangeBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import type { AppModule } from '../../platform/http/types.js';
import * as service from './admin.service.js';
import { generationModels } from './generation-costs.service.js';

const bearer = [{ bearer: [] }];

/** User administration for admins: search, detail with ledger, role changes, and the audit trail. */
export const adminRoutes: AppModule = (app, ctx) => {
  const db = ctx.database;

  app.get(
    '/admin/users',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Search accounts (admin)',
        description: 'q matches username, email or full name; role filters; newest first.',
        security: bearer,
        querystring: adminUsersQuery,
        response: { 200: z.object({ data: z.array(adminUserRow), pagination }) },
      },
    },
    async (request) => service.listUsers(db, request.query),
  );

  app.get(
    '/admin/generation/models',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Which provider serves each model, and its margin per generation (admin)',
        description:
          'Provider from GENERATION_ROUTES / GENERATION_PROVIDER; cost per generation from GENERATION_COSTS (USD); ' +
          'charged = credits × the least a credit sells for (credit products and custom pricing, in USD).',
        security: bearer,
        response: { 200: z.object({ data: adminGenerationModels }) },
      },
    },
    async () => ({ data: await generationModels(db.db, ctx.config) }),
  );

  app.get(
    '/admin/users/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One account with counts and its latest ledger rows (admin)',
        security: bearer,
        params: idParam,
        response: { 200: z.object({ data: adminUserDetail }) },
      },
    },
    async (request) => ({ data: await service.userDetail(db, request.params.id) }),
  );

  app.patch(
    '/admin/users/:id/role',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Change an account’s role (admin)',
        description: 'Recorded in the audit trail. An admin cannot change their own role (400).',
        security: bearer,
        params: idParam,
        body: roleChangeBody,
        response: { 200: z.object({ data: adminUserDetail, message: z.string() }) },
      },
    },
    async (request) => ({
      data: await service.changeRole(db, {
        actorId: currentUser(request).id,
        userId: request.params.id,
        role: request.body.role,
      }, ctx.hooks),
      message: 'Role updated successfully',
    }),
  );

  app.get(
    '/admin/audit',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Audit trail of credit adjustments and role changes (admin)',
        security: bearer,
        querystring: auditQuery,
        response: { 200: z.object({ data: z.array(auditEntry), pagination }) },
      },
    },
    async (request) => service.auditTrail(db, request.query.page, request.query.pageSize),
  );
};
