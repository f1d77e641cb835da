import type { ModuleContext } from '../../platform/http/types.js';
import { createLocalPaymentProvider, type LocalPaymentProvider } from '../../providers/payments/local.js';
import { createStripeClient, type StripeClient } from '../../providers/payments/stripe-client.js';
import { createStripePaymentProvider, type StripePaymentProvider } from '../../providers/payments/stripe.js';
import type { BillingDeps } from './billing.service.js';
import { localCheckoutStore, stripeCustomerStore } from './payment-stores.repository.js';

export interface StripeBilling {
  provider: StripePaymentProvider;
  client: StripeClient;
  /** Verifies webhook signatures; null refuses every webhook. */
  webhookSecret: string | null;
}

export interface BillingModuleDeps extends BillingDeps {
  local: LocalPaymentProvider;
  /** Set when STRIPE_SECRET_KEY is: Stripe is then the provider of every new checkout. */
  stripe: StripeBilling | null;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the local checkout. Both keep their state in the
 * database or at Stripe, so every process builds an equal instance. The local provider stays
 * available for its own routes (its sessions made before a switch can still be paid).
 */
export function billingDeps(ctx: Pick<ModuleContext, 'database' | 'realtime' | 'clock' | 'config' | 'queue' | 'webhooks'>): BillingModuleDeps {
  const local = createLocalPaymentProvider({ store: localCheckoutStore(ctx.database.db), clock: ctx.clock });
  const publicUrl = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  let stripe: StripeBilling | null = null;
  if (ctx.config.STRIPE_SECRET_KEY) {
    const client = createStripeClient(ctx.config);
    stripe = {
      client,
      provider: createStripePaymentProvider({ store: stripeCustomerStore(ctx.database.db), stripe: client, clock: ctx.clock, publicUrl }),
      webhookSecret: ctx.config.STRIPE_WEBHOOK_SECRET ?? null,
    };
  }
  return {
    db: ctx.database.db,
    realtime: ctx.realtime,
    clock: ctx.clock,
    provider: stripe?.provider ?? local,
    local,
    stripe,
    publicUrl,
    webhooks: ctx.webhooks.emitter(),
  };
}
