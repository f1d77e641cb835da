import type Stripe from 'stripe';
import type {
  CheckoutCompletedEvent,
  PeriodPaidEvent,
  ProviderSubscriptionState,
  ProviderSubscriptionStatus,
  SubscriptionStateEvent,
} from './types.js';

export const STRIPE_PROVIDER = 'stripe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our checkout id when a value is one; anything else (another app's object on the same account) is not ours. */
export function asCheckoutId(value: string | null | undefined): string | null {
  return value && UUID.test(value) ? value : null;
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function mapStatus(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    case 'incomplete_expired':
      return 'canceled';
    // Unpaid and paused subscriptions are not being paid for: the closest of our states.
    default:
      return 'past_due';
  }
}

/** The period the subscription is in; since API 2025-03-31 it lives on the subscription items. */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: number; end: number } {
  const items = sub.items.data;
  const start = Math.max(...items.map((i) => i.current_period_start));
  const end = Math.max(...items.map((i) => i.current_period_end));
  return { start, end };
}

export function subscriptionState(sub: Stripe.Subscription): ProviderSubscriptionState {
  const period = subscriptionPeriod(sub);
  return {
    status: mapStatus(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: new Date(period.start * 1000),
    periodEnd: new Date(period.end * 1000),
  };
}

const frequencyOf = (value: string | undefined): 'monthly' | 'yearly' | null =>
  value === 'monthly' || value === 'yearly' ? value : null;

/**
 * The completion of a paid checkout session. For a subscription the period comes from the
 * subscription itself (given expanded or fetched), so it equals the first invoice's period and
 * both events grant under the same ledger key.
 */
export function completedEvent(
  eventId: string,
  session: Stripe.Checkout.Session,
  paidAt: Date,
  subscription: Stripe.Subscription | null,
): CheckoutCompletedEvent | null {
  const checkoutId = asCheckoutId(session.client_reference_id ?? session.metadata?.checkoutId);
  if (!checkoutId) return null;
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
  const event: CheckoutCompletedEvent = {
    id: eventId,
    provider: STRIPE_PROVIDER,
    type: 'checkout.completed',
    checkoutId,
    sessionId: session.id,
    paidAt: paidAt.toISOString(),
  };
  const customerId = idOf(session.customer);
  if (customerId) event.providerCustomerId = customerId;
  if (subscription) {
    const period = subscriptionPeriod(subscription);
    event.providerSubscriptionId = subscription.id;
    event.periodStart = iso(period.start);
    event.periodEnd = iso(period.end);
  }
  return event;
}

export function stateEvent(eventId: string, sub: Stripe.Subscription, occurredAt: Date, checkoutId: string): SubscriptionStateEvent {
  const period = subscriptionPeriod(sub);
  const item = sub.items.data[0];
  return {
    id: eventId,
    provider: STRIPE_PROVIDER,
    type: 'subscription.updated',
    checkoutId,
    providerSubscriptionId: sub.id,
    providerCustomerId: idOf(sub.customer),
    status: mapStatus(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: iso(period.start),
    periodEnd: iso(period.end),
    canceledAt: sub.ended_at ? iso(sub.ended_at) : sub.canceled_at ? iso(sub.canceled_at) : null,
    planId: asCheckoutId(sub.metadata?.planId),
    frequency: frequencyOf(sub.metadata?.frequency),
    priceId: item?.price.id ?? null,
    occurredAt: occurredAt.toISOString(),
  };
}

/** The subscription an invoice bills, and the metadata it had then (where our checkout id is). */
export function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; checkoutId: string | null } {
  const details = invoice.parent?.subscription_details ?? null;
  return { id: idOf(details?.subscription ?? null), checkoutId: asCheckoutId(details?.metadata?.checkoutId) };
}

/**
 * A paid invoice is a paid period when it bills the subscription's service period; an invoice
 * made only of prorations (a mid-period plan change) pays for no new period and grants nothing.
 */
export function periodPaidEvent(eventId: string, invoice: Stripe.Invoice, checkoutId: string, subscriptionId: string): PeriodPaidEvent | null {
  const periods = invoice.lines.data
    .filter((line) => {
      const parent = line.parent;
      if (!parent) return true;
      const proration = parent.subscription_item_details?.proration ?? parent.invoice_item_details?.proration ?? false;
      return !proration;
    })
    .map((line) => line.period);
  if (periods.length === 0) return null;
  const latest = periods.reduce((a, b) => (b.end > a.end ? b : a));
  return {
    id: eventId,
    provider: STRIPE_PROVIDER,
    type: 'subscription.period_paid',
    checkoutId,
    periodStart: iso(latest.start),
    periodEnd: iso(latest.end),
    providerSubscriptionId: subscriptionId,
  };
}
