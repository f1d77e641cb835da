import { makePagination, type Plan, type PlanBody, type Pagination } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { PlanRow } from './plans.schema.js';
import {
  deletePlanRow,
  findPlanRow,
  findPlanRowByStripeProduct,
  insertPlan,
  selectActivePlans,
  selectPlansPage,
  updatePlanRow,
} from './plans.repository.js';

/**
 * How many subscriptions still run on a plan: billing's to tell (it sits beside plans and imports
 * it, so it is handed in by app.ts rather than imported).
 */
export type LiveSubscriptionsOf = (db: Db, planId: string) => Promise<number>;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features,
    priceMonthly: row.priceMonthly,
    priceYearly: row.priceYearly,
    currency: row.currency,
    creditsPerPeriod: row.creditsPerPeriod,
    isActive: row.isActive,
    isPopular: row.isPopular,
    sortOrder: row.sortOrder,
    stripeProductId: row.stripeProductId,
    stripePriceIdMonthly: row.stripePriceIdMonthly,
    stripePriceIdYearly: row.stripePriceIdYearly,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type PlanValues = Partial<Omit<PlanRow, 'id' | 'createdAt'>>;

/** Parsed bodies have defaults applied; undefined keys are left alone on update. */
function planValues(body: Partial<PlanBody>): PlanValues {
  const values: PlanValues = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  return values;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const DUPLICATE_PRODUCT = 'Another plan already uses this payment-provider product id';

export async function listActivePlans(db: Db): Promise<Plan[]> {
  const rows = await selectActivePlans(db);
  return rows.map(toPlan);
}

export async function listPlans(db: Db, query: { page: number; pageSize: number; isActive?: boolean }): Promise<{ plans: Plan[]; pagination: Pagination }> {
  const { rows, total } = await selectPlansPage(db, query);
  return { plans: rows.map(toPlan), pagination: makePagination(query.page, query.pageSize, total) };
}

export async function getPlanRow(db: Db, id: string): Promise<PlanRow> {
  const row = await findPlanRow(db, id);
  if (!row) throw notFound('Plan not found');
  return row;
}

export async function getPlanByStripeProduct(db: Db, productId: string): Promise<Plan> {
  const row = await findPlanRowByStripeProduct(db, productId);
  if (!row) throw notFound('Plan not found');
  return toPlan(row);
}

export async function createPlan(db: Db, body: PlanBody, now: Date): Promise<Plan> {
  try {
    const row = await insertPlan(db, { ...(planValues(body) as PlanRow), createdAt: now, updatedAt: now });
    if (!row) throw new Error('plan insert returned nothing');
    return toPlan(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_PRODUCT);
    throw err;
  }
}

/** All or nothing: one transaction, so a bad plan in the list leaves no plan created. */
export async function createPlans(db: Db, bodies: PlanBody[], now: Date): Promise<Plan[]> {
  try {
    return await db.transaction(async (tx) => {
      const created: Plan[] = [];
      for (const body of bodies) {
        const row = await insertPlan(tx, { ...(planValues(body) as PlanRow), createdAt: now, updatedAt: now });
        if (!row) throw new Error('plan insert returned nothing');
        created.push(toPlan(row));
      }
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_PRODUCT);
    throw err;
  }
}

export async function updatePlan(db: Db, id: string, body: Partial<PlanBody>, now: Date): Promise<Plan> {
  try {
    const row = await updatePlanRow(db, id, { ...planValues(body), updatedAt: now });
    if (!row) throw notFound('Plan not found');
    return toPlan(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_PRODUCT);
    throw err;
  }
}

/**
 * Refused with 409 while a live subscription uses the plan (deactivate it instead, so nobody new
 * subscribes while existing subscribers keep renewing). Canceled subscriptions keep their history
 * with the plan reference cleared.
 */
export async function deletePlan(db: Db, id: string, liveSubscriptionsOf: LiveSubscriptionsOf): Promise<void> {
  await getPlanRow(db, id);
  if ((await liveSubscriptionsOf(db, id)) > 0) {
    throw conflict('This plan has active subscriptions; deactivate it instead of deleting it');
  }
  await deletePlanRow(db, id);
}
