import type { ModuleContext } from '../../platform/http/types.js';
import { createLocalPaymentProvider, type LocalPaymentProvider } from '../../providers/payments/local.js';
import type { BillingDeps } from './billing.service.js';

export interface BillingModuleDeps extends BillingDeps {
  local: LocalPaymentProvider;
}

/**
 * The local checkout is the only provider built in (the `stripe` package is not part of this
 * build); it keeps its state in the database, so every process builds an equal instance.
 */
export function billingDeps(ctx: Pick<ModuleContext, 'database' | 'realtime' | 'clock' | 'config'>): BillingModuleDeps {
  const local = createLocalPaymentProvider({ db: ctx.database.db, clock: ctx.clock });
  return {
    db: ctx.database.db,
    realtime: ctx.realtime,
    clock: ctx.clock,
    provider: local,
    local,
    publicUrl: ctx.config.PUBLIC_URL.replace(/\/$/, ''),
  };
}
