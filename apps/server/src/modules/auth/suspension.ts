import { sql, type SQL } from 'drizzle-orm';
import { MODERATION_TEXT } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { AppError } from '../../platform/http/errors.js';
import type { UserRow } from './public-user.js';

/**
 * Suspension, as a state of the account row: suspended from `suspended_at` until `suspended_until`
 * (null: until an admin lifts it). Past the end date the account is live again by itself, so
 * nothing has to run when a suspension expires. Every check of a live session or API key reads
 * this condition, so a suspension stops them at once on every process.
 */
export function isSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date): boolean {
  return row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil > now);
}

/** The SQL form over a users alias: true while the account is not suspended. */
export const notSuspendedSql = (alias: string): string =>
  `(${alias}.suspended_at IS NULL OR ${alias}.suspended_until <= now())`;

const dateText = (d: Date) =>
  d.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' UTC';

/** 403 "This account is suspended", with the end date when there is one. */
export function suspendedError(row: Pick<UserRow, 'suspendedUntil'>) {
  const message = row.suspendedUntil ? `${MODERATION_TEXT.suspended} until ${dateText(row.suspendedUntil)}` : MODERATION_TEXT.suspended;
  const details = row.suspendedUntil ? [{ path: 'suspendedUntil', message: row.suspendedUntil.toISOString() }] : undefined;
  return new AppError(403, message, 'ACCOUNT_SUSPENDED', details);
}

/** Refuses a suspended account (sign-in, refresh, OAuth). */
export function assertNotSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date): void {
  if (isSuspended(row, now)) throw suspendedError(row);
}

/**
 * Suspends (until: a date or null for open-ended) or lifts (suspend: false) the account; returns
 * the row's new end date, or undefined when there is no live account with this id. Used by
 * moderation inside its transaction, beside the audit row.
 */
export async function setSuspension(
  db: Db,
  input: { userId: string; suspend: boolean; until: Date | null; now: Date },
): Promise<{ suspendedUntil: Date | null } | undefined> {
  const result = await db.execute(
    input.suspend
      ? sql`UPDATE users SET suspended_at = ${input.now}, suspended_until = ${input.until}, updated_at = ${input.now}
            WHERE id = ${input.userId} AND deleted_at IS NULL RETURNING suspended_until`
      : sql`UPDATE users SET suspended_at = NULL, suspended_until = NULL, updated_at = ${input.now}
            WHERE id = ${input.userId} AND deleted_at IS NULL RETURNING suspended_until`,
  );
  const row = (result as unknown as { rows: { suspended_until: Date | string | null }[] }).rows[0];
  if (!row) return undefined;
  return { suspendedUntil: row.suspended_until === null ? null : new Date(row.suspended_until) };
}

/** SQL: the account with this id is live and not suspended. */
export function isActiveAccountSql(userId: string | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM users sa WHERE sa.id = ${userId} AND sa.deleted_at IS NULL AND ${sql.raw(notSuspendedSql('sa'))})`;
}
