import { MSG, creditsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { adjustCreditsByAdmin, checkCredits, getBalance, getHistory } from './credits.service.js';

function requestKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (value.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters');
  return value;
}

/** Spec §7 "Credits": balance, history, check, and the admin add/deduct actions. */
export const creditsRoutes: AppModule = (app, ctx) => {
  const db = ctx.database.db;
  const security = bearerOrApiKey('credits:read');
  const c = creditsContracts;

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
};
