import { z } from 'zod';
import { MSG, idParam, pagination, plan, planBody, planBulkBody, planListQuery, planStripeBody, planUpdateBody } from '@atelier/shared';
import type { AppModule } from '../../platform/http/types.js';
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

const bearer = [{ bearer: [] }];
const planReply = z.object({ data: plan, message: z.string().optional() });

/** Spec §7 "Plans": the public list of active plans and the admin management calls. */
export const plansRoutes: AppModule = (app, ctx) => {
  const db = ctx.database.db;

  app.get(
    '/plans/active',
    { schema: { tags: ['plans'], summary: 'Active plans, in display order', response: { 200: z.object({ data: z.object({ plans: z.array(plan) }) }) } } },
    async () => ({ data: { plans: await listActivePlans(db) } }),
  );

  app.get(
    '/plans',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['plans', 'admin'],
        summary: 'Every plan (admin)',
        security: bearer,
        querystring: planListQuery,
        response: { 200: z.object({ data: z.object({ plans: z.array(plan), pagination }) }) },
      },
    },
    async (request) => ({ data: await listPlans(db, request.query) }),
  );

  app.get(
    '/plans/stripe/:productId',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['plans', 'admin'],
        summary: 'The plan with a payment-provider product id (admin)',
        security: bearer,
        params: z.object({ productId: z.string().min(1).max(200) }),
        response: { 200: planReply },
      },
    },
    async (request) => ({ data: await getPlanByStripeProduct(db, request.params.productId) }),
  );

  app.get(
    '/plans/:id',
    { schema: { tags: ['plans'], summary: 'One plan', params: idParam, response: { 200: planReply } } },
    async (request) => ({ data: toPlan(await getPlanRow(db, request.params.id)) }),
  );

  app.post(
    '/plans',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: { tags: ['plans', 'admin'], summary: 'Create a plan (admin)', security: bearer, body: planBody, response: { 201: planReply } },
    },
    async (request, reply) => {
      const created = await createPlan(db, request.body, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.plans.created });
    },
  );

  app.post(
    '/plans/bulk',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['plans', 'admin'],
        summary: 'Create several plans at once, all or nothing (admin)',
        security: bearer,
        body: planBulkBody,
        response: { 201: z.object({ data: z.array(plan), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const created = await createPlans(db, request.body.plans, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.plans.bulkCreated });
    },
  );

  app.put(
    '/plans/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: { tags: ['plans', 'admin'], summary: 'Update a plan (admin)', security: bearer, params: idParam, body: planUpdateBody, response: { 200: planReply } },
    },
    async (request) => ({ data: await updatePlan(db, request.params.id, request.body, ctx.clock()), message: MSG.plans.updated }),
  );

  app.patch(
    '/plans/:id/stripe',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['plans', 'admin'],
        summary: 'Set the payment-provider product and price ids of a plan (admin)',
        security: bearer,
        params: idParam,
        body: planStripeBody,
        response: { 200: planReply },
      },
    },
    async (request) => ({ data: await updatePlan(db, request.params.id, request.body, ctx.clock()), message: MSG.plans.stripeUpdated }),
  );

  app.delete(
    '/plans/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['plans', 'admin'],
        summary: 'Delete a plan (admin)',
        description: 'Refused with 409 while a live subscription uses the plan; deactivate it instead.',
        security: bearer,
        params: idParam,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await deletePlan(db, request.params.id);
      return { data: null, message: MSG.plans.deleted };
    },
  );
};
