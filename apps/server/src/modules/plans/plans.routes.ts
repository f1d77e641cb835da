import { MSG, plansContracts } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import type { LiveSubscriptionsOf } from './plans.service.js';
import {
  createPlan,
  createPlans,
  deletePlan,
  getPlanByStripeProduct,
  getPlanRow,
  listActivePlans,
  listPlans,
  toPlan,
  updatePlan,
} from './plans.service.js';

/** Spec §7 "Plans": the public list of active plans and the admin management calls. */
export const plansRoutes = (liveSubscriptionsOf: LiveSubscriptionsOf): AppModule => (app, ctx) => {
  const db = ctx.database.db;
  const c = plansContracts;

  app.route({
    ...fromContract(c.active),
    handler: async () => ({ data: { plans: await listActivePlans(db) } }),
  });

  app.route({
    ...fromContract(c.list),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({ data: await listPlans(db, request.query) }),
  });

  app.route({
    ...fromContract(c.byStripeProduct),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({ data: await getPlanByStripeProduct(db, request.params.productId) }),
  });

  app.route({
    ...fromContract(c.get),
    handler: async (request) => ({ data: toPlan(await getPlanRow(db, request.params.id)) }),
  });

  app.route({
    ...fromContract(c.create),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request, reply) => {
      const created = await createPlan(db, request.body, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.plans.created });
    },
  });

  app.route({
    ...fromContract(c.createBulk),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request, reply) => {
      const created = await createPlans(db, request.body.plans, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.plans.bulkCreated });
    },
  });

  app.route({
    ...fromContract(c.update),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({ data: await updatePlan(db, request.params.id, request.body, ctx.clock()), message: MSG.plans.updated }),
  });

  app.route({
    ...fromContract(c.updateStripe),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({
      data: await updatePlan(db, request.params.id, request.body, ctx.clock()),
      message: MSG.plans.stripeUpdated,
    }),
  });

  app.route({
    ...fromContract(c.remove),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => {
      await deletePlan(db, request.params.id, liveSubscriptionsOf);
      return { data: null, message: MSG.plans.deleted };
    },
  });
};
