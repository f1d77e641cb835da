import { z } from 'zod';
import { contactBody } from '@atelier/shared';
import type { AppModule } from '../../platform/http/types.js';
import { rateLimited } from '../auth/index.js';
import { sendContactMessage } from './contact.service.js';

export const CONTACT_SENT = 'Thanks! Your message has been sent.';

/** The contact form: stored, then mailed to support. */
export const contactRoutes: AppModule = (app, ctx) => {
  app.post(
    '/contact',
    {
      preHandler: ctx.auth.optionalAuth,
      config: rateLimited(ctx.config, 'contact'),
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the support team',
        body: contactBody,
        response: { 201: z.object({ data: z.object({ id: z.string() }), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const data = await sendContactMessage(
        { db: ctx.database.db, clock: ctx.clock, mailer: ctx.mailer, config: ctx.config, log: request.log },
        request.body,
        request.auth ? { id: request.auth.id } : null,
      );
      return reply.status(201).send({ data, message: CONTACT_SENT });
    },
  );
};
