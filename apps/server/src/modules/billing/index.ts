export { billingRoutes } from './billing.routes.js';
export { creditsBillingRoutes } from './credits-billing.routes.js';
export { billingDeps } from './billing.deps.js';
export { billingDeletionStep } from './billing.deletion.js';
export { liveSubscriptionsOfPlan } from './billing.events.js';
export { completedCheckoutsByBucket, liveSubscriptionCount } from './billing-reads.repository.js';
export { findPricing, listProducts } from './billing.service.js';
export { startBillingSweeps } from './billing.sweeps.js';
