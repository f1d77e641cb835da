import { formatMoney, type BillingFrequency, type CheckoutSession, type PlanChangePreview, type Subscription } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
  addInterval,
  type CheckoutUiMode,
  type ProviderSubscriptionState,
  type ProviderSubscriptions,
} from '../../providers/payments/types.js';
import { getPlanRow, type PlanRow, planRowsByIds, toPlan } from '../plans/index.js';
import { announceBalance, applyCredits, ledgerKeys } from '../credits/index.js';
import { handlePaymentEvent, periodCredits } from './billing.events.js';
import type { SubscriptionRow } from './billing.schema.js';
import {
  cancelSubscriptionIfLive,
  findSubscriptionRow,
  hasCheckoutWithSession,
  insertCheckoutOnce,
  lockSubscriptionRow,
  newestSubscriptionIn,
  selectSubscriptionsDue,
  setSubscription,
  updateSubscriptionRow,
} from './billing.repository.js';
import { openCheckout, type BillingDeps } from './billing.service.js';

const LIVE = ['active', 'trialing', 'past_due', 'incomplete'] as const;

async function planMap(db: Db, ids: (string | null)[]): Promise<Map<string, PlanRow>> {
  const wanted = ids.filter((v): v is string => v !== null);
  if (wanted.length === 0) return new Map();
  const rows = await planRowsByIds(db, wanted);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function toSubscription(db: Db, row: SubscriptionRow): Promise<Subscription> {
  const plans = await planMap(db, [row.planId, row.pendingPlanId]);
  const plan = row.planId ? plans.get(row.planId) : undefined;
  const pending = row.pendingPlanId ? plans.get(row.pendingPlanId) : undefined;
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
    pendingPlan: pending ? toPlan(pending) : null,
    pendingBillingFrequency: row.pendingBillingFrequency ?? null,
  };
}

