import { z } from 'zod';
import { contactBody } from '../schemas/auth.js';
import { contract } from './contract.js';
import { contactEndpoints, healthEndpoints, metaEndpoints } from './platform.endpoints.js';

export const contactContracts = {
  send: contract(contactEndpoints.send, {
    tags: ['contact'],
    summary: 'Send a message to the support team',
    body: contactBody,
    reply: { 201: z.object({ data: z.object({ id: z.string() }), message: z.string() }) },
  }),
} as const;

export const metaContracts = {
  config: contract(metaEndpoints.config, {
    tags: ['meta'],
    summary: 'Public configuration of this deployment',
    reply: {
      200: z.object({
        data: z.object({
          googleClientId: z.string().nullable(),
          facebookAppId: z.string().nullable(),
          signupCredits: z.number().int(),
          /** The renderer most models use; 'local' is the built-in stand-in, not an AI model. */
          generationProvider: z.string(),
          /** Which checkout the web app shows: 'local' (our card form) or 'stripe' (Stripe's embedded checkout). */
          paymentProvider: z.enum(['local', 'stripe']),
          /** Stripe.js needs it when paymentProvider is 'stripe'; public by design. */
          stripePublishableKey: z.string().nullable(),
        }),
      }),
    },
  }),
} as const;

const healthChecks = z.object({
  database: z.string(),
  migrations: z.string(),
  queue: z.string(),
  draining: z.boolean(),
});

export const healthContracts = {
  live: contract(healthEndpoints.live, {
    tags: ['health'],
    summary: 'Liveness and database check',
    reply: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }) },
  }),
  ready: contract(healthEndpoints.ready, {
    tags: ['health'],
    summary: 'Readiness for a load balancer: database reachable, migrations applied, queue running, not draining',
    reply: {
      200: z.object({ data: z.object({ status: z.literal('ready'), checks: healthChecks }) }),
      503: z.object({
        statusCode: z.literal(503),
        code: z.literal('NOT_READY'),
        error: z.string(),
        message: z.string(),
        checks: healthChecks,
      }),
    },
  }),
} as const;
