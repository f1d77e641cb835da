import { z } from 'zod';
import {
  MSG,
  calculatePriceBody,
  checkoutSession,
  creditCheckoutBody,
  creditPricing,
  creditPricingBody,
  creditProduct,
  creditProductBody,
  creditProductUpdateBody,
  creditStats,
  idParam,
  priceCalculation,
  sessionDetails,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { bearerOrApiKey, fileResponse } from '../../platform/http/openapi.js';
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

const bearer = [{ bearer: [] }];
const productReply = z.object({ data: creditProduct, message: z.string().optional() });

/** Spec §7 "Credits": what can be bought and the checkout, next to the ledger routes of modules/credits. */
export const creditsBillingRoutes: AppModule = (app, ctx) => {
  const deps = billingDeps(ctx);
  const db = deps.db;

  app.get(
    '/credits/products',
    { schema: { tags: ['credits'], summary: 'Active credit packs, in display order', response: { 200: z.object({ data: z.array(creditProduct) }) } } },
    async () => ({ data: await listProducts(db) }),
  );

  app.get(
    '/credits/products/:id',
    { schema: { tags: ['credits'], summary: 'One active credit pack', params: idParam, response: { 200: productReply } } },
    async (request) => ({ data: await getProduct(db, request.params.id) }),
  );

  app.get(
    '/credits/pricing',
    {
      schema: {
        tags: ['credits'],
        summary: 'The price of a custom amount of credits',
        description: 'pricePerCredit is in minor units (cents); the highest tier reached gives its discount.',
        response: { 200: z.object({ data: creditPricing }) },
      },
    },
    async () => ({ data: await getPricing(db) }),
  );

  app.post(
    '/credits/calculate-price',
    {
      schema: {
        tags: ['credits'],
        summary: 'Price breakdown of a custom amount',
        description:
          'subtotal = credits × unitPrice; the discount (percent of the highest tier reached) is rounded half up to a whole minor unit; total = subtotal − discount.',
        body: calculatePriceBody,
        response: { 200: z.object({ data: priceCalculation }) },
      },
    },
    async (request) => ({ data: await calculatePrice(db, request.body.credits) }),
  );

  app.post(
    '/credits/embedded-checkout',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'Start buying a credit pack or a custom amount',
        description: 'Creates a pending checkout (amount fixed now) and a payment session for the embedded checkout.',
        security: bearer,
        body: creditCheckoutBody,
        response: { 200: z.object({ data: checkoutSession }) },
      },
    },
    async (request) => ({ data: await createCreditCheckout(deps, currentUser(request).id, request.body) }),
  );

  app.get(
    '/credits/session/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'A checkout session of yours, reconciled with the payment provider',
        security: bearer,
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: z.object({ data: sessionDetails }) },
      },
    },
    async (request) => ({ data: await getSessionDetails(deps, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/credits/history.csv',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'Your whole credit history as CSV',
        security: bearerOrApiKey('credits:read'),
        response: fileResponse('text/csv', 'The ledger as CSV, newest first'),
      },
    },
    async (request, reply) => {
      const csv = await historyCsv(db, currentUser(request).id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="credit-history.csv"')
        .send(csv);
    },
  );

  app.get(
    '/credits/admin/stats',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['credits', 'admin'],
        summary: 'Credit and revenue totals (admin)',
        description: 'Credit totals are in credits; totalRevenue and revenue are minor units of the store currency.',
        security: bearer,
        response: { 200: z.object({ data: z.object({ stats: creditStats }) }) },
      },
    },
    async () => ({ data: { stats: await creditStatsFor(db) } }),
  );

  app.get(
    '/credits/admin/products',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: { tags: ['credits', 'admin'], summary: 'Every credit pack, active or not (admin)', security: bearer, response: { 200: z.object({ data: z.array(creditProduct) }) } },
    },
    async () => ({ data: await listProducts(db, true) }),
  );

  app.post(
    '/credits/admin/products',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: { tags: ['credits', 'admin'], summary: 'Create a credit pack (admin)', security: bearer, body: creditProductBody, response: { 201: productReply } },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await createProduct(db, { ...body, stripePriceId: body.stripePriceId ?? null }, ctx.clock());
      return reply.status(201).send({ data: created, message: MSG.credits.productCreated });
    },
  );

  app.put(
    '/credits/admin/products/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['credits', 'admin'],
        summary: 'Update a credit pack (admin)',
        security: bearer,
        params: idParam,
        body: creditProductUpdateBody,
        response: { 200: productReply },
      },
    },
    async (request) => ({ data: await updateProduct(db, request.params.id, request.body, ctx.clock()), message: MSG.credits.productUpdated }),
  );

  app.delete(
    '/credits/admin/products/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['credits', 'admin'],
        summary: 'Delete a credit pack (admin)',
        description: 'Past purchases keep their description, credits and amount.',
        security: bearer,
        params: idParam,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await deleteProduct(db, request.params.id);
      return { data: null, message: MSG.credits.productDeleted };
    },
  );

  app.put(
    '/credits/admin/pricing',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: { tags: ['credits', 'admin'], summary: 'Set custom-amount pricing (admin)', security: bearer, body: creditPricingBody, response: { 200: z.object({ data: creditPricing, message: z.string() }) } },
    },
    async (request) => ({ data: await updatePricing(db, request.body, ctx.clock()), message: MSG.credits.pricingUpdated }),
  );
};
