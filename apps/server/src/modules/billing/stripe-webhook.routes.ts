import { z } from 'zod';
import type { App } from '../../platform/http/types.js';
import type { BillingModuleDeps } from './billing.deps.js';
import { receiveStripeWebhook } from './stripe-webhook.service.js';

/**
 * POST /billing/webhooks/stripe, in a scope of its own: the signature covers the raw bytes, so
 * this scope's only body parser keeps them as a Buffer, while the rest of the API parses JSON.
 */
export async function registerStripeWebhook(app: App, deps: BillingModuleDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/billing/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signed)',
          description:
            'Verifies Stripe-Signature over the raw body with STRIPE_WEBHOOK_SECRET; a missing or wrong signature is 400 and changes nothing. ' +
            'Each event is recorded once by its id; the credits of a payment are granted once whatever the order or number of deliveries.',
          response: { 200: z.object({ data: z.object({ received: z.literal(true), events: z.number().int(), recorded: z.number().int() }) }) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return { data: await receiveStripeWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined) };
      },
    );
  });
}
