import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { users } from '../../platform/db/schema.js';
import { creditLedger, type LedgerRow } from './credits.schema.js';
import type { LedgerKey } from './ledger-keys.js';

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

/**
 * Takes the user's row lock for the rest of the transaction. Every ledger change of one user
 * passes here first, so they run one after another and an idempotency check made after it sees
 * every earlier commit. NO KEY UPDATE, not UPDATE: rows that merely reference the user (content,
 * sessions) take KEY SHARE locks, and must neither wait for nor deadlock with a ledger change.
 */
export async function lockUserBalance(tx: Db, userId: string): Promise<{ credits: number; isDeleted: boolean } | null> {
  const rows = await tx
    .select({ credits: users.credits, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  const row = rows[0];
  return row ? { credits: row.credits, isDeleted: row.deletedAt !== null } : null;
}

export async function findEntryByKey(tx: Db, idempotencyKey: LedgerKey): Promise<LedgerRow | null> {
  const rows = await tx.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey)).limit(1);
  return rows[0] ?? null;
}

/** The conditional update: it changes nothing and returns null when the balance would go below zero. */
export async function addToBalance(tx: Db, userId: string, delta: number): Promise<number | null> {
  const rows = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
    .returning({ credits: users.credits });
  return rows[0]?.credits ?? null;
}

export async function insertEntry(tx: Db, row: NewLedgerRow): Promise<LedgerRow> {
  const rows = await tx.insert(creditLedger).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('ledger insert returned no row');
  return inserted;
}

export async function readBalance(db: Db, userId: string): Promise<number | null> {
  const rows = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.credits ?? null;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} IS NULL`))
    .limit(1);
  return rows.length > 0;
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
