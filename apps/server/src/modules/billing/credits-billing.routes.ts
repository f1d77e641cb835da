import { MSG, creditsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { adjustCreditsByAdmin, checkCredits, getBalance, getHistory } from '../credits/index.js';
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

function requestKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (value.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters');
  return value;
}

/**
 * Spec §7 "Credits": every `/credits/*` route. The balance, history, check and admin add/deduct
 * read and write the ledger through the credits face; the packs, pricing and checkout are billing's.
 * Billing serves them all because it already depends on the ledger, and the ledger must not
 * depend on billing.
 */
export const creditsBillingRoutes: AppModule = (app, ctx) => {
  const deps = billingDeps(ctx);
  const db = deps.db;
  const c = creditsContracts;
  const security = bearerOrApiKey('credits:read');

  app.route({
    ...fromContract(c.balance, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { credits: await getBalance(db, currentUser(request).id) } }),
  });

  app.route({
    ...fromContract(c.history, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => getHistory(db, currentUser(request).id, request.query),
  });

  app.route({
    ...fromContract(c.check, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await checkCredits(db, currentUser(request).id, request.body.amount) }),
  });

  const adjustments = [
    ['add', c.adminAdd, MSG.credits.creditsAdded],
    ['deduct', c.adminDeduct, MSG.credits.creditsDeducted],
  ] as const;
  for (const [direction, at, message] of adjustments) {
    app.route({
      ...fromContract(at),
      preHandler: ctx.auth.requireAdmin,
      handler: async (request) => {
        const data = await adjustCreditsByAdmin({ db, realtime: ctx.realtime }, direction, {
          actorId: currentUser(request).id,
          ...request.body,
          requestKey: requestKey(request.headers['idempotency-key']),
        });
        return { data, message };
      },
    });
  }

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
    ...fromContract(c.historyCsv, { security }),
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
