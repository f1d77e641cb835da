import { and, eq, inArray } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { cancelForDeletion } from './subscription.service.js';
import type { BillingDeps } from './billing.service.js';
import { localPaymentSessions, paymentCards, paymentCustomers, subscriptions } from './billing.schema.js';

/**
 * Billing: a live subscription is cancelled at the provider before anything else, then ends here
 * at once; saved cards, the provider customer link and payment sessions (card digits) go.
 * Checkouts and subscriptions stay as anonymous records of payments made (the account row no
 * longer says whose).
 */
export function billingDeletionStep(deps: BillingDeps): AccountDeletionStep {
  return {
    module: 'billing',
    tables: ['subscriptions', 'payment_cards', 'payment_customers', 'local_payment_sessions', 'checkouts'],
    keeps: 'checkouts and ended subscriptions, as anonymous payment records',
    before: (userId) => cancelForDeletion(deps, userId),
    async deleteUser(tx, userId, now) {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'incomplete'])));
      await tx.delete(paymentCards).where(eq(paymentCards.userId, userId));
      await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
      await tx.delete(localPaymentSessions).where(eq(localPaymentSessions.userId, userId));
    },
  };
}
