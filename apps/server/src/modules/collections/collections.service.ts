import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  COLLECTION_TEXT,
  makePagination,
  type AddCollectionItemBody,
  type CollectionItem,
  type CollectionWithFlag,
  type CreateCollectionBody,
  type Pagination,
  type UpdateCollectionBody,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { contentTable as content, gatedContent, hasPublicMedia, isMatureGated, likedBy, toContent, visibleTo, type VisibilityRow } from '../content/index.js';
import { collectionItems, collections, type CollectionRow } from './collections.schema.js';

export interface CollectionsDeps {
  db: Db;
  storage: Pick<Storage, 'urlFor'>;
  clock: () => Date;
}

const ownerColumns = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar };

/** A collection shows each item as it would be shown opened by id: public ones, the viewer's own, anything to an admin. */
const visibleContent = (viewer: AuthUser | null) => visibleTo(viewer, 'item');
/** Its cover is an item the viewer may see shown: not a mature one they have not opted in to. */
const coverContent = (viewer: AuthUser | null) => visibleTo(viewer, 'preview');

const isOwner = (row: CollectionRow, viewer: AuthUser | null) => viewer !== null && viewer.id === row.userId;
const canRead = (row: CollectionRow, viewer: AuthUser | null) => row.isPublic || isOwner(row, viewer) || viewer?.role === 'admin';

/** The cover is the viewer's to see (visibleContent), so a private one comes as a signed link. */
function coverUrl(deps: CollectionsDeps, cover: (VisibilityRow & { key: string | null }) | undefined): string | null {
  return cover?.key ? deps.storage.urlFor(cover.key, { private: !hasPublicMedia(cover) }) : null;
}

