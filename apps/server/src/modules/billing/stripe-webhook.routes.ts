import { paymentsContracts } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
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
    scope.route({
      ...fromContract(paymentsContracts.stripeWebhook),
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        return { data: await receiveStripeWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined) };
      },
    });
  });
}
