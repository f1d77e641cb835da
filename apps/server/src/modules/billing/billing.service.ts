import { checkoutOutcomes } from '../../platform/observability/metrics.js';
import {
  calculateCreditPrice,
  type CheckoutSession,
  type CheckoutSummary,
  type CreditPricing,
  type CreditProduct,
  type CreditStats,
  type PriceCalculation,
  type SessionDetails,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { LOCAL_PROVIDER, type LocalPaymentProvider } from '../../providers/payments/local.js';
import type { CheckoutUiMode, PaymentProvider } from '../../providers/payments/types.js';
import { findEntryByKey, ledgerTotalsByKind, readBalance } from '../credits/index.js';
import { handlePaymentEvent } from './billing.events.js';
import type { CheckoutRow, CreditProductRow } from './billing.schema.js';
import {
  checkoutStats,
  deleteProductRow,
  dismissCheckoutRow,
  expireCheckout,
  expireCheckoutsDue,
  findCheckoutRow,
  findCheckoutRowBySession,
  findSubscriptionIdOfCheckout,
  insertCheckout,
  insertProduct,
  selectCheckoutsOf,
  selectPricing,
  selectProduct,
  selectProducts,
  updateProductRow,
  upsertPricing,
} from './billing.repository.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';
import { ledgerKeys } from '../credits/index.js';

export interface BillingDeps {
  db: Db;
  realtime: Pick<Realtime, 'toUser'>;
  clock: () => Date;
  provider: PaymentProvider;
  /** Where our own pages live, for checkout and portal URLs. */
  publicUrl: string;
  webhooks?: WebhookEmitter;
}

/** A checkout session can be paid for this long. */
export const CHECKOUT_TTL_MS = 24 * 3600 * 1000;

// ---- Products

export function toCreditProduct(row: CreditProductRow): CreditProduct {
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    bonusCredits: row.bonusCredits,
    price: row.price,
    currency: row.currency,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    stripePriceId: row.stripePriceId,
  };
}

function definedOnly<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function listProducts(db: Db, includeInactive = false): Promise<CreditProduct[]> {
  const rows = await selectProducts(db, includeInactive);
  return rows.map(toCreditProduct);
}

/** Anyone may read an active product; an inactive one only through the admin list. */
export async function getProduct(db: Db, id: string, includeInactive = false): Promise<CreditProduct> {
  const row = await selectProduct(db, id);
  if (!row || (!row.isActive && !includeInactive)) throw notFound('Credit product not found');
  return toCreditProduct(row);
}

type ProductInput = Omit<CreditProduct, 'id'>;

export async function createProduct(db: Db, body: ProductInput, now: Date): Promise<CreditProduct> {
  const row = await insertProduct(db, { ...body, stripePriceId: body.stripePriceId ?? null, createdAt: now, updatedAt: now });
  if (!row) throw new Error('product insert returned nothing');
  return toCreditProduct(row);
}

export async function updateProduct(db: Db, id: string, body: Partial<ProductInput>, now: Date): Promise<CreditProduct> {
  const row = await updateProductRow(db, id, { ...definedOnly(body), updatedAt: now });
  if (!row) throw notFound('Credit product not found');
  return toCreditProduct(row);
}

/** Past checkouts keep their description, credits and amount; only the link to the product goes. */
export async function deleteProduct(db: Db, id: string): Promise<void> {
  if (!(await deleteProductRow(db, id))) throw notFound('Credit product not found');
}

// ---- Pricing

/** The custom amount's pricing, or null before it is set up. */
export async function findPricing(db: Db): Promise<CreditPricing | null> {
  const row = await selectPricing(db);
  if (!row) return null;
  const tiers = [...row.tiers].sort((a, b) => a.minCredits - b.minCredits);
  return { pricePerCredit: row.pricePerCredit, currency: row.currency, minCredits: row.minCredits, maxCredits: row.maxCredits, tiers };
}

export async function getPricing(db: Db): Promise<CreditPricing> {
  const pricing = await findPricing(db);
  if (!pricing) throw notFound('Credit pricing is not set up');
  return pricing;
}

export async function updatePricing(db: Db, body: CreditPricing, now: Date): Promise<CreditPricing> {
  const tiers = [...body.tiers].sort((a, b) => a.minCredits - b.minCredits);
  const values = { ...body, tiers, updatedAt: now };
  await upsertPricing(db, values);
  return getPricing(db);
}

