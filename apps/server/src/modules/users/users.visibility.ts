import { sql, type SQL } from 'drizzle-orm';
import { notSuspendedSql, usersTable as users } from '../auth/index.js';

/**
 * Who may see a person: the profile rule, as content.visibility.ts is the content rule (DESIGN.md
 * §12 "Moderation"). Every read of a person for others (the profile, its preview and page head,
 * the sitemap, lists of people) goes through it.
 * - A deleted account is gone. A suspended account's profile is gone for everyone but admins until
 *   the suspension ends, and the person leaves every list of people (followers, following, search,
 *   suggestions) and the sitemap. The end is judged by the database's now(), so an expiry needs
 *   nobody to write anything.
 * - A private profile shows others only its name, username and avatar (an admin and the person
 *   see it all), and is left out of the sitemap.
 * - A person someone blocked leaves that person's lists of people (not the blocked person's: they
 *   are never told).
 */

/** SQL over `users`: the account is suspended at this moment. */
export const suspendedNowSql: SQL<boolean> = sql<boolean>`(${users.suspendedAt} IS NOT NULL AND (${users.suspendedUntil} IS NULL OR ${users.suspendedUntil} > now()))`;

/** SQL over `users`: the account is live and not suspended now, so its profile shows to anyone. */
export const shownPersonSql: SQL = sql`(${users.deletedAt} IS NULL AND ${sql.raw(notSuspendedSql('"users"'))})`;

/** shownPersonSql over another alias of `users` (a constant of the caller's statement, never input). */
export function shownPersonAs(alias: string): SQL {
  return sql.raw(`(${alias}.deleted_at IS NULL AND ${notSuspendedSql(alias)})`);
}

/** The row form of the privacy part: only the name, username and avatar show to others. */
export function hasPrivateProfile(settings: { profileVisibility?: string } | null | undefined): boolean {
  return settings?.profileVisibility === 'private';
}

/** The SQL form over `users` of hasPrivateProfile. */
export const privateProfileSql: SQL<boolean> = sql<boolean>`coalesce(${users.settings}->>'profileVisibility' = 'private', false)`;

/** privateProfileSql over another alias of `users` (a constant of the caller's statement, never input). */
export function privateProfileAs(alias: string): SQL<boolean> {
  return sql.raw(`coalesce(${alias}.settings->>'profileVisibility' = 'private', false)`) as SQL<boolean>;
}

/** SQL over `users`: the profile shows everything to anyone, so crawlers may list it (the sitemap). */
export const indexedPersonSql: SQL = sql`(${shownPersonSql} AND NOT ${privateProfileSql})`;

/** SQL over `users`: the person may show in `viewerId`'s lists of people (null: a visitor). */
export function listedPersonSql(viewerId: string | null): SQL {
  if (!viewerId) return shownPersonSql;
  return sql`${shownPersonSql} AND NOT EXISTS (SELECT 1 FROM user_blocks pb WHERE pb.blocker_id = ${viewerId} AND pb.blocked_id = ${users.id})`;
}
