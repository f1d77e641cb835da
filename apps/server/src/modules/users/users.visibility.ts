import { sql, type SQL } from 'drizzle-orm';
import { notSuspendedSql, usersTable as users } from '../auth/index.js';

/**
 * Who may see a person: the profile rule, as content.visibility.ts is the content rule (DESIGN.md
 * §12 "Moderation").
 * - A suspended account's profile is gone for everyone but admins until the suspension ends, and
 *   the person leaves every list of people (followers, following, search, suggestions). The end is
 *   judged by the database's now(), so an expiry needs nobody to write anything.
 * - A person someone blocked leaves that person's lists of people (not the blocked person's: they
 *   are never told).
 */

/** SQL over `users`: the account is suspended at this moment. */
export const suspendedNowSql: SQL<boolean> = sql<boolean>`(${users.suspendedAt} IS NOT NULL AND (${users.suspendedUntil} IS NULL OR ${users.suspendedUntil} > now()))`;

/** SQL over `users`: the person may show in `viewerId`'s lists of people (null: a visitor). */
export function listedPersonSql(viewerId: string | null): SQL {
  const active = sql.raw(notSuspendedSql('"users"'));
  if (!viewerId) return active;
  return sql`${active} AND NOT EXISTS (SELECT 1 FROM user_blocks pb WHERE pb.blocker_id = ${viewerId} AND pb.blocked_id = ${users.id})`;
}
