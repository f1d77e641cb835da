import { asc, eq, sql } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { likedBy } from './content-feed.repository.js';
import { content, type ContentRow } from './content.schema.js';

export interface ContentWithOwner {
  row: ContentRow;
  owner: ContentOwner;
  /** Whether the viewer passed to the finder likes it (false when none was). */
  isLiked: boolean;
  /** The owner's account is suspended now (by the database's clock); read by the visibility rule. */
  ownerSuspended: boolean;
}

const ownerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatar: users.avatar,
  // Staff show a badge beside their name (admins; the support account is the first admin or one).
  isStaff: sql<boolean>`(${users.role} = 'admin')`,
};

/** The item, its owner and the viewer's like in one round trip. */
export async function findContentWithOwner(db: Db, id: string, viewerId: string | null = null): Promise<ContentWithOwner | null> {
  const rows = await db
    .select({
      row: content,
      owner: ownerColumns,
      isLiked: likedBy(viewerId),
      ownerSuspended: sql<boolean>`(${users.suspendedAt} IS NOT NULL AND (${users.suspendedUntil} IS NULL OR ${users.suspendedUntil} > now()))`,
    })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(eq(content.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the row for the rest of the transaction (a delete racing the worker waits here). */
export async function findById(db: Db, id: string): Promise<ContentRow | null> {
  const rows = await db.select().from(content).where(eq(content.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function lockContent(tx: Db, id: string): Promise<ContentRow | null> {
  const rows = await tx.select().from(content).where(eq(content.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateContentFields(
  db: Db,
  id: string,
  fields: { title?: string; description?: string | null; isPrivate?: boolean; rating?: ContentRow['rating'] },
): Promise<void> {
  await db
    .update(content)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(content.id, id));
}

export async function deleteContentRow(tx: Db, id: string): Promise<void> {
  await tx.delete(content).where(eq(content.id, id));
}

/** Every item one user owns, oldest first (private and unfinished included): the archive's list. */
export async function listAllOwnedContent(db: Db, userId: string): Promise<ContentRow[]> {
  return db.select().from(content).where(eq(content.userId, userId)).orderBy(asc(content.createdAt), asc(content.id));
}
