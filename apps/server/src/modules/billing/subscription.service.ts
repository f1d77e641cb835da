import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { BillingFrequency, CheckoutSession, Subscription } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
  addInterval,
  type CheckoutUiMode,
  type ProviderSubscriptionState,
  type ProviderSubscriptions,
} from '../../providers/payments/types.js';
import { getPlanRow, type PlanRow, planRowsByIds, toPlan } from '../plans/index.js';
import { handlePaymentEvent, periodCredits } from './billing.events.js';
import { subscriptions, type SubscriptionRow } from './billing.schema.js';
import { openCheckout, type BillingDeps } from './billing.service.js';

const LIVE = ['active', 'trialing', 'past_due', 'incomplete'] as const;

async function planMap(db: Db, ids: (string | null)[]): Promise<Map<string, PlanRow>> {
  const wanted = ids.filter((v): v is string => v !== null);
  if (wanted.length === 0) return new Map();
  const rows = await planRowsByIds(db, wanted);
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
  uiMode: CheckoutUiMode = 'embedded',
): Promise<CheckoutSession & { url: string | null }> {
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
    providerPriceId: body.frequency === 'yearly' ? plan.stripePriceIdYearly : plan.stripePriceIdMonthly,
    uiMode,
  });
  return { sessionId: session.sessionId, clientSecret: session.clientSecret, url: session.url };
}

/** A page to pay for a plan on: the provider's hosted checkout, else our own checkout page. */
export async function createHostedSubscriptionCheckout(
  deps: BillingDeps,
  userId: string,
  body: { planId: string; frequency: BillingFrequency },
): Promise<{ url: string; sessionId: string }> {
  const session = await createSubscriptionCheckout(deps, userId, body, 'hosted');
  return { url: session.url ?? `${deps.publicUrl}/checkout/${session.sessionId}?pay=1`, sessionId: session.sessionId };
}

/** Where to manage billing: the provider's portal for its customers, else our billing page. */
export async function billingPortalUrl(deps: BillingDeps, userId: string): Promise<string> {
  const ownPage = `${deps.publicUrl}/billing`;
  const ops = deps.provider.subscriptions;
  if (!ops) return ownPage;
  return (await ops.portalUrl(userId, ownPage)) ?? ownPage;
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

/** The provider's API when this subscription is billed there; null for one we renew ourselves. */
function providerOps(deps: BillingDeps, row: SubscriptionRow): { ops: ProviderSubscriptions; id: string } | null {
  const ops = deps.provider.subscriptions;
  if (!ops || row.provider !== deps.provider.name || !row.providerSubscriptionId) return null;
  return { ops, id: row.providerSubscriptionId };
}

/** What the provider answered, kept at once (its webhook for the same change arrives later). */
function providerValues(state: ProviderSubscriptionState): Partial<SubscriptionRow> {
  return { cancelAtPeriodEnd: state.cancelAtPeriodEnd, currentPeriodStart: state.periodStart, currentPeriodEnd: state.periodEnd };
}

/**
 * Account deletion: a live subscription is stopped at the provider first (no renewal is ever
 * charged again), then marked canceled here. Nothing to do without one.
 */
export async function cancelForDeletion(deps: BillingDeps, userId: string): Promise<void> {
  const row = await liveSubscriptionRow(deps.db, userId);
  if (!row) return;
  const remote = providerOps(deps, row);
  if (remote) await remote.ops.setCancelAtPeriodEnd(remote.id, true);
}

export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  const remote = providerOps(deps, row);
  if (remote) return updateSub(deps, row.id, providerValues(await remote.ops.setCancelAtPeriodEnd(remote.id, true)));
  return updateSub(deps, row.id, { cancelAtPeriodEnd: true });
}

export async function reactivateSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  if (!row.cancelAtPeriodEnd) throw conflict('Your subscription is not set to cancel');
  const remote = providerOps(deps, row);
  if (remote) return updateSub(deps, row.id, providerValues(await remote.ops.setCancelAtPeriodEnd(remote.id, false)));
  return updateSub(deps, row.id, { cancelAtPeriodEnd: false });
}

/** Moves a provider-billed subscription to a plan's price for a frequency, prorated by the provider. */
async function changeProviderPrice(
  deps: BillingDeps,
  row: SubscriptionRow,
  remote: { ops: ProviderSubscriptions; id: string },
  plan: PlanRow,
  frequency: BillingFrequency,
): Promise<Subscription> {
  const state = await remote.ops.changePrice({
    providerSubscriptionId: remote.id,
    planId: plan.id,
    frequency,
    providerPriceId: frequency === 'yearly' ? plan.stripePriceIdYearly : plan.stripePriceIdMonthly,
    amount: frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly,
    currency: plan.currency,
    description: `${plan.name} plan (${frequency})`,
  });
  return updateSub(deps, row.id, { ...providerValues(state), planId: plan.id, billingFrequency: frequency });
}

/**
 * Locally billed: the new plan (or frequency) applies from the next renewal; the current period
 * was paid at the old price and its credits granted, so nothing is prorated or granted now.
 * Provider billed: the provider prorates the rest of the period; credits still come only with
 * paid periods (its invoices).
 */
export async function changePlan(deps: BillingDeps, userId: string, planId: string): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  const plan = await getPlanRow(deps.db, planId);
  if (!plan.isActive) throw badRequest('This plan is not available');
  if (row.planId === plan.id) throw conflict('You are already on this plan');
  const remote = providerOps(deps, row);
  if (remote) return changeProviderPrice(deps, row, remote, plan, row.billingFrequency);
  return updateSub(deps, row.id, { planId: plan.id });
}

export async function changeFrequency(deps: BillingDeps, userId: string, frequency: BillingFrequency): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  if (row.billingFrequency === frequency) throw conflict(`You are already billed ${frequency}`);
  const remote = providerOps(deps, row);
  if (remote && row.planId) {
    const plan = await getPlanRow(deps.db, row.planId);
    return changeProviderPrice(deps, row, remote, plan, frequency);
  }
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
  // A provider that bills renewals itself (Stripe) reports them as events; charging here would
  // bill twice. Only subscriptions of the provider in use can be charged by it.
  if (deps.provider.renewals === 'provider') return report;
  const now = deps.clock();
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, deps.provider.name),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
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
