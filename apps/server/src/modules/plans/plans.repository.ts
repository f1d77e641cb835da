import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { plans, type PlanRow } from './plans.schema.js';

type NewPlanRow = typeof plans.$inferInsert;

export async function selectActivePlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.priceMonthly));
}

/** One page of plans (all, or those active or not), and their total. */
export async function selectPlansPage(db: Db, query: { page: number; pageSize: number; isActive?: boolean }): Promise<{ rows: PlanRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.isActive !== undefined) conditions.push(eq(plans.isActive, query.isActive));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(asc(plans.sortOrder), asc(plans.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  const rows = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return rows[0];
}

export async function planRowsByIds(db: Db, ids: string[]): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(plans).where(inArray(plans.id, ids));
}

/** The plan whose monthly or yearly provider price this is. */
export async function findPlanRowByProviderPrice(db: Db, priceId: string): Promise<PlanRow | undefined> {
  const rows = await db
    .select()
    .from(plans)
    .where(or(eq(plans.stripePriceIdMonthly, priceId), eq(plans.stripePriceIdYearly, priceId)))
    .limit(1);
  return rows[0];
}

export async function findPlanRowByStripeProduct(db: Db, productId: string): Promise<PlanRow | undefined> {
  const rows = await db.select().from(plans).where(eq(plans.stripeProductId, productId)).limit(1);
  return rows[0];
}

export async function insertPlan(db: Db, values: NewPlanRow): Promise<PlanRow | undefined> {
  const [row] = await db.insert(plans).values(values).returning();
  return row;
}

export async function updatePlanRow(db: Db, id: string, values: Partial<NewPlanRow>): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

export async function deletePlanRow(db: Db, id: string): Promise<void> {
  await db.delete(plans).where(eq(plans.id, id));
}
