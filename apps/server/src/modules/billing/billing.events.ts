import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { addInterval, type PaymentEvent } from '../../providers/payments/types.js';
import { IdempotencyKeyReuseError, announceBalance, applyCredits } from '../credits/credits.service.js';
import { checkouts, paymentEvents, plans, subscriptions, type CheckoutRow, type SubscriptionRow } from './billing.schema.js';

export interface PaymentEventDeps {
  db: Db;
  realtime: Pick<Realtime, 'toUser'>;
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

async function lockCheckout(tx: Db, id: string): Promise<CheckoutRow | null> {
  const rows = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  return rows[0] ?? null;
}

async function markComplete(tx: Db, checkout: CheckoutRow, paidAt: Date): Promise<void> {
  if (checkout.status === 'complete') return;
  await tx.update(checkouts).set({ status: 'complete', completedAt: paidAt, declineMessage: null }).where(eq(checkouts.id, checkout.id));
}

/** The subscription a paid subscription checkout started; created by whichever event comes first. */
async function ensureSubscription(tx: Db, checkout: CheckoutRow, periodStart: Date, periodEnd: Date, now: Date): Promise<SubscriptionRow> {
  const existing = await tx.select().from(subscriptions).where(eq(subscriptions.checkoutId, checkout.id)).for('update');
  if (existing[0]) return existing[0];
  // A user has one live subscription; a second paid checkout replaces the first.
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now, updatedAt: now })
    .where(and(eq(subscriptions.userId, checkout.userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId: checkout.userId,
      planId: checkout.planId,
      checkoutId: checkout.id,
      status: 'active',
      billingFrequency: checkout.billingFrequency ?? 'monthly',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      provider: checkout.provider,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('subscription insert returned nothing');
  return created;
}

async function grantPeriod(tx: Db, sub: SubscriptionRow, checkout: CheckoutRow, periodStart: Date): Promise<{ granted: number; credits: number | null }> {
  // The first period's credits were fixed when the checkout was made; later ones follow the plan.
  let amount = checkout.credits;
  if (periodStart.getTime() !== checkout.completedAt?.getTime()) {
    const planRows = sub.planId ? await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1) : [];
    amount = planRows[0] ? periodCredits(planRows[0].creditsPerPeriod, sub.billingFrequency) : 0;
  }
  if (amount <= 0) return { granted: 0, credits: null };
  try {
    const result = await applyCredits(tx, {
      userId: sub.userId,
      delta: amount,
      kind: 'subscription_grant',
      reason: 'Subscription credits',
      reference: sub.id,
      idempotencyKey: `sub:${sub.id}:${periodStart.toISOString()}`,
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
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        providerEventId: event.id,
        type: event.type,
        checkoutId: event.checkoutId,
        payload: event as unknown as Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: paymentEvents.providerEventId })
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { isNew: false, granted: 0 };

    const checkout = await lockCheckout(tx, event.checkoutId);
    if (!checkout) return { isNew: true, granted: 0 };

    if (event.type === 'checkout.declined') {
      if (checkout.status === 'open' || checkout.status === 'declined') {
        await tx.update(checkouts).set({ status: 'declined', declineMessage: event.message }).where(eq(checkouts.id, checkout.id));
      }
      return { isNew: true, granted: 0 };
    }

    if (event.type === 'checkout.completed') {
      const paidAt = new Date(event.paidAt);
      await markComplete(tx, checkout, paidAt);
      if (checkout.kind === 'credits') {
        if (checkout.credits <= 0) return { isNew: true, granted: 0 };
        const result = await applyCredits(tx, {
          userId: checkout.userId,
          delta: checkout.credits,
          kind: 'purchase',
          reason: checkout.description,
          reference: checkout.id,
          idempotencyKey: `checkout:${checkout.id}`,
        });
        announce = { userId: checkout.userId, credits: result.credits };
        return { isNew: true, granted: result.isNew ? checkout.credits : 0 };
      }
      const sub = await ensureSubscription(tx, checkout, paidAt, addInterval(paidAt, checkout.billingFrequency === 'yearly' ? 'year' : 'month'), now);
      const grant = await grantPeriod(tx, sub, { ...checkout, completedAt: checkout.completedAt ?? paidAt }, paidAt);
      if (grant.credits !== null) announce = { userId: sub.userId, credits: grant.credits };
      return { isNew: true, granted: grant.granted };
    }

    // subscription.period_paid
    const periodStart = new Date(event.periodStart);
    const periodEnd = new Date(event.periodEnd);
    if (checkout.kind !== 'subscription') return { isNew: true, granted: 0 };
    const sub = await ensureSubscription(tx, checkout, periodStart, periodEnd, now);
    if (checkout.status !== 'complete') {
      // The first period's payment is the checkout's payment.
      await markComplete(tx, checkout, periodStart);
      checkout.completedAt = periodStart;
    }
    if (periodEnd.getTime() > sub.currentPeriodEnd.getTime() && sub.status !== 'canceled') {
      await tx
        .update(subscriptions)
        .set({ currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, status: 'active', updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
    } else if (sub.status === 'past_due' && periodEnd.getTime() === sub.currentPeriodEnd.getTime()) {
      await tx.update(subscriptions).set({ status: 'active', updatedAt: now }).where(eq(subscriptions.id, sub.id));
    }
    const grant = await grantPeriod(tx, sub, checkout, periodStart);
    if (grant.credits !== null) announce = { userId: sub.userId, credits: grant.credits };
    return { isNew: true, granted: grant.granted };
  });
  const toAnnounce = announce as { userId: string; credits: number } | null;
  if (toAnnounce) announceBalance(deps.realtime, toAnnounce.userId, toAnnounce.credits);
  return outcome;
}

/** Live subscriptions that use a plan (a plan with any cannot be deleted). */
export async function liveSubscriptionsOfPlan(db: Db, planId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, planId), ne(subscriptions.status, 'canceled')));
  return rows[0]?.n ?? 0;
}
