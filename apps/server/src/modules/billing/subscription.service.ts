import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { BillingFrequency, CheckoutSession, Subscription } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { addInterval } from '../../providers/payments/types.js';
import { getPlanRow, toPlan } from '../plans/plans.service.js';
import { handlePaymentEvent, periodCredits } from './billing.events.js';
import { plans, subscriptions, type PlanRow, type SubscriptionRow } from './billing.schema.js';
import { openCheckout, type BillingDeps } from './billing.service.js';

const LIVE = ['active', 'trialing', 'past_due', 'incomplete'] as const;

async function planMap(db: Db, ids: (string | null)[]): Promise<Map<string, PlanRow>> {
  const wanted = ids.filter((v): v is string => v !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(plans).where(inArray(plans.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function toSubscription(db: Db, row: SubscriptionRow): Promise<Subscription> {
  const plan = row.planId ? (await planMap(db, [row.planId])).get(row.planId) : undefined;
  return {
    id: row.id,
    plan: plan ? toPlan(plan) : null,
    status: row.status,
    billingFrequency: row.billingFrequency,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function liveSubscriptionRow(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function currentSubscription(db: Db, userId: string): Promise<Subscription | null> {
  const row = await liveSubscriptionRow(db, userId);
  return row ? toSubscription(db, row) : null;
}

/** Starts paying for a plan; refused while the user already has a live subscription (change it instead). */
export async function createSubscriptionCheckout(
  deps: BillingDeps,
  userId: string,
  body: { planId: string; frequency: BillingFrequency },
): Promise<CheckoutSession> {
  const plan = await getPlanRow(deps.db, body.planId);
  if (!plan.isActive) throw badRequest('This plan is not available');
  if (await liveSubscriptionRow(deps.db, userId)) {
    throw conflict('You already have a subscription; change its plan from the billing page');
  }
  const amount = body.frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly;
  const session = await openCheckout(deps, {
    userId,
    kind: 'subscription',
    planId: plan.id,
    billingFrequency: body.frequency,
    description: `${plan.name} plan (${body.frequency})`,
    credits: periodCredits(plan.creditsPerPeriod, body.frequency),
    amount,
    currency: plan.currency,
  });
  return { sessionId: session.sessionId, clientSecret: session.clientSecret };
}

async function requireLive(db: Db, userId: string): Promise<SubscriptionRow> {
  const row = await liveSubscriptionRow(db, userId);
  if (!row) throw notFound('You have no active subscription');
  return row;
}

async function updateSub(deps: BillingDeps, id: string, values: Partial<SubscriptionRow>): Promise<Subscription> {
  const [row] = await deps.db
    .update(subscriptions)
    .set({ ...values, updatedAt: deps.clock() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw notFound('You have no active subscription');
  return toSubscription(deps.db, row);
}

export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  return updateSub(deps, row.id, { cancelAtPeriodEnd: true });
}

export async function reactivateSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  if (!row.cancelAtPeriodEnd) throw conflict('Your subscription is not set to cancel');
  return updateSub(deps, row.id, { cancelAtPeriodEnd: false });
}

/**
 * The new plan (or frequency) applies from the next renewal: the current period was paid at the
 * old price and its credits granted, so nothing is prorated or granted now.
 */
export async function changePlan(deps: BillingDeps, userId: string, planId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  const plan = await getPlanRow(deps.db, planId);
  if (!plan.isActive) throw badRequest('This plan is not available');
  if (row.planId === plan.id) throw conflict('You are already on this plan');
  return updateSub(deps, row.id, { planId: plan.id });
}

export async function changeFrequency(deps: BillingDeps, userId: string, frequency: BillingFrequency): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  if (row.billingFrequency === frequency) throw conflict(`You are already billed ${frequency}`);
  return updateSub(deps, row.id, { billingFrequency: frequency });
}

export interface RenewalReport {
  renewed: number;
  canceled: number;
  failed: number;
}

/**
 * Renews every live subscription whose period has ended: one set to cancel is canceled; otherwise
 * the saved payment method is charged and the period event goes through handlePaymentEvent (so
 * the period's credits are granted once however many sweeps run); a declined charge leaves it
 * past_due, retried on the next sweep. Several missed periods are caught up one by one.
 */
export async function renewDueSubscriptions(deps: BillingDeps, maxPeriods = 24): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, canceled: 0, failed: 0 };
  const now = deps.clock();
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['active', 'trialing', 'past_due']), lte(subscriptions.currentPeriodEnd, now)))
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
  for (const first of due) {
    let sub: SubscriptionRow | undefined = first;
    for (let i = 0; sub && i < maxPeriods && sub.currentPeriodEnd.getTime() <= now.getTime(); i += 1) {
      if (sub.cancelAtPeriodEnd || !sub.planId) {
        await deps.db
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: sub.currentPeriodEnd, updatedAt: now })
          .where(and(eq(subscriptions.id, sub.id), inArray(subscriptions.status, ['active', 'trialing', 'past_due'])));
        report.canceled += 1;
        break;
      }
      const plan = await getPlanRow(deps.db, sub.planId).catch(() => null);
      if (!plan) break;
      const periodStart = sub.currentPeriodEnd;
      const periodEnd = addInterval(periodStart, sub.billingFrequency === 'yearly' ? 'year' : 'month');
      const charge = await deps.provider.chargeRenewal({
        userId: sub.userId,
        reference: sub.checkoutId,
        amount: sub.billingFrequency === 'yearly' ? plan.priceYearly : plan.priceMonthly,
        currency: plan.currency,
        periodStart,
        periodEnd,
      });
      if (!charge.ok) {
        await deps.db.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
        report.failed += 1;
        break;
      }
      await handlePaymentEvent(deps, charge.event, now);
      report.renewed += 1;
      const fresh = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).limit(1);
      sub = fresh[0];
    }
  }
  return report;
}
