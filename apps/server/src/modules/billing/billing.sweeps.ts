import { startMinuteSweep, type Queue } from '../../platform/queue/queue.js';
import { expireStaleCheckouts } from './billing.service.js';
import type { BillingModuleDeps } from './billing.deps.js';
import { renewDueSubscriptions } from './subscription.service.js';

/** The queue of billing's once-a-minute sweep. */
const BILLING_SWEEP_QUEUE = 'billing-sweep';

/**
 * Billing's sweep, once a minute on one worker process (a pg-boss schedule, background.ts); both
 * parts are safe to run concurrently all the same. Renewals: Stripe bills its own (invoice.paid
 * webhooks), so that part runs only for `local`. Expiry: unpaid checkouts past their expiry are
 * marked expired, whatever the provider.
 */
export function startBillingSweeps(
  deps: BillingModuleDeps,
  queue: Queue,
  log: { error(obj: object, msg?: string): void },
): Promise<{ stop(): Promise<void> }> {
  const renews = deps.provider.renewals === 'scheduler';
  return startMinuteSweep(
    queue,
    BILLING_SWEEP_QUEUE,
    async () => {
      const results = await Promise.allSettled([
        renews ? renewDueSubscriptions(deps) : Promise.resolve(),
        expireStaleCheckouts(deps),
      ]);
      if (results[0].status === 'rejected') log.error({ err: results[0].reason }, 'subscription renewal sweep failed');
      if (results[1].status === 'rejected') log.error({ err: results[1].reason }, 'checkout expiry sweep failed');
    },
    (err) => log.error({ err }, 'billing sweep failed'),
  );
}
