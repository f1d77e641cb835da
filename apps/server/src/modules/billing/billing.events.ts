import { checkoutOutcomes } from '../../platform/observability/metrics.js';
import type { Db } from '../../platform/db/db.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { addInterval, type PaymentEvent, type SubscriptionStateEvent } from '../../providers/payments/types.js';
import { announceBalance, applyCredits, IdempotencyKeyReuseError } from '../credits/index.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';
import { findPlanRow, findPlanRowByProviderPrice } from '../plans/index.js';
import type { CheckoutRow, SubscriptionRow } from './billing.schema.js';
import {
  cancelSubscriptionsOf,
  countLiveSubscriptionsOfPlan,
  insertSubscription,
  lockCheckoutRow,
  lockSubscriptionOfCheckout,
  markCheckoutComplete,
  markCheckoutDeclined,
  markSubscriptionPastDue,
  recordPaymentEvent,
  setSubscription,
  updateSubscriptionRow,
} from './billing.repository.js';
import { ledgerKeys } from '../credits/index.js';

export interface PaymentEventDeps {
  db: Db;
  realtime: Pick<Realtime, 'toUser'>;
  /** Tells the owner's webhook endpoints about a grant (`credits.purchased`). */
  webhooks?: WebhookEmitter;
}

export interface HandledEvent {
  /** False when this event id had been recorded before: nothing was changed. */
  isNew: boolean;
  /** Credits this delivery added (0 for a duplicate or when the grant had already been made). */
  granted: number;
}

const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'incomplete'] as const;

/** Credits a subscription period grants: the plan's monthly amount, twelve times for a yearly period. */
export function periodCredits(creditsPerPeriod: number, frequency: 'monthly' | 'yearly'): number {
  return frequency === 'yearly' ? creditsPerPeriod * 12 : creditsPerPeriod;
}

async function markComplete(tx: Db, checkout: CheckoutRow, paidAt: Date): Promise<void> {
  if (checkout.status === 'complete') return;
  await markCheckoutComplete(tx, checkout.id, paidAt);
}

interface ProviderLink {
  providerSubscriptionId?: string | null | undefined;
  providerCustomerId?: string | null | undefined;
}