async function liveSubscriptionRow(db: Db, userId: string): Promise<SubscriptionRow | null> {
  return newestSubscriptionIn(db, userId, LIVE);
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
  const row = await updateSubscriptionRow(deps.db, id, { ...values, updatedAt: deps.clock() });
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

const DAY_MS = 24 * 3600 * 1000;
const priceOf = (plan: PlanRow, frequency: BillingFrequency) => (frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly);

interface PlanChangeQuote {
  preview: PlanChangePreview;
  /** The plan in force now (null when it was deleted). */
  current: PlanRow | null;
  target: PlanRow;
}

/**
 * The one rule for a plan change. An upgrade (a higher price at the subscription's frequency)
 * starts now: the price difference for the whole days left of the period is due now, and the
 * credit difference for those days is granted now. Anything else starts at the next renewal:
 * nothing is due now and the period's credits stay. Whole days keep a quote the same all day, so
 * the change charges exactly what its preview showed. A provider-billed subscription changes now at
 * the provider, which prorates on its next invoice: its preview is that estimate, with no credits now.
 */
async function quotePlanChange(deps: BillingDeps, row: SubscriptionRow, planId: string): Promise<PlanChangeQuote> {
  const target = await getPlanRow(deps.db, planId);
  if (!target.isActive) throw badRequest('This plan is not available');
  const current = row.planId ? await getPlanRow(deps.db, row.planId).catch(() => null) : null;
  const frequency = row.billingFrequency;
  const now = deps.clock();
  const periodMs = row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime();
  const daysInPeriod = Math.max(1, Math.round(periodMs / DAY_MS));
  const daysLeft = Math.min(daysInPeriod, Math.max(0, Math.ceil((row.currentPeriodEnd.getTime() - now.getTime()) / DAY_MS)));
  const oldPrice = current ? priceOf(current, frequency) : 0;
  const newPrice = priceOf(target, frequency);
  const sameCurrency = current?.currency === target.currency;
  const isUpgrade = newPrice > oldPrice && daysLeft > 0 && sameCurrency;
  const billedByProvider = providerOps(deps, row) !== null;
  const newCredits = periodCredits(target.creditsPerPeriod, frequency);
  const oldCredits = current ? periodCredits(current.creditsPerPeriod, frequency) : 0;
  const share = (difference: number) => Math.max(0, Math.round((difference * daysLeft) / daysInPeriod));
  return {
    current,
    target,
    preview: {
      plan: toPlan(target),
      currentPlan: current ? toPlan(current) : null,
      frequency,
      // The provider prorates any change at once, on its next invoice; credits come with paid periods.
      timing: isUpgrade || billedByProvider ? 'now' : 'renewal',
      effectiveAt: (isUpgrade || billedByProvider ? now : row.currentPeriodEnd).toISOString(),
      amountDue: isUpgrade || (billedByProvider && sameCurrency) ? share(newPrice - oldPrice) : 0,
      currency: target.currency,
      newPrice,
      creditsNow: isUpgrade && !billedByProvider ? share(newCredits - oldCredits) : 0,
      creditsPerPeriod: newCredits,
      periodEnd: row.currentPeriodEnd.toISOString(),
      daysLeft,
      daysInPeriod,
      estimated: billedByProvider,
    },
  };
}

export async function previewPlanChange(deps: BillingDeps, userId: string, planId: string): Promise<PlanChangePreview> {
  const row = await requireLive(deps.db, userId);
  if (row.planId === planId && !row.pendingPlanId) throw conflict('You are already on this plan');
  return (await quotePlanChange(deps, row, planId)).preview;
}

/** The reference of one upgrade: its charge, its purchase row and its credits are made once per reference. */
const upgradeReference = (row: SubscriptionRow, planId: string) =>
  `upgrade:${row.id}:${row.currentPeriodStart.toISOString()}:${planId}`;

/**
 * Provider billed (Stripe): the provider prorates, and credits still come only with paid periods.
 * Locally billed: the rule of quotePlanChange. An upgrade charges the saved card exactly the
 * quoted amount (refused with 409 when the caller's expectedAmount is not that amount, 402 when
 * the card declines: the plan is then unchanged), then in one transaction moves the plan, records
 * the charge as a completed purchase and grants the prorated credits through the ledger. Every
 * step is keyed by (subscription, period, plan), so a repeated request charges and grants once.
 * A downgrade only names the plan that starts at renewal; choosing the plan in force again drops it.
 */
export async function changePlan(
  deps: BillingDeps,
  userId: string,
  planId: string,
  expectedAmount?: number,
): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  const remote = providerOps(deps, row);
  if (row.planId === planId) {
    if (row.pendingPlanId) return updateSub(deps, row.id, { pendingPlanId: null });
    // The same upgrade again (a retry after a lost reply): it is done; nothing more is charged.
    const done = await hasCheckoutWithSession(deps.db, upgradeChargeId(deps, row, planId));
    if (done && !remote) return toSubscription(deps.db, row);
    throw conflict('You are already on this plan');
  }
  const quote = await quotePlanChange(deps, row, planId);
  if (remote) return changeProviderPrice(deps, row, remote, quote.target, row.billingFrequency);
  const { preview, target } = quote;
  if (expectedAmount !== undefined && expectedAmount !== preview.amountDue) {
    throw conflict(`The amount due is now ${formatMoney(preview.amountDue, preview.currency)}; review the change again`);
  }
  if (preview.timing === 'renewal') return updateSub(deps, row.id, { pendingPlanId: target.id });
  return upgradeNow(deps, row, quote);
}

/** The purchase row's session id for one upgrade (unique per provider): a repeated request finds it. */
function upgradeChargeId(deps: BillingDeps, row: SubscriptionRow, planId: string): string {
  return `${deps.provider.name}:${upgradeReference(row, planId)}`;
}

