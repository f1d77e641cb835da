import { MSG, creditsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { billingDeps } from './billing.deps.js';
import {
  calculatePrice,
  createCreditCheckout,
  createProduct,
  creditStatsFor,
  deleteProduct,
  getPricing,
  getProduct,
  getSessionDetails,
  listProducts,
  updatePricing,
  updateProduct,
} from './billing.service.js';
import { historyCsv } from './history-csv.js';

/** Spec §7 "Credits": what can be bought and the checkout, next to the ledger routes of modules/credits. */
export const creditsBillingRoutes: AppModule = (app, ctx) => {
  const deps = billingDeps(ctx);
  const db = deps.db;
  const c = creditsContracts;

  app.route({
    ...fromContract(c.products),
    handler: async () => ({ data: await listProducts(db) }),
  });

  app.route({
    ...fromContract(c.product),
    handler: async (request) => ({ data: await getProduct(db, request.params.id) }),
  });

  app.route({
    ...fromContract(c.pricing),
    handler: async () => ({ data: await getPricing(db) }),
  });

  app.route({
    ...fromContract(c.calculatePrice),
    handler: async (request) => ({ data: await calculatePrice(db, request.body.credits) }),
  });

  app.route({
    ...fromContract(c.checkout),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await createCreditCheckout(deps, currentUser(request).id, request.body) }),
  });

  app.route({
    ...fromContract(c.session),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await getSessionDetails(deps, currentUser(request).id, request.params.id) }),
  });

  app.route({
    ...fromContract(c.historyCsv, { security: bearerOrApiKey('credits:read') }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const csv = await historyCsv(db, currentUser(request).id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="credit-history.csv"')
        .send(csv);
    },
  });

  app.route({
    ...fromContract(c.adminStats),
    preHandler: ctx.auth.requireAdmin,
    handler: async () => ({ data: { stats: await creditStatsFor(db) } }),
  });

  app.route({
    ...fromContract(c.adminProducts),
    preHandler: ctx.auth.requireAdmin,
    handler: async () => ({ data: await listProducts(db, true) }),
  });

  app.route({
    ...fromContract(c.createProduct),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request, reply) => {
      const body = request.body;
      const created = await createProduct(db, { ...body, stripePriceId: body.stripePriceId ?? null }, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.credits.productCreated });
    },
  });

  app.route({
    ...fromContract(c.updateProduct),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({
      data: await updateProduct(db, request.params.id, request.body, ctx.clock()),
      message: MSG.credits.productUpdated,
    }),
  });

  app.route({
    ...fromContract(c.deleteProduct),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => {
      await deleteProduct(db, request.params.id);
      return { data: null, message: MSG.credits.productDeleted };
    },
  });

  app.route({
    ...fromContract(c.updatePricing),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({ data: await updatePricing(db, request.body, ctx.clock()), message: MSG.credits.pricingUpdated }),
  });
};
