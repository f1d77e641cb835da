import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { hasPrivateProfile, indexedPersonSql, shownPersonSql } from './users.visibility.js';

/** What a visitor's link preview of a profile shows: the page head of /u/:username. */
export interface ProfilePreview {
  fullName: string;
  username: string;
  avatar: string | null;
  /** Null when the profile is private (it shows only name, username and avatar). */
  bio: string | null;
}

/** The profile `username` (any case) as a visitor may see it, or undefined when it does not show (the profile rule). */
export async function findProfilePreview(db: Db, username: string): Promise<ProfilePreview | undefined> {
  const rows = await db
    .select({ fullName: users.fullName, username: users.username, avatar: users.avatar, bio: users.bio, settings: users.settings })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) AND ${shownPersonSql}`)
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { fullName: row.fullName, username: row.username, avatar: row.avatar, bio: hasPrivateProfile(row.settings) ? null : row.bio };
}

/** How many profiles crawlers may list (the sitemap). */
export async function countIndexedProfiles(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(users).where(indexedPersonSql);
  return Number(rows[0]?.n ?? 0);
}

/** A page of the profiles crawlers may list, oldest account first. */
export async function listIndexedProfiles(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ username: string; updatedAt: Date }[]> {
  return db
    .select({ username: users.username, updatedAt: users.updatedAt })
    .from(users)
    .where(indexedPersonSql)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset(offset);
}
