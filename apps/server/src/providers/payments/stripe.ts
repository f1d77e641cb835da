import type Stripe from 'stripe';
import { MSG } from '@atelier/shared';
import { AppError } from '../../platform/http/errors.js';
import type { StripeClient } from './stripe-client.js';
import {
  STRIPE_PROVIDER,
  asCheckoutId,
  completedEvent,
  invoiceSubscription,
  periodPaidEvent,
  stateEvent,
  subscriptionState,
} from './stripe-events.js';
import type {
  CheckoutUiMode,
  CreateSessionInput,
  CreatedSession,
  PaymentEvent,
  PaymentProvider,
  PriceChange,
  ProviderSubscriptions,
  RenewalChargeResult,
} from './types.js';

export { STRIPE_PROVIDER } from './stripe-events.js';

export interface StripePaymentProvider extends PaymentProvider {
  readonly subscriptions: ProviderSubscriptions;
  /** A verified webhook event as our events (none when it is not ours or needs no action). */
  toPaymentEvents(event: Stripe.Event): Promise<PaymentEvent[]>;
}

/**
 * What the Stripe adapter reads and keeps on our side. Billing owns those tables (and asks the
 * account's owner for the contact) and passes this in, so the adapter knows no table.
 */
export interface StripeCustomerStore {
  /** Our Stripe customer id for the user, if one was made. */
  customerId(userId: string, provider: string): Promise<string | null>;
  /** Keeps the first customer id stored for the user (a concurrent first checkout's stays). */
  saveCustomer(row: { userId: string; provider: string; customerId: string; createdAt: Date }): Promise<void>;
  /** The name and email Stripe shows on the customer. */
  contact(userId: string): Promise<{ email: string; fullName: string } | undefined>;
  /** Our checkout id for a provider's subscription id. */
  checkoutIdOfSubscription(provider: string, providerSubscriptionId: string): Promise<string | null>;
}

export interface StripeProviderDeps {
  store: StripeCustomerStore;
  stripe: StripeClient;
  clock: () => Date;
  /** Where our own pages live (the embedded checkout's return page, the portal's way back). */
  publicUrl: string;
}

const UI_MODES: Record<CheckoutUiMode, Stripe.Checkout.SessionCreateParams.UiMode> = {
  embedded: 'embedded_page',
  custom: 'elements',
  hosted: 'hosted_page',
};

/**
 * A Stripe failure reaches the customer as the spec's message for the action (502: the provider,
 * not their input, failed); the SDK's own message may name internals.
 */
async function call<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, message, 'PAYMENT_PROVIDER_ERROR');
  }
}

/**
 * Stripe as the payment provider: Checkout Sessions (embedded, hosted or custom) for credit packs,
 * custom amounts and plans; renewals billed by Stripe and reported by webhooks (invoice.paid);
 * plan changes, cancellation and the billing portal made through Stripe's API. Every outcome
 * becomes a PaymentEvent for billing's one exactly-once event path.
 */
