import { z } from 'zod';
import {
  MSG,
  adminCreditsBody,
  adminCreditsResult,
  creditBalance,
  creditCheckBody,
  creditCheckResult,
  creditHistoryQuery,
  ledgerEntry,
  pagination,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { adjustCreditsByAdmin, checkCredits, getBalance, getHistory } from './credits.service.js';

const bearer = [{ bearer: [] }];

function requestKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (value.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters');
  return value;
}

/** Spec §7 "Credits": balance, history, check, and the admin add/deduct actions. */
export const creditsRoutes: AppModule = (app, ctx) => {
  const db = ctx.database.db;

  app.get(
    '/credits/balance',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'The signed-in user’s credit balance',
        security: bearerOrApiKey('credits:read'),
        response: { 200: z.object({ data: creditBalance }) },
      },
    },
    async (request) => ({ data: { credits: await getBalance(db, currentUser(request).id) } }),
  );

  app.get(
    '/credits/history',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'The signed-in user’s ledger, newest first',
        security: bearerOrApiKey('credits:read'),
        querystring: creditHistoryQuery,
        response: { 200: z.object({ data: z.array(ledgerEntry), pagination }) },
      },
    },
    async (request) => getHistory(db, currentUser(request).id, request.query),
  );

  app.post(
    '/credits/check',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['credits'],
        summary: 'Whether the balance covers an amount',
        security: bearerOrApiKey('credits:read'),
        body: creditCheckBody,
        response: { 200: z.object({ data: creditCheckResult }) },
      },
    },
    async (request) => ({ data: await checkCredits(db, currentUser(request).id, request.body.amount) }),
  );

  const adminReply = z.object({ data: adminCreditsResult, message: z.string() });
  for (const direction of ['add', 'deduct'] as const) {
    app.post(
      `/credits/admin/${direction}`,
      {
        preHandler: ctx.auth.requireAdmin,
        schema: {
          tags: ['credits', 'admin'],
          summary: direction === 'add' ? 'Add credits to a user (admin)' : 'Deduct credits from a user (admin)',
          description:
            'Recorded in the ledger with the acting admin and the reason. A deduction larger than the balance is refused with 409. ' +
            'An Idempotency-Key header makes a retried call apply once.',
          security: bearer,
          body: adminCreditsBody,
          response: { 200: adminReply },
        },
      },
      async (request) => {
        const data = await adjustCreditsByAdmin({ db, realtime: ctx.realtime }, direction, {
          actorId: currentUser(request).id,
          ...request.body,
          requestKey: requestKey(request.headers['idempotency-key']),
        });
        return { data, message: direction === 'add' ? MSG.credits.creditsAdded : MSG.credits.creditsDeducted };
      },
    );
  }
};
