import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { content, contentComments, type ContentRow } from './content.schema.js';
import { canSee } from './content.visibility.js';
import type { ContentViewer } from './content.view.js';

/**
 * What moderation needs of content: whether a reported item or comment exists for the reporter,
 * whose it is, a line to recognise it by; and setting or clearing the "hidden" state that the
 * visibility rule reads.
 */
export interface ModerationTarget {
  ownerId: string;
  summary: string;
  isHidden: boolean;
}

/** The item, if `viewer` may open it (null when missing, or when it is private and not theirs). */
export async function findContentTarget(db: Db, id: string, viewer: ContentViewer | null): Promise<ModerationTarget | null> {
  const [row] = await db.select().from(content).where(eq(content.id, id)).limit(1);
  if (!row || (viewer && !canSee(viewer, row, 'item'))) return null;
  return { ownerId: row.userId, summary: row.title, isHidden: row.hiddenAt !== null };
}

/** The comment, if the item it is on is one `viewer` may open and the comment is one they may read. */
export async function findCommentTarget(db: Db, id: string, viewer: ContentViewer | null): Promise<ModerationTarget | null> {
  const [found] = await db
    .select({ comment: contentComments, item: content })
    .from(contentComments)
    .innerJoin(content, eq(content.id, contentComments.contentId))
    .where(eq(contentComments.id, id))
    .limit(1);
  if (!found) return null;
  if (viewer && viewer.role !== 'admin') {
    if (!canSee(viewer, found.item, 'item')) return null;
    if (found.comment.hiddenAt && found.comment.userId !== viewer.id) return null;
  }
  return { ownerId: found.comment.userId, summary: found.comment.body, isHidden: found.comment.hiddenAt !== null };
}

/** Hides (at a time) or shows (null) an item; false when it does not exist. */
export async function setContentHidden(db: Db, id: string, at: Date | null): Promise<boolean> {
  const rows = await db.update(content).set({ hiddenAt: at }).where(eq(content.id, id)).returning({ id: content.id });
  return rows.length > 0;
}

export async function setCommentHidden(db: Db, id: string, at: Date | null): Promise<boolean> {
  const rows = await db
    .update(contentComments)
    .set({ hiddenAt: at })
    .where(eq(contentComments.id, id))
    .returning({ id: contentComments.id });
  return rows.length > 0;
}

/**
 * Sets an item's rating under a row lock; the rating it had before (null when the item does not
 * exist), so a caller records a change only once even when two admins set it at the same moment.
 * An admin may lower a rating a vendor's safety check fixed: the item is then no longer locked.
 */
export async function setContentRating(tx: Db, id: string, rating: ContentRow['rating']): Promise<ContentRow['rating'] | null> {
  const [row] = await tx.select({ rating: content.rating }).from(content).where(eq(content.id, id)).for('update');
  if (!row) return null;
  if (row.rating !== rating) {
    await tx
      .update(content)
      .set(rating === 'general' ? { rating, ratingLockedAt: null } : { rating })
      .where(eq(content.id, id));
  }
  return row.rating;
}

/**
 * Rates an item mature and fixes that for its owner (`rating_locked_at`): a generation run whose
 * vendor's safety check flagged the result calls this in the transaction that marks it ready.
 */
export async function lockRatingMature(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(content).set({ rating: 'mature', ratingLockedAt: at }).where(eq(content.id, id));
}

/** The item a comment is on, for deleting the comment through the usual path. */
export async function commentContentId(db: Db, commentId: string): Promise<string | null> {
  const [row] = await db
    .select({ contentId: contentComments.contentId })
    .from(contentComments)
    .where(eq(contentComments.id, commentId))
    .limit(1);
  return row?.contentId ?? null;
}