export async function calculatePrice(db: Db, credits: number): Promise<PriceCalculation> {
  const pricing = await getPricing(db);
  if (credits < pricing.minCredits || credits > pricing.maxCredits) {
    throw badRequest(`Choose between ${pricing.minCredits} and ${pricing.maxCredits} credits`);
  }
  return calculateCreditPrice(pricing, credits);
}

// ---- Checkouts

export function toCheckoutSummary(row: CheckoutRow): CheckoutSummary {
  return {
    id: row.id,
    sessionId: row.providerSessionId,
    kind: row.kind,
    description: row.description,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    declineMessage: row.declineMessage,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export interface NewCheckout {
  userId: string;
  kind: 'credits' | 'subscription';
  productId?: string | null;
  planId?: string | null;
  billingFrequency?: 'monthly' | 'yearly' | null;
  description: string;
  credits: number;
  amount: number;
  currency: string;
  /** The provider's price for it (a product's or plan's provider price id), when set. */
  providerPriceId?: string | null;
  uiMode?: CheckoutUiMode;
}

/**
 * The checkout row is written first with its amount fixed, then the provider session; a session
 * whose row could not be written is never shown to the customer.
 */
export async function openCheckout(
  deps: BillingDeps,
  input: NewCheckout,
): Promise<CheckoutSession & { checkoutId: string; url: string | null }> {
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
  const checkoutId = crypto.randomUUID();
  const session = await deps.provider.createSession({
    reference: checkoutId,
    userId: input.userId,
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    interval: input.kind === 'subscription' ? (input.billingFrequency === 'yearly' ? 'year' : 'month') : null,
    expiresAt,
    uiMode: input.uiMode ?? 'embedded',
    providerPriceId: input.providerPriceId ?? null,
    planId: input.planId ?? null,
    frequency: input.billingFrequency ?? null,
  });
  await insertCheckout(deps.db, {
    id: checkoutId,
    userId: input.userId,
    kind: input.kind,
    productId: input.productId ?? null,
    planId: input.planId ?? null,
    billingFrequency: input.billingFrequency ?? null,
    description: input.description,
    credits: input.credits,
    amount: input.amount,
    currency: input.currency,
    provider: deps.provider.name,
    providerSessionId: session.sessionId,
    clientSecret: session.clientSecret,
    createdAt: now,
    expiresAt,
  });
  return { sessionId: session.sessionId, clientSecret: session.clientSecret, url: session.url ?? null, checkoutId };
}

export async function createCreditCheckout(deps: BillingDeps, userId: string, body: { productId?: string; credits?: number }): Promise<CheckoutSession> {
  if (body.productId) {
    const product = await getProduct(deps.db, body.productId);
    const total = product.credits + product.bonusCredits;
    const bonus = product.bonusCredits ? ` + ${product.bonusCredits} bonus` : '';
    const session = await openCheckout(deps, {
      userId,
      kind: 'credits',
      productId: product.id,
      description: `${product.name}: ${product.credits}${bonus} credits`,
      credits: total,
      amount: product.price,
      currency: product.currency,
      providerPriceId: product.stripePriceId,
    });
    return { sessionId: session.sessionId, clientSecret: session.clientSecret };
  }
  const price = await calculatePrice(deps.db, body.credits ?? 0);
  const session = await openCheckout(deps, {
    userId,
    kind: 'credits',
    description: `${price.credits} credits`,
    credits: price.credits,
    amount: price.total,
    currency: price.currency,
  });
  return { sessionId: session.sessionId, clientSecret: session.clientSecret };
}

export async function findCheckoutBySession(db: Db, sessionId: string, userId: string): Promise<CheckoutRow> {
  const row = await findCheckoutRowBySession(db, sessionId);
  // Someone else's session is "not found", so ids cannot be probed.
  if (!row || row.userId !== userId) throw notFound('Checkout session not found');
  return row;
}

/**
 * Feeds the provider's events for an unfinished checkout through the normal event path, so a
 * payment whose delivery was lost is still granted (once).
 */
export async function reconcileCheckout(deps: BillingDeps, row: CheckoutRow): Promise<CheckoutRow> {
  if (row.status === 'complete') return row;
  const events = await deps.provider.sessionEvents(row.providerSessionId);
  for (const event of events) await handlePaymentEvent(deps, event, deps.clock());
  if (events.length === 0 && row.status !== 'expired' && row.expiresAt.getTime() <= deps.clock().getTime()) {
    await expireCheckout(deps.db, row.id);
  }
  return (await findCheckoutRow(deps.db, row.id)) ?? row;
}

/**
 * Marks checkouts that were not paid before they expired as expired, so purchase history says so
 * without anyone opening them. Only the status changes: a payment event that still arrives for one
 * (a late asynchronous payment, a lost webhook found by reconciliation) completes and grants it
 * through the normal event path. Safe to run in several processes at once.
 */
export async function expireStaleCheckouts(deps: Pick<BillingDeps, 'db' | 'clock'>): Promise<number> {
  const rows = await expireCheckoutsDue(deps.db, deps.clock());
  if (rows.length > 0) checkoutOutcomes.inc({ outcome: 'expired' }, rows.length);
  return rows.length;
}

async function creditsGrantedFor(db: Db, row: CheckoutRow): Promise<number> {
  if (row.kind === 'credits') {
    return (await findEntryByKey(db, ledgerKeys.checkout(row.id)))?.delta ?? 0;
  }
  const subscriptionId = await findSubscriptionIdOfCheckout(db, row.id);
  if (!subscriptionId || !row.completedAt) return 0;
  return (await findEntryByKey(db, ledgerKeys.subscriptionPeriod(subscriptionId, row.completedAt)))?.delta ?? 0;
}

export async function getSessionDetails(deps: BillingDeps, userId: string, sessionId: string): Promise<SessionDetails> {
  const row = await reconcileCheckout(deps, await findCheckoutBySession(deps.db, sessionId, userId));
  return {
    status: row.status,
    checkout: toCheckoutSummary(row),
    creditsGranted: await creditsGrantedFor(deps.db, row),
    balance: (await readBalance(deps.db, userId)) ?? 0,
  };
}

/**
 * A person's purchases: what they paid for, and payments that failed while that checkout can still
 * be paid. Opening a checkout is not a purchase, so one opened and left (open, or expired unpaid)
 * is never listed; a failed one leaves the list when its session expires or is dismissed.
 */
export async function listCheckouts(db: Db, userId: string, limit = 50): Promise<CheckoutSummary[]> {
  const rows = await selectCheckoutsOf(db, userId, limit);
  return rows.map(toCheckoutSummary);
}

export const CHECKOUT_TEXT = {
  paidStays: 'A paid purchase stays in your history',
  dismissed: 'Checkout dismissed',
} as const;

/**
 * The owner gives up on an unfinished checkout: it leaves their purchase history, and one still open
 * is closed (expired) so it cannot be paid by mistake later. It is reconciled first, so a payment
 * that already went through is granted and kept rather than hidden. Someone else's checkout is "not
 * found", like every other checkout lookup.
 */
export async function dismissCheckout(
  deps: BillingDeps & { local: Pick<LocalPaymentProvider, 'closeSession'> },
  userId: string,
  checkoutId: string,
): Promise<void> {
  const row = await findCheckoutRow(deps.db, checkoutId);
  if (!row || row.userId !== userId) throw notFound('Checkout session not found');
  const fresh = await reconcileCheckout(deps, row);
  if (fresh.status === 'complete') throw conflict(CHECKOUT_TEXT.paidStays);
  // Paid between the reconciliation and now: the payment wins.
  if (!(await dismissCheckoutRow(deps.db, row.id, deps.clock()))) throw conflict(CHECKOUT_TEXT.paidStays);
  // Our own checkout is closed at the source too. A hosted provider's session simply runs out; a
  // payment that still arrives for it is granted as usual (see expireStaleCheckouts).
  if (row.provider === LOCAL_PROVIDER) await deps.local.closeSession(row.providerSessionId);
}

// ---- Stats

export async function creditStatsFor(db: Db): Promise<CreditStats> {
  const byKind = await ledgerTotalsByKind(db);
  const { revenue, activeSubscriptions, byProduct } = await checkoutStats(db);
  const k = (kind: string) => byKind.get(kind as never) ?? 0;
  return {
    totalPurchased: k('purchase'),
    totalRevenue: Number(revenue?.total ?? 0),
    totalSpent: -k('generation_charge'),
    totalRefunded: k('refund'),
    totalGranted: k('subscription_grant') + k('signup_grant') + k('admin_add') + k('referral_bonus'),
    activeSubscriptions,
    completedCheckouts: revenue?.n ?? 0,
    purchasesByProduct: byProduct.map((r) => ({
      productId: r.productId,
      name: r.name,
      count: r.count,
      credits: Number(r.credits),
      revenue: Number(r.revenue),
    })),
  };
}
