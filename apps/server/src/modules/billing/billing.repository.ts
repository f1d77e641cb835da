import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import {
  checkouts,
  creditPricing,
  creditProducts,
  localPaymentSessions,
  paymentCards,
  paymentCustomers,
  paymentEvents,
  subscriptions,
  type CheckoutRow,
  type CreditProductRow,
  type SubscriptionRow,
} from './billing.schema.js';

type NewCheckoutRow = typeof checkouts.$inferInsert;
type NewProductRow = typeof creditProducts.$inferInsert;
type PricingRow = typeof creditPricing.$inferSelect;
type NewPaymentEvent = typeof paymentEvents.$inferInsert;
type SubscriptionStatus = SubscriptionRow['status'];

// ---- Products

export async function selectProducts(db: Db, includeInactive: boolean): Promise<CreditProductRow[]> {
  return db
    .select()
    .from(creditProducts)
    .where(includeInactive ? undefined : eq(creditProducts.isActive, true))
    .orderBy(asc(creditProducts.sortOrder), asc(creditProducts.price));
}

export async function selectProduct(db: Db, id: string): Promise<CreditProductRow | undefined> {
  const rows = await db.select().from(creditProducts).where(eq(creditProducts.id, id)).limit(1);
  return rows[0];
}

export async function insertProduct(db: Db, values: NewProductRow): Promise<CreditProductRow | undefined> {
  const [row] = await db.insert(creditProducts).values(values).returning();
  return row;
}

export async function updateProductRow(db: Db, id: string, values: Partial<NewProductRow>): Promise<CreditProductRow | undefined> {
  const [row] = await db.update(creditProducts).set(values).where(eq(creditProducts.id, id)).returning();
  return row;
}

/** Deletes a product; false when there was none. */
export async function deleteProductRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(creditProducts).where(eq(creditProducts.id, id)).returning({ id: creditProducts.id });
  return rows.length > 0;
}

// ---- Pricing

export async function selectPricing(db: Db): Promise<PricingRow | undefined> {
  const rows = await db.select().from(creditPricing).where(eq(creditPricing.id, 1)).limit(1);
  return rows[0];
}

export async function upsertPricing(db: Db, values: Omit<typeof creditPricing.$inferInsert, 'id'>): Promise<void> {
  await db
    .insert(creditPricing)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: creditPricing.id, set: values });
}

// ---- Checkouts

export async function insertCheckout(db: Db, values: NewCheckoutRow): Promise<void> {
  await db.insert(checkouts).values(values);
}

/** Inserts a checkout unless one with its provider session id exists (a repeated upgrade). */
export async function insertCheckoutOnce(tx: Db, values: NewCheckoutRow): Promise<void> {
  await tx.insert(checkouts).values(values).onConflictDoNothing();
}

export async function findCheckoutRow(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const rows = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  return rows[0];
}

export async function findCheckoutRowBySession(db: Db, sessionId: string): Promise<CheckoutRow | undefined> {
  const rows = await db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId)).limit(1);
  return rows[0];
}

/** Whether a checkout with this provider session id exists. */
export async function hasCheckoutWithSession(db: Db, sessionId: string): Promise<boolean> {
  const done = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.providerSessionId, sessionId)).limit(1);
  return done.length > 0;
}

/** The checkout, locked for the rest of the transaction. */
export async function lockCheckoutRow(tx: Db, id: string): Promise<CheckoutRow | null> {
  const rows = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  return rows[0] ?? null;
}

/** Expires one checkout if it is still open or declined. */
export async function expireCheckout(db: Db, id: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(eq(checkouts.id, id), inArray(checkouts.status, ['open', 'declined'])));
}

/** Expires every open or declined checkout whose time is up; their ids. */
export async function expireCheckoutsDue(db: Db, now: Date): Promise<{ id: string }[]> {
  return db
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(inArray(checkouts.status, ['open', 'declined']), lte(checkouts.expiresAt, now)))
    .returning({ id: checkouts.id });
}

export async function markCheckoutComplete(tx: Db, id: string, completedAt: Date): Promise<void> {
  await tx.update(checkouts).set({ status: 'complete', completedAt, declineMessage: null }).where(eq(checkouts.id, id));
}

export async function markCheckoutDeclined(tx: Db, id: string, declineMessage: string): Promise<void> {
  await tx.update(checkouts).set({ status: 'declined', declineMessage }).where(eq(checkouts.id, id));
}

/** Dismisses a checkout unless it is complete; false when it was (paid meanwhile). */
export async function dismissCheckoutRow(db: Db, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(checkouts)
    .set({ dismissedAt: now, status: 'expired' })
    .where(and(eq(checkouts.id, id), sql`${checkouts.status} <> 'complete'`))
    .returning({ id: checkouts.id });
  return updated.length > 0;
}

