import { MSG, type Content, type UpdateContentBody } from '@atelier/shared';
import { rejectBlockedText, type Blocklist } from '../../platform/blocklist.js';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { runContentDeleted, type ModuleHooks } from '../../platform/module-hooks.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import type { Storage } from '../../platform/storage/storage.js';
import { updateContentClassification } from './content-feed.repository.js';
import { categoryExists } from '../categories/index.js';
import { deleteContentRow, findContentWithOwner, lockContent, updateContentFields, type ContentWithOwner } from './content.repository.js';
import { blurredCover } from '../../platform/images.js';
import { contentKeyPrefix, gatedContent, seesReceipt, toContent, type ContentViewer } from './content.view.js';
import { canSee, isMatureGated } from './content.visibility.js';
import { remixLineage } from './content-remixes.js';

export interface ContentDeps {
  db: Db;
  storage: Storage;
  realtime: Pick<Realtime, 'toUser'>;
  clock: () => Date;
  log?: { error(obj: object, msg?: string): void };
  /** What other modules do when an item is deleted (modules/hooks.ts). */
  hooks: readonly ModuleHooks[];
  /** The terms no title, description, tag or comment may contain (PROMPT_BLOCKLIST). */
  blocklist: Blocklist;
}

const CONTENT_NOT_FOUND = 'Content not found';

const isOwner = (item: ContentWithOwner, viewer: AuthUser | null) => viewer !== null && viewer.id === item.row.userId;
const isAdmin = (viewer: AuthUser | null) => viewer?.role === 'admin';

/** The item as `viewer` may open it; one they may not see gets the same 404 as a missing one. */
export async function findVisible(deps: Pick<ContentDeps, 'db'>, id: string, viewer: AuthUser | null): Promise<ContentWithOwner> {
  const item = await findContentWithOwner(deps.db, id, viewer?.id ?? null);
  if (!item || !canSee(viewer, { ...item.row, ownerSuspended: item.ownerSuspended }, 'item')) throw notFound(CONTENT_NOT_FOUND);
  return item;
}

/** One item as a list shows it to `viewer`: their isLiked, the receipt and settings when it is theirs. */
const itemTile = (deps: Pick<ContentDeps, 'storage'>, item: ContentWithOwner, viewer: ContentViewer | null): Content =>
  toContent(item.row, item.owner, deps.storage, { isLiked: item.isLiked, withReceipt: seesReceipt(item.row, viewer), withSettings: true });

/** One item as its page shows it to `viewer`: the tile and the item's remix lineage. */
async function itemPage(deps: Pick<ContentDeps, 'db' | 'storage'>, item: ContentWithOwner, viewer: ContentViewer | null): Promise<Content> {
  return { ...itemTile(deps, item, viewer), ...(await remixLineage(deps.db, item.row)) };
}

/**
 * One item for `viewer`, read fresh; null when it no longer exists. By default the whole page: a
 * client puts it in place of the page it has (a finished generation, an edit's reply). `tile` leaves
 * the lineage out, as lists do (a batch's candidates, which the owner's page polls while they work).
 */
export async function loadContentView(
  deps: Pick<ContentDeps, 'db' | 'storage'>,
  id: string,
  viewer: ContentViewer | null,
  shape: 'page' | 'tile' = 'page',
): Promise<Content | null> {
  const item = await findContentWithOwner(deps.db, id, viewer?.id ?? null);
  if (!item) return null;
  return shape === 'page' ? itemPage(deps, item, viewer) : itemTile(deps, item, viewer);
}

export async function getContent(deps: ContentDeps, id: string, viewer: AuthUser | null): Promise<Content> {
  const item = await findVisible(deps, id, viewer);
  const shown = await itemPage(deps, item, viewer);
  if (!isMatureGated(viewer, item.row)) return shown;
  // Behind the gate: no file of the item, only a blurred wash of its thumbnail.
  return gatedContent(shown, await gateCover(deps, item.row.thumbnailKey));
}

/** The blurred cover of a gated item, as a data: URL made from its thumbnail; null without one. */
async function gateCover(deps: Pick<ContentDeps, 'storage' | 'log'>, thumbnailKey: string | null): Promise<string | null> {
  if (!thumbnailKey) return null;
  try {
    const still = await deps.storage.get(thumbnailKey);
    const cover = still ? await blurredCover(still) : null;
    return cover ? `data:image/webp;base64,${cover.toString('base64')}` : null;
  } catch (err) {
    // The gate draws without a cover.
    deps.log?.error({ err, thumbnailKey }, 'could not make the blurred cover of a mature item');
    return null;
  }
}

export async function updateContent(deps: ContentDeps, id: string, viewer: AuthUser, body: UpdateContentBody): Promise<Content> {
  const item = await findVisible(deps, id, viewer);
  if (!isOwner(item, viewer)) throw forbidden('You can only edit your own content');
  rejectBlockedText(deps.blocklist, [
    { label: 'title', path: 'body.title', text: body.title },
    { label: 'description', path: 'body.description', text: body.description },
    { label: 'tags', path: 'body.tags', text: body.tags },
  ]);
  const fields: Parameters<typeof updateContentFields>[2] = {};
  if (body.title !== undefined) fields.title = body.title;
  if (body.description !== undefined) fields.description = body.description === '' ? null : body.description;
  if (body.isPrivate !== undefined) fields.isPrivate = body.isPrivate;
  if (body.rating !== undefined) {
    // A rating the generator's safety check fixed stays mature; only an admin lowers it (moderation).
    if (body.rating === 'general' && item.row.ratingLockedAt !== null) {
      throw badRequest(MSG.content.ratingLocked, [{ path: 'body.rating', message: MSG.content.ratingLocked }]);
    }
    fields.rating = body.rating;
  }
  if (body.categoryId && !(await categoryExists(deps.db, body.categoryId))) throw badRequest('Please choose a category from the list');
  if (Object.keys(fields).length > 0) await updateContentFields(deps.db, id, fields);
  if (body.categoryId !== undefined || body.tags !== undefined) {
    await updateContentClassification(deps.db, id, { categoryId: body.categoryId, tags: body.tags });
  }
  const fresh = await loadContentView(deps, id, viewer);
  if (!fresh) throw notFound(CONTENT_NOT_FOUND);
  return fresh;
}

/**
 * Deletes the item and its files. Other modules' part runs in the same transaction (modules/hooks.ts:
 * an item still queued or processing is refunded there, and the worker then finds nothing to do).
 */
export async function deleteContent(deps: ContentDeps, id: string, viewer: AuthUser): Promise<void> {
  const item = await findVisible(deps, id, viewer);
  if (!isOwner(item, viewer) && !isAdmin(viewer)) throw forbidden('You can only delete your own content');
  const after = await deps.db.transaction(async (tx) => {
    const row = await lockContent(tx, id);
    if (!row) return [];
    const work = await runContentDeleted(tx, deps.hooks, row);
    await deleteContentRow(tx, id);
    return work;
  });
  for (const run of after) {
    await run().catch((err: unknown) => deps.log?.error({ err, contentId: id }, 'content deletion: follow-up failed'));
  }
  await deps.storage.delete(contentKeyPrefix(id)).catch((err: unknown) => {
    // The row is gone either way; a leftover file is unreachable and harmless.
    deps.log?.error({ err, contentId: id }, 'could not delete content files');
  });
}