export function createStripePaymentProvider(deps: StripeProviderDeps): StripePaymentProvider {
  const { store, stripe, clock, publicUrl } = deps;

  const storedCustomer = (userId: string) => store.customerId(userId, STRIPE_PROVIDER);

  /** One Stripe customer per user, so every purchase and the portal show the same history. */
  async function ensureCustomer(userId: string): Promise<string> {
    const known = await storedCustomer(userId);
    if (known) return known;
    const user = await store.contact(userId);
    if (!user) throw new AppError(404, 'User not found');
    // The idempotency key makes two concurrent first checkouts create one customer at Stripe.
    const customer = await stripe.customers.create(
      { email: user.email, name: user.fullName, metadata: { userId } },
      { idempotencyKey: `atelier-customer-${userId}` },
    );
    await store.saveCustomer({ userId, provider: STRIPE_PROVIDER, customerId: customer.id, createdAt: clock() });
    return (await storedCustomer(userId)) ?? customer.id;
  }

  async function checkoutIdOfSubscription(sub: { id: string; metadata?: Stripe.Metadata | null }): Promise<string | null> {
    const fromMetadata = asCheckoutId(sub.metadata?.checkoutId);
    if (fromMetadata) return fromMetadata;
    return store.checkoutIdOfSubscription(STRIPE_PROVIDER, sub.id);
  }

  async function subscriptionOf(session: Stripe.Checkout.Session): Promise<Stripe.Subscription | null> {
    if (session.mode !== 'subscription' || !session.subscription) return null;
    if (typeof session.subscription !== 'string') return session.subscription;
    return stripe.subscriptions.retrieve(session.subscription);
  }

  async function sessionCompleted(eventId: string, session: Stripe.Checkout.Session, paidAt: Date): Promise<PaymentEvent[]> {
    if (session.status !== 'complete') return [];
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return [];
    const event = completedEvent(eventId, session, paidAt, await subscriptionOf(session));
    return event ? [event] : [];
  }

  const subscriptionOps: ProviderSubscriptions = {
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      const message = cancel ? MSG.subscription.cancelFailed : MSG.subscription.reactivateFailed;
      const sub = await call(message, () => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel }));
      return subscriptionState(sub);
    },

    async changePrice(change: PriceChange) {
      const message = MSG.subscription.changePlanFailed;
      const current = await call(message, () => stripe.subscriptions.retrieve(change.providerSubscriptionId));
      const item = current.items.data[0];
      if (!item) throw new AppError(409, 'This subscription has nothing to change');
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      const interval = change.frequency === 'yearly' ? 'year' : 'month';
      const updated = await call(message, () =>
        stripe.subscriptions.update(change.providerSubscriptionId, {
          items: [
            change.providerPriceId
              ? { id: item.id, price: change.providerPriceId }
              : { id: item.id, price_data: { currency: change.currency, product, unit_amount: change.amount, recurring: { interval } } },
          ],
          // The customer pays (or is credited) the difference for the rest of the period now.
          proration_behavior: 'create_prorations',
          // Metadata is merged, so the checkout id stays; the plan and frequency map later events back.
          metadata: { planId: change.planId, frequency: change.frequency },
        }),
      );
      return subscriptionState(updated);
    },

    async portalUrl(userId, returnUrl) {
      const customer = await storedCustomer(userId);
      if (!customer) return null;
      const session = await call(MSG.subscription.portalFailed, () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return session.url;
    },
  };

  return {
    name: STRIPE_PROVIDER,
    renewals: 'provider',
    subscriptions: subscriptionOps,

    async createSession(input: CreateSessionInput): Promise<CreatedSession> {
      const uiMode = input.uiMode ?? 'embedded';
      const message = uiMode === 'custom' ? MSG.subscription.customCheckoutFailed : MSG.subscription.checkoutFailed;
      return call(message, async () => {
        const customer = await ensureCustomer(input.userId);
        const metadata: Record<string, string> = { checkoutId: input.reference, userId: input.userId };
        if (input.planId) metadata.planId = input.planId;
        if (input.frequency) metadata.frequency = input.frequency;
        const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = input.providerPriceId
          ? { price: input.providerPriceId, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amount,
                product_data: { name: input.description },
                ...(input.interval ? { recurring: { interval: input.interval } } : {}),
              },
            };
        // Stripe puts the session id in place of the placeholder; our checkout page reconciles it.
        const returnUrl = `${publicUrl}/checkout/{CHECKOUT_SESSION_ID}`;
        const session = await stripe.checkout.sessions.create(
          {
            mode: input.interval ? 'subscription' : 'payment',
            ui_mode: UI_MODES[uiMode],
            customer,
            client_reference_id: input.reference,
            metadata,
            line_items: [lineItem],
            ...(uiMode === 'hosted' ? { success_url: returnUrl, cancel_url: `${publicUrl}/billing` } : { return_url: returnUrl }),
            // Later events (invoices, subscription changes) carry the checkout id through this metadata.
            ...(input.interval ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          },
          { idempotencyKey: `atelier-checkout-${input.reference}` },
        );
        return { sessionId: session.id, clientSecret: session.client_secret ?? '', url: session.url ?? null };
      });
    },

    async sessionEvents(sessionId: string): Promise<PaymentEvent[]> {
      const session = await call(MSG.subscription.fetchSessionFailed, () =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
      );
      // One stable id per session: reconciling twice is one event, and the webhook for the same
      // payment (another id) meets the checkout's ledger key and grants nothing more.
      return sessionCompleted(`reconcile:${session.id}`, session, clock());
    },

    async chargeRenewal(): Promise<RenewalChargeResult> {
      // Stripe bills renewals itself (renewals: 'provider'); the sweep never asks.
      return { ok: false, message: 'Stripe renews subscriptions itself' };
    },

    async toPaymentEvents(event: Stripe.Event): Promise<PaymentEvent[]> {
      const occurredAt = new Date(event.created * 1000);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          // An unpaid completed session (a bank debit in flight) waits for async_payment_succeeded.
          return sessionCompleted(event.id, event.data.object, occurredAt);
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const checkoutId = asCheckoutId(session.client_reference_id ?? session.metadata?.checkoutId);
          if (!checkoutId) return [];
          return [
            { id: event.id, provider: STRIPE_PROVIDER, type: 'checkout.declined', checkoutId, sessionId: session.id, message: 'Your payment failed.' },
          ];
        }
        case 'invoice.paid': {
          const invoice = event.data.object;
          const ref = invoiceSubscription(invoice);
          if (!ref.id) return [];
          const checkoutId = ref.checkoutId ?? (await checkoutIdOfSubscription({ id: ref.id }));
          if (!checkoutId) return [];
          const paid = periodPaidEvent(event.id, invoice, checkoutId, ref.id);
          return paid ? [paid] : [];
        }
        case 'invoice.payment_failed': {
          const ref = invoiceSubscription(event.data.object);
          if (!ref.id) return [];
          const checkoutId = ref.checkoutId ?? (await checkoutIdOfSubscription({ id: ref.id }));
          if (!checkoutId) return [];
          return [
            {
              id: event.id,
              provider: STRIPE_PROVIDER,
              type: 'subscription.payment_failed',
              checkoutId,
              providerSubscriptionId: ref.id,
              occurredAt: occurredAt.toISOString(),
            },
          ];
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          const checkoutId = await checkoutIdOfSubscription(sub);
          return checkoutId ? [stateEvent(event.id, sub, occurredAt, checkoutId)] : [];
        }
        default:
          return [];
      }
    },
  };
}
