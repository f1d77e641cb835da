import { contactContracts } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import { rateLimited } from '../auth/index.js';
import { sendContactMessage } from './contact.service.js';

export const CONTACT_SENT = 'Thanks! Your message has been sent.';

/** The contact form: stored, then mailed to support. */
export const contactRoutes: AppModule = (app, ctx) => {
  app.route({
    ...fromContract(contactContracts.send),
    preHandler: ctx.auth.optionalAuth,
    config: rateLimited(ctx.config, 'contact'),
    handler: async (request, reply) => {
      const data = await sendContactMessage(
        { db: ctx.database.db, clock: ctx.clock, mailer: ctx.mailer, config: ctx.config, log: request.log },
        request.body,
        request.auth ? { id: request.auth.id } : null,
      );
      return reply.status(201).send({ data, message: CONTACT_SENT });
    },
  });
};
