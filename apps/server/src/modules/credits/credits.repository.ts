import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { creditLedger, type LedgerRow } from './credits.schema.js';
import type { LedgerKey } from './ledger-keys.js';

// The balance column lives on the account row (auth's); the ledger moves it through auth's face.
export { addToBalance, balanceSql, debitBalanceSql, lockUserBalance, readBalance, userExists } from '../auth/index.js';

export interface NewLedgerRow {
  userId: string;
  delta: number;
  kind: LedgerKind;
  reason: string | null;
  reference: string | null;
  contentId: string | null;
  actorId: string | null;
  idempotencyKey: LedgerKey;
  balanceAfter: number;
}

export interface HistoryFilter {
  kind?: LedgerKind;
  from?: Date;
  /** Exclusive when `toExclusive`, else inclusive. */
  to?: Date;
  toExclusive?: boolean;
}

export async function findEntryByKey(tx: Db, idempotencyKey: LedgerKey): Promise<LedgerRow | null> {
  const rows = await tx.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey)).limit(1);
  return rows[0] ?? null;
}

export async function insertEntry(tx: Db, row: NewLedgerRow): Promise<LedgerRow> {
  const rows = await tx.insert(creditLedger).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('ledger insert returned no row');
  return inserted;
}

export async function listEntries(
  db: Db,
  userId: string,
  filter: HistoryFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const conditions: SQL[] = [eq(creditLedger.userId, userId)];
  if (filter.kind) conditions.push(eq(creditLedger.kind, filter.kind));
  if (filter.from) conditions.push(gte(creditLedger.createdAt, filter.from));
  if (filter.to) conditions.push(filter.toExclusive ? lt(creditLedger.createdAt, filter.to) : lte(creditLedger.createdAt, filter.to));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(where)
      .orderBy(desc(creditLedger.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(creditLedger).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Sum of a user's ledger; equals users.credits (the invariant tests and audits check). */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ sum: sql<string | null>`sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(rows[0]?.sum ?? 0);
}

/** The whole ledger's sum per kind (admin statistics). */
export async function ledgerTotalsByKind(db: Db): Promise<Map<LedgerKind, number>> {
  const sums = await db
    .select({ kind: creditLedger.kind, total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .groupBy(creditLedger.kind);
  return new Map(sums.map((r) => [r.kind, Number(r.total)]));
}

/** Every entry of one user, oldest first (the CSV export). */
export async function allEntriesOf(db: Db, userId: string): Promise<LedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.seq));
}

/** The sum of one user's entries of a kind whose idempotency key starts with `keyPrefix`. */
export async function sumOfEntries(db: Db, userId: string, kind: LedgerKind, keyPrefix: string): Promise<number> {
  const rows = await db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, kind), sql`${creditLedger.idempotencyKey} like ${`${keyPrefix}%`}`));
  return rows[0]?.sum ?? 0;
}

/** Which of these idempotency keys one user's ledger already holds. */
export async function entryKeysOf(db: Db, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), inArray(creditLedger.idempotencyKey, keys)));
  return rows.map((r) => r.key);
}
