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
import type { AuthUser } from '../../platform/http/auth.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { gatedContent, hasPublicMedia, isMatureGated, toContent, visibleTo, type VisibilityRow } from '../content/index.js';
import type { CollectionRow } from './collections.schema.js';
import {
  collectionItemsPage,
  collectionsExtras,
  collectionsPageOf,
  countCollectionsOf,
  deleteCollectionItem,
  deleteCollectionRow,
  findCollectionRow,
  findVisibleItem,
  insertCollection,
  insertCollectionItem,
  touchCollection,
  updateCollectionRow,
} from './collections.repository.js';

export interface CollectionsDeps {
  db: Db;
  storage: Pick<Storage, 'urlFor'>;
  clock: () => Date;
}

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
  // The first item (oldest) with a thumbnail is the cover.
  const { owners, counts, covers, hits } = await collectionsExtras(deps.db, rows, visibleContent(viewer), coverContent(viewer), contains);
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
  const { rows, total, ownerIsLive } = await collectionsPageOf(deps.db, ownerId, !self, q.page, q.pageSize);
  if (!self && !ownerIsLive) return { data: [], pagination: makePagination(q.page, q.pageSize, 0) };
  return {
    data: await shape(deps, rows, viewer, self ? q.contains : undefined),
    pagination: makePagination(q.page, q.pageSize, total),
  };
}

async function findReadable(deps: CollectionsDeps, id: string, viewer: AuthUser | null): Promise<CollectionRow> {
  const row = await findCollectionRow(deps.db, id);
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
  const row = await insertCollection(deps.db, {
    userId: viewer.id,
    name: body.name,
    description: body.description ? body.description : null,
    isPublic: body.isPublic ?? false,
    createdAt: now,
    updatedAt: now,
  });
  const [shaped] = await shape(deps, [row as CollectionRow], viewer);
  return shaped as CollectionWithFlag;
}

export async function updateCollection(deps: CollectionsDeps, id: string, viewer: AuthUser, body: UpdateCollectionBody): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  const patch: Parameters<typeof updateCollectionRow>[2] = { updatedAt: deps.clock() };
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description === '' ? null : body.description;
  if (body.isPublic !== undefined) patch.isPublic = body.isPublic;
  const row = await updateCollectionRow(deps.db, id, patch);
  const [shaped] = await shape(deps, [row as CollectionRow], viewer);
  return shaped as CollectionWithFlag;
}

export async function deleteCollection(deps: CollectionsDeps, id: string, viewer: AuthUser): Promise<void> {
  await findOwned(deps, id, viewer);
  await deleteCollectionRow(deps.db, id);
}

export async function listItems(
  deps: CollectionsDeps,
  id: string,
  viewer: AuthUser | null,
  q: { page: number; pageSize: number; itemType?: 'content' },
): Promise<{ data: CollectionItem[]; pagination: Pagination }> {
  await findReadable(deps, id, viewer);
  const { rows, total } = await collectionItemsPage(deps.db, id, q.itemType, visibleContent(viewer), viewer?.id ?? null, q.page, q.pageSize);
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
    pagination: makePagination(q.page, q.pageSize, total),
  };
}

export async function addItem(deps: CollectionsDeps, id: string, viewer: AuthUser, body: AddCollectionItemBody): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  if (!(await findVisibleItem(deps.db, body.itemId, visibleContent(viewer)))) throw notFound(COLLECTION_TEXT.contentNotFound);
  const inserted = await insertCollectionItem(deps.db, { collectionId: id, itemType: body.itemType, itemId: body.itemId, addedAt: deps.clock() });
  if (!inserted) throw conflict(COLLECTION_TEXT.itemExists);
  await touchCollection(deps.db, id, deps.clock());
  return getCollection(deps, id, viewer);
}

export async function removeItem(deps: CollectionsDeps, id: string, viewer: AuthUser, itemId: string, itemType?: 'content'): Promise<CollectionWithFlag> {
  await findOwned(deps, id, viewer);
  if (!(await deleteCollectionItem(deps.db, id, itemId, itemType))) throw notFound(COLLECTION_TEXT.itemNotFound);
  await touchCollection(deps.db, id, deps.clock());
  return getCollection(deps, id, viewer);
}

export async function countCollections(db: Db, userId: string): Promise<number> {
  return countCollectionsOf(db, userId);
}