/** A person's complete and declined checkouts they have not dismissed, newest first. */
export async function selectCheckoutsOf(db: Db, userId: string, limit: number): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), isNull(checkouts.dismissedAt), inArray(checkouts.status, ['complete', 'declined'])))
    .orderBy(desc(checkouts.createdAt))
    .limit(limit);
}

// ---- Payment events

/** Records a provider event; false when its id was recorded before. */
export async function recordPaymentEvent(tx: Db, values: NewPaymentEvent): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: paymentEvents.providerEventId })
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

// ---- Subscriptions

export async function findSubscriptionRow(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return rows[0];
}

/** The subscription, locked for the rest of the transaction. */
export async function lockSubscriptionRow(tx: Db, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return rows[0];
}

/** The subscription a checkout started, locked for the rest of the transaction. */
export async function lockSubscriptionOfCheckout(tx: Db, checkoutId: string): Promise<SubscriptionRow | undefined> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.checkoutId, checkoutId)).for('update');
  return rows[0];
}

export async function findSubscriptionIdOfCheckout(db: Db, checkoutId: string): Promise<string | undefined> {
  const subs = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.checkoutId, checkoutId)).limit(1);
  return subs[0]?.id;
}

/** The person's newest subscription in one of `statuses`. */
export async function newestSubscriptionIn(db: Db, userId: string, statuses: readonly SubscriptionStatus[]): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSubscription(tx: Db, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow | undefined> {
  const [created] = await tx.insert(subscriptions).values(values).returning();
  return created;
}

export async function updateSubscriptionRow(db: Db, id: string, values: Partial<SubscriptionRow>): Promise<SubscriptionRow | undefined> {
  const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row;
}

export async function setSubscription(db: Db, id: string, values: Partial<SubscriptionRow>): Promise<void> {
  await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** Cancels the person's subscriptions in one of `statuses`. */
export async function cancelSubscriptionsOf(tx: Db, userId: string, statuses: readonly SubscriptionStatus[], now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses])));
}

/** Cancels one subscription as of `canceledAt` if it is still active, trialing or past due. */
export async function cancelSubscriptionIfLive(db: Db, id: string, canceledAt: Date, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt, updatedAt: now })
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, ['active', 'trialing', 'past_due'])));
}

/** Marks a checkout's live subscription past due, unless the provider said something newer. */
export async function markSubscriptionPastDue(tx: Db, checkoutId: string, occurredAt: Date, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', providerStateAt: occurredAt, updatedAt: now })
    .where(
      and(
        eq(subscriptions.checkoutId, checkoutId),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        or(isNull(subscriptions.providerStateAt), lte(subscriptions.providerStateAt, occurredAt)),
      ),
    );
}

/** The provider's live subscriptions whose period has ended, oldest end first (500 at most). */
export async function selectSubscriptionsDue(db: Db, provider: string, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
}

/** Live subscriptions that use a plan (a plan with any cannot be deleted). */
export async function countLiveSubscriptionsOfPlan(db: Db, planId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, planId), ne(subscriptions.status, 'canceled')));
  return rows[0]?.n ?? 0;
}

// ---- Stats

export async function checkoutStats(db: Db) {
  const revenueRows = await db
    .select({ total: sql<string>`coalesce(sum(${checkouts.amount}), 0)`, n: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(eq(checkouts.status, 'complete'));
  const active = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(inArray(subscriptions.status, ['active', 'trialing', 'past_due']));
  const byProduct = await db
    .select({
      productId: checkouts.productId,
      name: sql<string>`coalesce(${creditProducts.name}, 'Custom amount')`,
      count: sql<number>`count(*)::int`,
      credits: sql<string>`sum(${checkouts.credits})`,
      revenue: sql<string>`sum(${checkouts.amount})`,
    })
    .from(checkouts)
    .leftJoin(creditProducts, eq(creditProducts.id, checkouts.productId))
    .where(and(eq(checkouts.status, 'complete'), eq(checkouts.kind, 'credits')))
    .groupBy(checkouts.productId, creditProducts.name);
  return { revenue: revenueRows[0], activeSubscriptions: active[0]?.n ?? 0, byProduct };
}

// ---- Account deletion

/**
 * A live subscription ends at once; saved cards, the provider customer link and payment sessions go
 * (the person's account deletion).
 */
export async function endPaymentDataOf(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'incomplete'])));
  await tx.delete(paymentCards).where(eq(paymentCards.userId, userId));
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  await tx.delete(localPaymentSessions).where(eq(localPaymentSessions.userId, userId));
}
