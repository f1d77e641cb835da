export { plansRoutes } from './plans.routes.js';
export {
  findPlanRow,
  findPlanRowByProviderPrice,
  getPlanRow,
  listActivePlans,
  planRowsByIds,
  toPlan,
} from './plans.service.js';
export type { PlanRow } from './plans.schema.js';
