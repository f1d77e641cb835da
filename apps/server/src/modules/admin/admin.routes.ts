import { adminContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import * as service from './admin.service.js';
import { generationModels } from './generation-costs.service.js';

/** User administration for admins: search, detail with ledger, role changes, and the audit trail. */
export const adminRoutes: AppModule = (app, ctx) => {
  const db = ctx.database;
  const c = adminContracts;
  const preHandler = ctx.auth.requireAdmin;

  app.route({ ...fromContract(c.users), preHandler, handler: async (request) => service.listUsers(db, request.query) });

  app.route({
    ...fromContract(c.generationModels),
    preHandler,
    handler: async () => ({ data: await generationModels(db.db, ctx.config) }),
  });

  app.route({
    ...fromContract(c.user),
    preHandler,
    handler: async (request) => ({ data: await service.userDetail(db, request.params.id) }),
  });

  app.route({
    ...fromContract(c.changeRole),
    config: { changesPublicReads: true },
    preHandler,
    handler: async (request) => ({
      data: await service.changeRole(
        db,
        { actorId: currentUser(request).id, userId: request.params.id, role: request.body.role },
        ctx.hooks,
      ),
      message: 'Role updated successfully',
    }),
  });

  app.route({
    ...fromContract(c.audit),
    preHandler,
    handler: async (request) => service.auditTrail(db, request.query.page, request.query.pageSize),
  });
};
