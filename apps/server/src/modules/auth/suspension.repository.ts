import { sql, type SQL } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db/db.js';
import { notSuspendedSql } from './suspension.js';

/**
 * Suspends (until: a date or null for open-ended) or lifts (suspend: false) the account; returns
 * the row's new end date, or undefined when there is no live account with this id. Used by
 * moderation inside its transaction, beside the audit row.
 */
export async function setSuspension(
  db: Db,
  input: { userId: string; suspend: boolean; until: Date | null; now: Date },
): Promise<{ suspendedUntil: Date | null } | undefined> {
  const [row] = await executeRows<{ suspended_until: Date | string | null }>(db,
    input.suspend
      ? sql`UPDATE users SET suspended_at = ${input.now}, suspended_until = ${input.until}, updated_at = ${input.now}
            WHERE id = ${input.userId} AND deleted_at IS NULL RETURNING suspended_until`
      : sql`UPDATE users SET suspended_at = NULL, suspended_until = NULL, updated_at = ${input.now}
            WHERE id = ${input.userId} AND deleted_at IS NULL RETURNING suspended_until`,
  );
  if (!row) return undefined;
  return { suspendedUntil: row.suspended_until === null ? null : new Date(row.suspended_until) };
}

/** SQL: the account with this id is live and not suspended. */
export function isActiveAccountSql(userId: string | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM users sa WHERE sa.id = ${userId} AND sa.deleted_at IS NULL AND ${sql.raw(notSuspendedSql('sa'))})`;
}
