/**
 * The content table, for read-only joins in other modules (collection pages, page heads), and for
 * generation's runs repository, which alone sets the run columns (RUN_COLUMNS in
 * generation.schema.ts); every other write goes through the functions below. Listed first, so it
 * is evaluated before the rest of this face (faces import one another).
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
  lockRatingMature,
  setCommentHidden,
  setContentHidden,
  setContentRating,
  type ModerationTarget,
} from './content-moderation.repository.js';
export { contentKeyPrefix, gatedContent, toContent } from './content.view.js';
export { ownerContentTotals } from './content-by-owner.repository.js';
export {
  contentCountsOfOwners,
  contentOfOwnerByBucket,
  contentOfOwnerByType,
  contentTotalsOfOwner,
  itemsOfOwnerByBucket,
  recentContentWithOwners,
  topContentOfOwner,
} from './content-reads.repository.js';
export { galleryCountInCategory, moveContentOfCategory } from './content-counts.repository.js';
export { countIndexedContent, findSharedContent, listIndexedContent } from './content-pages.repository.js';
export { canSee, hasPublicMedia, isMatureGated, visibleTo, type VisibilityRow } from './content.visibility.js';
export { findComment, likedBy } from './content-feed.repository.js';
export { findById } from './content.repository.js';
/** The item a generate or edit request makes, composed into generation's accept statement. */
export {
  ownerJsonSql,
  requestedEachColumns,
  requestedInsertSql,
  requestedRowFromJson,
  requestedShape,
  requestedValues,
  requestKeyFreeSql,
  requestKeyItemSql,
  type NewContent,
} from './content-requests.repository.js';
export type { ContentRow } from './content.schema.js';
