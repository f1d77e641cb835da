import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import type { LocalCheckoutStore } from '../../providers/payments/local.js';
import type { StripeCustomerStore } from '../../providers/payments/stripe.js';
import { findUserById } from '../auth/index.js';
import { localPaymentSessions, paymentCards, paymentCustomers, subscriptions } from './billing.schema.js';

/** The local checkout's sessions and saved cards, kept in billing's tables. */
export function localCheckoutStore(db: Db): LocalCheckoutStore {
  return {
    async insertSession(row) {
      await db.insert(localPaymentSessions).values(row);
    },
    async findSession(id) {
      const rows = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id)).limit(1);
      return rows[0];
    },
    inLockedSession(id, work) {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id)).for('update');
        return work(rows[0], localCheckoutStore(tx));
      });
    },
    async updateSession(id, patch) {
      const rows = await db.update(localPaymentSessions).set(patch).where(eq(localPaymentSessions.id, id)).returning();
      return rows[0];
    },
    async expireUnpaid(id) {
      await db
        .update(localPaymentSessions)
        .set({ status: 'expired' })
        .where(and(eq(localPaymentSessions.id, id), ne(localPaymentSessions.status, 'paid')));
    },
    async saveCard(card) {
      await db.insert(paymentCards).values(card);
    },
    async latestCard(userId, provider) {
      const rows = await db
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, provider)))
        .orderBy(desc(paymentCards.createdAt))
        .limit(1);
      return rows[0];
    },
  };
}

/** Stripe's customer ids and subscription links, kept in billing's tables; the contact comes from the account. */
export function stripeCustomerStore(db: Db): StripeCustomerStore {
  return {
    async customerId(userId, provider) {
      const rows = await db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
        .limit(1);
      return rows[0]?.customerId ?? null;
    },
    async saveCustomer(row) {
      await db.insert(paymentCustomers).values(row).onConflictDoNothing();
    },
    async contact(userId) {
      const user = await findUserById(db, userId);
      return user ? { email: user.email, fullName: user.fullName } : undefined;
    },
    async checkoutIdOfSubscription(provider, providerSubscriptionId) {
      const rows = await db
        .select({ checkoutId: subscriptions.checkoutId })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
        )
        .limit(1);
      return rows[0]?.checkoutId ?? null;
    },
  };
}
