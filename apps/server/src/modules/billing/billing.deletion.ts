import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { cancelForDeletion } from './subscription.service.js';
import type { BillingDeps } from './billing.service.js';
import { endPaymentDataOf } from './billing.repository.js';

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
      await endPaymentDataOf(tx, userId, now);
    },
  };
}
