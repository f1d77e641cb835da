import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { users } from './auth.schema.js';

/*
 * The credit balance is a column of the account row, which this module owns. The credits module
 * decides every change (its ledger is the record); these are the only statements that touch the
 * column, and they run inside the ledger's transaction.
 */

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

/** The conditional update: it changes nothing and returns null when the balance would go below zero. */
export async function addToBalance(tx: Db, userId: string, delta: number): Promise<number | null> {
  const rows = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
    .returning({ credits: users.credits });
  return rows[0]?.credits ?? null;
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

/**
 * addToBalance for a debit inside the caller's statement: an UPDATE … RETURNING credits (the
 * balance after) that changes nothing, and returns no row, when the balance is short or `when`
 * is false. A concurrent change of the same balance makes it wait, and PostgreSQL then checks the
 * condition again on the balance as that change left it, so racing debits cannot overdraw. The
 * values may be placeholders, for a statement built once (buildStatement).
 */
export function debitBalanceSql(userId: string | Placeholder, amount: number | Placeholder, when: SQL = sql`true`): SQL {
  return sql`UPDATE ${users} SET credits = credits - ${amount}::int
    WHERE id = ${userId}::uuid AND credits - ${amount}::int >= 0 AND (${when})
    RETURNING credits`;
}

/** readBalance as a scalar subquery (the balance as the statement found it; NULL for no such account). */
export function balanceSql(userId: string | Placeholder): SQL {
  return sql`(SELECT credits FROM ${users} WHERE id = ${userId}::uuid)`;
}
