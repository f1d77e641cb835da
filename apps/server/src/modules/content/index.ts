/**
 * The content table, for read-only joins in other modules (collection pages, page heads); writes
 * go through the functions below. Listed first, so it is evaluated before the rest of this face
 * (faces import one another).
 */
export { content as contentTable } from './content.schema.js';
export { contentRoutes } from './content.routes.js';
export { contentMedia } from './content-media.js';
export { describeDemoSeed, isDemoSeedEnabled, seedDemoData } from './demo-seed.js';
export { contentDeletionStep } from './content.deletion.js';
export { deleteContent, loadContentView, type ContentDeps } from './content.service.js';
export { deleteComment } from './content-community.service.js';
export {
  commentContentId,
  findCommentTarget,
  findContentTarget,
  setCommentHidden,
  setContentHidden,
  setContentRating,
  type ModerationTarget,
} from './content.moderation.js';
export { contentKeyPrefix, gatedContent, toContent } from './content.view.js';
export { buildContentArchive } from './content-archive.service.js';
export { listContentByOwner, ownerContentTotals } from './content-by-owner.js';
export { galleryCountInCategory, moveContentOfCategory } from './content-counts.js';
export { countIndexedContent, findSharedContent, listIndexedContent } from './content-pages.repository.js';
export { canSee, hasPublicMedia, isMatureGated, visibleTo, type VisibilityRow, type VisibilityScope } from './content.visibility.js';
export { listCategoryContent } from './content-community.service.js';
export { findComment, likedBy } from './content-feed.repository.js';
/** The generation lifecycle of a content row, driven by the generation module. */
export {
  beat,
  claimQueued,
  completeRun,
  failPending,
  findById,
  findByRequestKey,
  findOwnReady,
  findRemixable,
  listBatchItemIds,
  insertRequested,
  listQueuedForSweep,
  listSilentProcessing,
  listStaleProcessing,
  pendingItemsByModel,
  ownerJsonSql,
  recordEnqueued,
  requestedEachColumns,
  requestedInsertSql,
  REQUESTED_PER_ITEM,
  requestedRowFromJson,
  requestedShape,
  requestedValues,
  requestKeyFreeSql,
  requestKeyItemSql,
  requeueRun,
  requeueSilent,
  saveProgress,
  type FailGuard,
  type NewContent,
  type ReadyFields,
} from './content-generation.repository.js';
export type { ContentRow } from './content.schema.js';