async function upgradeNow(deps: BillingDeps, row: SubscriptionRow, quote: PlanChangeQuote): Promise<Subscription> {
  const { preview, target } = quote;
  const reference = upgradeReference(row, target.id);
  const description = `Upgrade to ${target.name} (prorated, ${preview.daysLeft} of ${preview.daysInPeriod} days)`;
  if (preview.amountDue > 0) {
    if (!deps.provider.chargeNow) throw conflict('Plan upgrades are not available with this payment provider');
    const charge = await deps.provider.chargeNow({
      userId: row.userId,
      reference,
      amount: preview.amountDue,
      currency: preview.currency,
      description,
    });
    if (!charge.ok) throw new AppError(402, `${charge.message} Your plan is unchanged.`);
  }
  const now = deps.clock();
  let balance: number | null = null;
  const updated = await deps.db.transaction(async (tx) => {
    const fresh = await lockSubscriptionRow(tx, row.id);
    if (!fresh) throw notFound('You have no active subscription');
    // Another request moved the plan meanwhile (the same upgrade, or another change): it wins.
    if (fresh.planId !== row.planId) return fresh;
    const moved = await updateSubscriptionRow(tx, row.id, { planId: target.id, pendingPlanId: null, updatedAt: now });
    await insertCheckoutOnce(tx, {
      userId: row.userId,
      kind: 'subscription',
      planId: target.id,
      billingFrequency: row.billingFrequency,
      description,
      credits: preview.creditsNow,
      amount: preview.amountDue,
      currency: preview.currency,
      status: 'complete',
      provider: deps.provider.name,
      providerSessionId: upgradeChargeId(deps, row, target.id),
      clientSecret: '',
      createdAt: now,
      expiresAt: now,
      completedAt: now,
    });
    if (preview.creditsNow > 0) {
      const grant = await applyCredits(tx, {
        userId: row.userId,
        delta: preview.creditsNow,
        kind: 'subscription_grant',
        reason: `Upgrade to ${target.name}`,
        reference: row.id,
        idempotencyKey: ledgerKeys.planUpgrade(row.id, row.currentPeriodStart, target.id),
      });
      balance = grant.credits;
    }
    return moved ?? fresh;
  });
  if (balance !== null) announceBalance(deps.realtime, row.userId, balance);
  return toSubscription(deps.db, updated);
}

/**
 * A switch of billing frequency starts at the next renewal (the period paid runs at its price);
 * choosing the frequency in force again drops a pending switch. Provider billed: the provider prorates.
 */
export async function changeFrequency(deps: BillingDeps, userId: string, frequency: BillingFrequency): Promise<Subscription> {
  const row = await requireLive(deps.db, userId);
  const remote = providerOps(deps, row);
  if (row.billingFrequency === frequency) {
    if (!remote && row.pendingBillingFrequency) return updateSub(deps, row.id, { pendingBillingFrequency: null });
    throw conflict(`You are already billed ${frequency}`);
  }
  if (remote && row.planId) {
    const plan = await getPlanRow(deps.db, row.planId);
    return changeProviderPrice(deps, row, remote, plan, frequency);
  }
  return updateSub(deps, row.id, { pendingBillingFrequency: frequency });
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
  const due = await selectSubscriptionsDue(deps.db, deps.provider.name, now);
  for (const first of due) {
    let sub: SubscriptionRow | undefined = first;
    for (let i = 0; sub && i < maxPeriods && sub.currentPeriodEnd.getTime() <= now.getTime(); i += 1) {
      if (sub.cancelAtPeriodEnd || !sub.planId) {
        await cancelSubscriptionIfLive(deps.db, sub.id, sub.currentPeriodEnd, now);
        report.canceled += 1;
        break;
      }
      if (sub.pendingPlanId || sub.pendingBillingFrequency) {
        // What was set to start at renewal starts now, before the charge: new price, new credits.
        const applied = await updateSubscriptionRow(deps.db, sub.id, {
          planId: sub.pendingPlanId ?? sub.planId,
          billingFrequency: sub.pendingBillingFrequency ?? sub.billingFrequency,
          pendingPlanId: null,
          pendingBillingFrequency: null,
          updatedAt: now,
        });
        if (applied) sub = applied;
      }
      const plan = sub.planId ? await getPlanRow(deps.db, sub.planId).catch(() => null) : null;
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
        await setSubscription(deps.db, sub.id, { status: 'past_due', updatedAt: now });
        report.failed += 1;
        break;
      }
      await handlePaymentEvent(deps, charge.event, now);
      report.renewed += 1;
      sub = await findSubscriptionRow(deps.db, sub.id);
    }
  }
  return report;
}
