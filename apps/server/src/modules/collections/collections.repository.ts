import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { contentTable as content, likedBy } from '../content/index.js';
import { collectionItems, collections, type CollectionRow } from './collections.schema.js';

const ownerColumns = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar };

/**
 * What a list of collections shows besides their rows: the owners, how many items each holds that
 * the viewer may see (`visible`), each one's cover (the first item with a thumbnail, drawn from its
 * 640 px tile still when it has one, among those `cover` allows) and which of them hold `contains`.
 */
export async function collectionsExtras(db: Db, rows: CollectionRow[], visible: SQL, cover: SQL, contains?: string) {
  const ids = rows.map((r) => r.id);
  const [owners, counts, covers, hits] = await Promise.all([
    db.select(ownerColumns).from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    db
      .select({ id: collectionItems.collectionId, n: count() })
      .from(collectionItems)
      .innerJoin(content, eq(content.id, collectionItems.itemId))
      .where(and(inArray(collectionItems.collectionId, ids), visible))
      .groupBy(collectionItems.collectionId),
    // A cover card is wider than the 320 px thumbnail.
    db
      .selectDistinctOn([collectionItems.collectionId], {
        id: collectionItems.collectionId,
        key: sql<string | null>`coalesce(${content.tileKey}, ${content.thumbnailKey})`,
        userId: content.userId,
        isPrivate: content.isPrivate,
        status: content.status,
        rating: content.rating,
      })
      .from(collectionItems)
      .innerJoin(content, eq(content.id, collectionItems.itemId))
      .where(and(inArray(collectionItems.collectionId, ids), cover, sql`${content.thumbnailKey} is not null`))
      .orderBy(collectionItems.collectionId, asc(collectionItems.seq)),
    contains
      ? db
          .select({ id: collectionItems.collectionId })
          .from(collectionItems)
          .where(and(inArray(collectionItems.collectionId, ids), eq(collectionItems.itemId, contains)))
      : Promise.resolve([] as { id: string }[]),
  ]);
  return { owners, counts, covers, hits };
}

/** One page of a person's collections (all of them, or only the public ones), their total, and whether the person is live. */
export async function collectionsPageOf(db: Db, ownerId: string, onlyPublic: boolean, page: number, pageSize: number) {
  const cond = and(eq(collections.userId, ownerId), onlyPublic ? eq(collections.isPublic, true) : undefined);
  const [rows, totals, owner] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(cond)
      .orderBy(desc(collections.createdAt), desc(collections.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(collections).where(cond),
    db.select({ id: users.id }).from(users).where(and(eq(users.id, ownerId), isNull(users.deletedAt))),
  ]);
  return { rows, total: totals[0]?.n ?? 0, ownerIsLive: owner.length > 0 };
}

export async function findCollectionRow(db: Db, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row;
}

export async function insertCollection(db: Db, values: typeof collections.$inferInsert): Promise<CollectionRow | undefined> {
  const [row] = await db.insert(collections).values(values).returning();
  return row;
}

export async function updateCollectionRow(db: Db, id: string, patch: Partial<typeof collections.$inferInsert>): Promise<CollectionRow | undefined> {
  const [row] = await db.update(collections).set(patch).where(eq(collections.id, id)).returning();
  return row;
}

export async function touchCollection(db: Db, id: string, now: Date): Promise<void> {
  await db.update(collections).set({ updatedAt: now }).where(eq(collections.id, id));
}

export async function deleteCollectionRow(db: Db, id: string): Promise<void> {
  await db.delete(collections).where(eq(collections.id, id));
}

/** One page of a collection's items (newest added first) that pass `visible`, with their owners, and their total. */
export async function collectionItemsPage(
  db: Db,
  id: string,
  itemType: 'content' | undefined,
  visible: SQL,
  viewerId: string | null,
  page: number,
  pageSize: number,
) {
  const cond = and(eq(collectionItems.collectionId, id), itemType ? eq(collectionItems.itemType, itemType) : undefined, visible);
  const [rows, totals] = await Promise.all([
    db
      .select({ link: collectionItems, row: content, owner: ownerColumns, isLiked: likedBy(viewerId) })
      .from(collectionItems)
      .innerJoin(content, eq(content.id, collectionItems.itemId))
      .innerJoin(users, eq(users.id, content.userId))
      .where(cond)
      .orderBy(desc(collectionItems.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(collectionItems).innerJoin(content, eq(content.id, collectionItems.itemId)).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Whether a content item exists that passes `visible`. */
export async function findVisibleItem(db: Db, itemId: string, visible: SQL): Promise<boolean> {
  const [item] = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.id, itemId), visible));
  return item !== undefined;
}

/** Adds an item to a collection; false when it was there already. */
export async function insertCollectionItem(db: Db, values: typeof collectionItems.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(collectionItems).values(values).onConflictDoNothing().returning({ id: collectionItems.itemId });
  return inserted.length > 0;
}

/** Removes an item from a collection; false when it was not there. */
export async function deleteCollectionItem(db: Db, id: string, itemId: string, itemType?: 'content'): Promise<boolean> {
  const gone = await db
    .delete(collectionItems)
    .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.itemId, itemId), itemType ? eq(collectionItems.itemType, itemType) : undefined))
    .returning({ id: collectionItems.itemId });
  return gone.length > 0;
}

export async function countCollectionsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.userId, userId));
  return row?.n ?? 0;
}

/** Deletes every collection of the person, with its items (their account's deletion). */
export async function deleteCollectionsOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(collections).where(eq(collections.userId, userId));
}
