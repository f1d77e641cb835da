import Stripe from 'stripe';
import type { Config } from '../../config.js';

export type StripeClient = Stripe;

/**
 * The official SDK, pointed at STRIPE_API_URL when set (tests run a local stand-in there, so
 * nothing reaches stripe.com). Retries are the SDK's own, with its idempotency keys.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): StripeClient {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (config.STRIPE_API_URL) {
    const url = new URL(config.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}
