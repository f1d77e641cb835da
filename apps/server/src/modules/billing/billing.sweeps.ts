import { expireStaleCheckouts } from './billing.service.js';
import type { BillingModuleDeps } from './billing.deps.js';
import { renewDueSubscriptions } from './subscription.service.js';

/** How often a process looks for subscriptions whose period has ended and checkouts that expired. */
export const RENEWAL_SWEEP_MS = 60_000;

/**
 * Billing's periodic sweeps, run by every worker process (background.ts); both are safe to run
 * concurrently. Renewals: Stripe bills its own (invoice.paid webhooks), so that sweep runs only for
 * `local`. Expiry: unpaid checkouts past their expiry are marked expired, whatever the provider.
 */
export function startBillingSweeps(
  deps: BillingModuleDeps,
  log: { error(obj: object, msg?: string): void },
): { stop(): Promise<void> } {
  const renews = deps.provider.renewals === 'scheduler';
  const timer = setInterval(() => {
    if (renews) renewDueSubscriptions(deps).catch((err: unknown) => log.error({ err }, 'subscription renewal sweep failed'));
    expireStaleCheckouts(deps).catch((err: unknown) => log.error({ err }, 'checkout expiry sweep failed'));
  }, RENEWAL_SWEEP_MS);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
