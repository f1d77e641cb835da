export { plansRoutes } from './plans.routes.js';
export { getPlanRow, listActivePlans, toPlan } from './plans.service.js';
export { findPlanRow, findPlanRowByProviderPrice, planRowsByIds } from './plans.repository.js';
export type { PlanRow } from './plans.schema.js';
