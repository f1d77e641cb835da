import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/db.js';
import { users } from './auth.schema.js';
import type { UserRow } from './public-user.js';

/**
 * The account support messages go to: the one with SUPPORT_EMAIL when it exists, else the first
 * admin (DESIGN.md §8).
 */
export async function findSupportAccount(db: Db, config: Pick<Config, 'SUPPORT_EMAIL'>): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${supportAccountId(config)}`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The support account's id as a scalar subquery (NULL when there is none), for statements that
 * need it along with other work, such as routing a message; findSupportAccount reads it too.
 */
export function supportAccountId(config: Pick<Config, 'SUPPORT_EMAIL'>): SQL {
  const firstAdmin = sql`(SELECT fa.id FROM users fa WHERE fa.role = 'admin' AND fa.deleted_at IS NULL
    ORDER BY fa.created_at, fa.id LIMIT 1)`;
  if (!config.SUPPORT_EMAIL) return firstAdmin;
  return sql`coalesce((SELECT se.id FROM users se WHERE lower(se.email) = ${config.SUPPORT_EMAIL.toLowerCase()}
    AND se.deleted_at IS NULL LIMIT 1), ${firstAdmin})`;
}

/**
 * supportAccountId when the support account is one of `ids` (SQL uuid expressions), else NULL.
 * Only an admin, or the account with SUPPORT_EMAIL, can be the support account, so the search for
 * it (a scan for the first admin when SUPPORT_EMAIL is unset) runs only when one of them could be.
 */
export function supportAccountIdAmong(config: Pick<Config, 'SUPPORT_EMAIL'>, ids: SQL[]): SQL {
  const list = sql.join(ids, sql`, `);
  const couldBe = config.SUPPORT_EMAIL
    ? sql`(ca.role = 'admin' OR lower(ca.email) = ${config.SUPPORT_EMAIL.toLowerCase()})`
    : sql`ca.role = 'admin'`;
  return sql`CASE WHEN EXISTS (SELECT 1 FROM users ca WHERE ca.id IN (${list}) AND ca.deleted_at IS NULL AND ${couldBe})
    THEN (SELECT sa.id FROM (SELECT ${supportAccountId(config)} AS id) sa WHERE sa.id IN (${list})) END`;
}