async function shape(deps: CollectionsDeps, rows: CollectionRow[], viewer: AuthUser | null, contains?: string): Promise<CollectionWithFlag[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const visible = visibleContent(viewer);
  const [owners, counts, covers, hits] = await Promise.all([
    deps.db.select(ownerColumns).from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    deps.db
      .select({ id: collectionItems.collectionId, n: count() })
      .from(collectionItems)
      .innerJoin(content, eq(content.id, collectionItems.itemId))
      .where(and(inArray(collectionItems.collectionId, ids), visible))
      .groupBy(collectionItems.collectionId),
    // The first item (oldest) with a thumbnail is the cover, drawn from its 640 px tile still when
    // it has one (a cover card is wider than the 320 px thumbnail).
    deps.db
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
      .where(and(inArray(collectionItems.collectionId, ids), coverContent(viewer), sql`${content.thumbnailKey} is not null`))
      .orderBy(collectionItems.collectionId, asc(collectionItems.seq)),
    contains
      ? deps.db
          .select({ id: collectionItems.collectionId })
          .from(collectionItems)
          .where(and(inArray(collectionItems.collectionId, ids), eq(collectionItems.itemId, contains)))
      : Promise.resolve([] as { id: string }[]),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const countById = new Map(counts.map((c) => [c.id, c.n]));
  const coverById = new Map(covers.map((c) => [c.id, c]));
  const holding = new Set(hits.map((h) => h.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    isPublic: r.isPublic,
    itemCount: countById.get(r.id) ?? 0,
    coverUrl: coverUrl(deps, coverById.get(r.id)),
    owner: ownerById.get(r.userId) ?? { id: r.userId, username: '', fullName: 'Deleted user', avatar: null },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...(contains ? { containsItem: holding.has(r.id) } : {}),
  }));
}

/** Your collections, or another user's public ones when `userId` names someone else. */
export async function listCollections(
  deps: CollectionsDeps,
  viewer: AuthUser | null,
  q: { page: number; pageSize: number; userId?: string; contains?: string },
): Promise<{ data: CollectionWithFlag[]; pagination: Pagination }> {
  const ownerId = q.userId ?? viewer?.id;
  if (!ownerId) return { data: [], pagination: makePagination(q.page, q.pageSize, 0) };
  const self = viewer?.id === ownerId;
  const cond = and(eq(collections.userId, ownerId), self ? undefined : eq(collections.isPublic, true));
  const [rows, totals, owner] = await Promise.all([
    deps.db
      .select()
      .from(collections)
      .where(cond)
      .orderBy(desc(collections.createdAt), desc(collections.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(collections).where(cond),
    deps.db.select({ id: users.id }).from(users).where(and(eq(users.id, ownerId), isNull(users.deletedAt))),
  ]);
  if (!self && owner.length === 0) return { data: [], pagination: makePagination(q.page, q.pageSize, 0) };
  return {
    data: await shape(deps, rows, viewer, self ? q.contains : undefined),
    pagination: makePagination(q.page, q.pageSize, totals[0]?.n ?? 0),
  };
}

async function findReadable(deps: CollectionsDeps, id: string, viewer: AuthUser | null): Promise<CollectionRow> {
  const [row] = await deps.db.select().from(collections).where(eq(collections.id, id));
  // A private collection is indistinguishable from a missing one to everyone but its owner.
  if (!row || !canRead(row, viewer)) throw notFound(COLLECTION_TEXT.notFound);
  return row;
}

async function findOwned(deps: CollectionsDeps, id: string, viewer: AuthUser): Promise<CollectionRow> {
  const row = await findReadable(deps, id, viewer);
  if (!isOwner(row, viewer)) throw forbidden(COLLECTION_TEXT.ownerOnly);
  return row;
}

export async function getCollection(deps: CollectionsDeps, id: string, viewer: AuthUser | null): Promise<CollectionWithFlag> {
  const row = await findReadable(deps, id, viewer);
  const [shaped] = await shape(deps, [row], viewer);
  return shaped as CollectionWithFlag;
}

export async function createCollection(deps: CollectionsDeps, viewer: AuthUser, body: CreateCollectionBody): Promise<CollectionWithFlag> {
  const now = deps.clock();
  const [row] = await deps.db
    .insert(collections)
    .values({
      userId: viewer.id,
      name: body.name,
      description: body.description ? body.description : null,
      isPublic: body.isPublic ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [shaped] = await shape(deps, [row as CollectionRow], viewer);
  return shaped as CollectionWithFlag;
}

export async function updateCollection(deps: CollectionsDeps, id: string, viewer: AuthUser, body: UpdateCollectionBody): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  const patch: Partial<typeof collections.$inferInsert> = { updatedAt: deps.clock() };
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description === '' ? null : body.description;
  if (body.isPublic !== undefined) patch.isPublic = body.isPublic;
  const [row] = await deps.db.update(collections).set(patch).where(eq(collections.id, id)).returning();
  const [shaped] = await shape(deps, [row as CollectionRow], viewer);
  return shaped as CollectionWithFlag;
}

export async function deleteCollection(deps: CollectionsDeps, id: string, viewer: AuthUser): Promise<void> {
  await findOwned(deps, id, viewer);
  await deps.db.delete(collections).where(eq(collections.id, id));
}

export async function listItems(
  deps: CollectionsDeps,
  id: string,
  viewer: AuthUser | null,
  q: { page: number; pageSize: number; itemType?: 'content' },
): Promise<{ data: CollectionItem[]; pagination: Pagination }> {
  await findReadable(deps, id, viewer);
  const cond = and(eq(collectionItems.collectionId, id), q.itemType ? eq(collectionItems.itemType, q.itemType) : undefined, visibleContent(viewer));
  const [rows, totals] = await Promise.all([
    deps.db
      .select({ link: collectionItems, row: content, owner: ownerColumns, isLiked: likedBy(viewer?.id ?? null) })
      .from(collectionItems)
      .innerJoin(content, eq(content.id, collectionItems.itemId))
      .innerJoin(users, eq(users.id, content.userId))
      .where(cond)
      .orderBy(desc(collectionItems.seq))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(collectionItems).innerJoin(content, eq(content.id, collectionItems.itemId)).where(cond),
  ]);
  return {
    data: rows.map((r) => {
      const item = toContent(r.row, r.owner, deps.storage, { isLiked: r.isLiked });
      return {
        itemId: r.link.itemId,
        itemType: r.link.itemType,
        collectionId: r.link.collectionId,
        addedAt: r.link.addedAt.toISOString(),
        // A mature item the viewer has not opted in to stays in the list behind its gate, without its files.
        item: isMatureGated(viewer, r.row) ? gatedContent(item) : item,
      };
    }),
    pagination: makePagination(q.page, q.pageSize, totals[0]?.n ?? 0),
  };
}

export async function addItem(deps: CollectionsDeps, id: string, viewer: AuthUser, body: AddCollectionItemBody): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  const [item] = await deps.db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.id, body.itemId), visibleContent(viewer)));
  if (!item) throw notFound(COLLECTION_TEXT.contentNotFound);
  const inserted = await deps.db
    .insert(collectionItems)
    .values({ collectionId: id, itemType: body.itemType, itemId: body.itemId, addedAt: deps.clock() })
    .onConflictDoNothing()
    .returning({ id: collectionItems.itemId });
  if (inserted.length === 0) throw conflict(COLLECTION_TEXT.itemExists);
  await deps.db.update(collections).set({ updatedAt: deps.clock() }).where(eq(collections.id, id));
  return getCollection(deps, id, viewer);
}

export async function removeItem(deps: CollectionsDeps, id: string, viewer: AuthUser, itemId: string, itemType?: 'content'): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  const gone = await deps.db
    .delete(collectionItems)
    .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.itemId, itemId), itemType ? eq(collectionItems.itemType, itemType) : undefined))
    .returning({ id: collectionItems.itemId });
  if (gone.length === 0) throw notFound(COLLECTION_TEXT.itemNotFound);
  await deps.db.update(collections).set({ updatedAt: deps.clock() }).where(eq(collections.id, id));
  return getCollection(deps, id, viewer);
}

export async function countCollections(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.userId, userId));
  return row?.n ?? 0;
}