/** The subscription a paid subscription checkout started; created by whichever event comes first. */
async function ensureSubscription(
  tx: Db,
  checkout: CheckoutRow,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
  link: ProviderLink = {},
  status: 'active' | 'trialing' | 'past_due' = 'active',
): Promise<SubscriptionRow> {
  const existing = await lockSubscriptionOfCheckout(tx, checkout.id);
  if (existing) return linkProvider(tx, existing, link);
  // A user has one live subscription; a second paid checkout replaces the first.
  await cancelSubscriptionsOf(tx, checkout.userId, LIVE_STATUSES, now);
  const created = await insertSubscription(tx, {
    userId: checkout.userId,
    planId: checkout.planId,
    checkoutId: checkout.id,
    status,
    billingFrequency: checkout.billingFrequency ?? 'monthly',
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    provider: checkout.provider,
    providerSubscriptionId: link.providerSubscriptionId ?? null,
    providerCustomerId: link.providerCustomerId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) throw new Error('subscription insert returned nothing');
  return created;
}

/** Records the provider's ids on a subscription the first time an event carries them. */
async function linkProvider(tx: Db, sub: SubscriptionRow, link: ProviderLink): Promise<SubscriptionRow> {
  const values: Partial<SubscriptionRow> = {};
  if (link.providerSubscriptionId && !sub.providerSubscriptionId) values.providerSubscriptionId = link.providerSubscriptionId;
  if (link.providerCustomerId && !sub.providerCustomerId) values.providerCustomerId = link.providerCustomerId;
  if (Object.keys(values).length === 0) return sub;
  return (await updateSubscriptionRow(tx, sub.id, values)) ?? sub;
}

/** Our plan and frequency for a provider price: the event's own mapping, else a plan's price ids. */
async function resolvePlan(tx: Db, event: SubscriptionStateEvent): Promise<{ planId: string; frequency: 'monthly' | 'yearly' } | null> {
  if (event.planId && event.frequency) {
    if (await findPlanRow(tx, event.planId)) return { planId: event.planId, frequency: event.frequency };
  }
  if (!event.priceId) return null;
  const plan = await findPlanRowByProviderPrice(tx, event.priceId);
  if (!plan) return null;
  return { planId: plan.id, frequency: plan.stripePriceIdYearly === event.priceId ? 'yearly' : 'monthly' };
}

/**
 * Applies a hosted provider's subscription state. Ordered by the provider's event time, so a late
 * delivery of an older state changes nothing; a paid checkout's subscription is never put back to
 * incomplete. Grants nothing: credits come only with paid periods.
 */
async function applySubscriptionState(tx: Db, checkout: CheckoutRow, event: SubscriptionStateEvent, now: Date): Promise<void> {
  const occurredAt = new Date(event.occurredAt);
  const periodStart = new Date(event.periodStart);
  const periodEnd = new Date(event.periodEnd);
  const link = { providerSubscriptionId: event.providerSubscriptionId, providerCustomerId: event.providerCustomerId };
  let sub = await lockSubscriptionOfCheckout(tx, checkout.id);
  if (!sub) {
    // Before the checkout's own events: only a live state makes a subscription to show.
    if (event.status !== 'active' && event.status !== 'trialing' && event.status !== 'past_due') return;
    sub = await ensureSubscription(tx, checkout, periodStart, periodEnd, now, link, event.status);
  } else {
    sub = await linkProvider(tx, sub, link);
  }
  if (sub.providerStateAt && occurredAt.getTime() < sub.providerStateAt.getTime()) return;
  const status = event.status === 'incomplete' && checkout.status === 'complete' ? sub.status : event.status;
  const plan = await resolvePlan(tx, event);
  await setSubscription(tx, sub.id, {
    status,
    cancelAtPeriodEnd: event.cancelAtPeriodEnd,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    canceledAt: status === 'canceled' ? new Date(event.canceledAt ?? event.occurredAt) : null,
    ...(plan ? { planId: plan.planId, billingFrequency: plan.frequency } : {}),
    providerStateAt: occurredAt,
    updatedAt: now,
  });
}

async function grantPeriod(tx: Db, sub: SubscriptionRow, checkout: CheckoutRow, periodStart: Date): Promise<{ granted: number; credits: number | null }> {
  // The first period's credits were fixed when the checkout was made; later ones follow the plan.
  let amount = checkout.credits;
  if (periodStart.getTime() !== checkout.completedAt?.getTime()) {
    const plan = sub.planId ? await findPlanRow(tx, sub.planId) : undefined;
    amount = plan ? periodCredits(plan.creditsPerPeriod, sub.billingFrequency) : 0;
  }
  if (amount <= 0) return { granted: 0, credits: null };
  try {
    const result = await applyCredits(tx, {
      userId: sub.userId,
      delta: amount,
      kind: 'subscription_grant',
      reason: 'Subscription credits',
      reference: sub.id,
      idempotencyKey: ledgerKeys.subscriptionPeriod(sub.id, periodStart),
    });
    return { granted: result.isNew ? amount : 0, credits: result.credits };
  } catch (err) {
    // The plan changed between two deliveries for the same period: it was granted already.
    if (err instanceof IdempotencyKeyReuseError) return { granted: 0, credits: null };
    throw err;
  }
}

/**
 * The one path every provider event takes (the local checkout's completion, a renewal, a hosted
 * provider's webhook, a reconciliation). In one transaction: the event id is recorded (UNIQUE, so a
 * duplicate or a concurrent second delivery changes nothing), then the checkout/subscription move
 * and credits are granted through the ledger under keys `checkout:<id>` / `sub:<id>:<periodStart>`,
 * so even a different event for the same payment grants once. Events may arrive in any order.
 */
export async function handlePaymentEvent(deps: PaymentEventDeps, event: PaymentEvent, now: Date = new Date()): Promise<HandledEvent> {
  let announce: { userId: string; credits: number } | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<HandledEvent> => {
    // The checkout is locked first, so every event of one payment runs one after the other. An
    // event for a checkout we do not have (yet: the provider can be quicker than our insert) is
    // not recorded, so its redelivery or a reconciliation still counts.
    const checkout = await lockCheckoutRow(tx, event.checkoutId);
    if (!checkout) return { isNew: false, granted: 0 };
    const recorded = await recordPaymentEvent(tx, {
      provider: event.provider,
      providerEventId: event.id,
      type: event.type,
      checkoutId: event.checkoutId,
      payload: event as unknown as Record<string, unknown>,
      receivedAt: now,
    });
    if (!recorded) return { isNew: false, granted: 0 };

    if (event.type === 'checkout.declined') {
      if (checkout.status === 'open' || checkout.status === 'declined') {
        await markCheckoutDeclined(tx, checkout.id, event.message);
      }
      return { isNew: true, granted: 0 };
    }

    if (event.type === 'subscription.updated') {
      if (checkout.kind === 'subscription') await applySubscriptionState(tx, checkout, event, now);
      return { isNew: true, granted: 0 };
    }

    if (event.type === 'subscription.payment_failed') {
      const occurredAt = new Date(event.occurredAt);
      await markSubscriptionPastDue(tx, checkout.id, occurredAt, now);
      return { isNew: true, granted: 0 };
    }

    if (event.type === 'checkout.completed') {
      const paidAt = new Date(event.paidAt);
      if (checkout.kind === 'credits') {
        await markComplete(tx, checkout, paidAt);
        if (checkout.credits <= 0) return { isNew: true, granted: 0 };
        const result = await applyCredits(tx, {
          userId: checkout.userId,
          delta: checkout.credits,
          kind: 'purchase',
          reason: checkout.description,
          reference: checkout.id,
          idempotencyKey: ledgerKeys.checkout(checkout.id),
        });
        announce = { userId: checkout.userId, credits: result.credits };
        return { isNew: true, granted: result.isNew ? checkout.credits : 0 };
      }
      // A hosted provider's first period may start a moment before the payment is recorded; its
      // start is the key the provider's first invoice event grants under too.
      const periodStart = event.periodStart ? new Date(event.periodStart) : paidAt;
      const periodEnd = event.periodEnd
        ? new Date(event.periodEnd)
        : addInterval(periodStart, checkout.billingFrequency === 'yearly' ? 'year' : 'month');
      await markComplete(tx, checkout, periodStart);
      const link = { providerSubscriptionId: event.providerSubscriptionId, providerCustomerId: event.providerCustomerId };
      const sub = await ensureSubscription(tx, checkout, periodStart, periodEnd, now, link);
      if (sub.status === 'incomplete') {
        await setSubscription(tx, sub.id, { status: 'active', updatedAt: now });
      }
      const grant = await grantPeriod(tx, sub, { ...checkout, completedAt: checkout.completedAt ?? periodStart }, periodStart);
      if (grant.credits !== null) announce = { userId: sub.userId, credits: grant.credits };
      return { isNew: true, granted: grant.granted };
    }

    // subscription.period_paid
    const periodStart = new Date(event.periodStart);
    const periodEnd = new Date(event.periodEnd);
    if (checkout.kind !== 'subscription') return { isNew: true, granted: 0 };
    const sub = await ensureSubscription(tx, checkout, periodStart, periodEnd, now, { providerSubscriptionId: event.providerSubscriptionId });
    if (checkout.status !== 'complete') {
      // The first period's payment is the checkout's payment.
      await markComplete(tx, checkout, periodStart);
      checkout.completedAt = periodStart;
    }
    if (periodEnd.getTime() > sub.currentPeriodEnd.getTime() && sub.status !== 'canceled') {
      await setSubscription(tx, sub.id, { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, status: 'active', updatedAt: now });
    } else if (sub.status === 'past_due' && periodEnd.getTime() === sub.currentPeriodEnd.getTime()) {
      await setSubscription(tx, sub.id, { status: 'active', updatedAt: now });
    }
    const grant = await grantPeriod(tx, sub, checkout, periodStart);
    if (grant.credits !== null) announce = { userId: sub.userId, credits: grant.credits };
    return { isNew: true, granted: grant.granted };
  });
  if (outcome.isNew && event.type === 'checkout.completed') checkoutOutcomes.inc({ outcome: 'paid' });
  if (outcome.isNew && event.type === 'checkout.declined') checkoutOutcomes.inc({ outcome: 'declined' });
  const toAnnounce = announce as { userId: string; credits: number } | null;
  if (toAnnounce) announceBalance(deps.realtime, toAnnounce.userId, toAnnounce.credits);
  if (toAnnounce && outcome.granted > 0) {
    // A grant happens once per ledger key, from exactly one provider event: its id keys the webhook.
    await deps.webhooks?.emit({
      userId: toAnnounce.userId,
      type: 'credits.purchased',
      key: event.id,
      data: { checkoutId: event.checkoutId, credits: outcome.granted, balance: toAnnounce.credits },
    });
  }
  return outcome;
}

/** Live subscriptions that use a plan (a plan with any cannot be deleted). */
export async function liveSubscriptionsOfPlan(db: Db, planId: string): Promise<number> {
  return countLiveSubscriptionsOfPlan(db, planId);
}
