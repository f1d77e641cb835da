import { eq, sql } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { users } from '../../platform/db/schema.js';
import { content, type ContentRow } from './content.schema.js';

export interface ContentWithOwner {
  row: ContentRow;
  owner: ContentOwner;
}

const ownerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatar: users.avatar,
};

export async function findContentWithOwner(db: Db, id: string): Promise<ContentWithOwner | null> {
  const rows = await db
    .select({ row: content, owner: ownerColumns })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(eq(content.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the row for the rest of the transaction (a delete racing the worker waits here). */
export async function lockContent(tx: Db, id: string): Promise<ContentRow | null> {
  const rows = await tx.select().from(content).where(eq(content.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateContentFields(
  db: Db,
  id: string,
  fields: { title?: string; description?: string | null; isPrivate?: boolean },
): Promise<void> {
  await db
    .update(content)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(content.id, id));
}

export async function deleteContentRow(tx: Db, id: string): Promise<void> {
  await tx.delete(content).where(eq(content.id, id));
}

export async function markRefunded(tx: Db, id: string, refunded: number): Promise<void> {
  await tx.update(content).set({ refunded }).where(eq(content.id, id));
}
