import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { userBlocksTable } from '../users/index.js';
import { content, contentComments, contentLikes, contentPlays, type CommentRow } from './content.schema.js';
import { ownerColumns } from './content-feed-pages.repository.js';

/** Whether the viewer has liked the row; always false for anonymous viewers. */
export const likedBy = (viewerId: string | null): SQL<boolean> =>
  viewerId
    ? sql<boolean>`exists (select 1 from content_likes l where l.content_id = content.id and l.user_id = ${viewerId})`
    : sql<boolean>`false`;

export async function isLikedBy(db: Db, contentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(contentLikes)
    .where(and(eq(contentLikes.contentId, contentId), eq(contentLikes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Adds the like once; the count moves only when a row was really added (`changed`). */
export async function addLike(db: Db, contentId: string, userId: string): Promise<{ likeCount: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(contentLikes).values({ contentId, userId }).onConflictDoNothing().returning({ userId: contentLikes.userId });
    const [row] = inserted.length
      ? await tx
          .update(content)
          .set({ likeCount: sql`${content.likeCount} + 1` })
          .where(eq(content.id, contentId))
          .returning({ likeCount: content.likeCount })
      : await tx.select({ likeCount: content.likeCount }).from(content).where(eq(content.id, contentId));
    return { likeCount: row?.likeCount ?? 0, changed: inserted.length > 0 };
  });
}

/** Takes `userId`'s like of `contentId` back; `changed` is false when there was none. */
export async function removeLike(db: Db, contentId: string, userId: string): Promise<{ likeCount: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contentLikes)
      .where(and(eq(contentLikes.contentId, contentId), eq(contentLikes.userId, userId)))
      .returning({ userId: contentLikes.userId });
    const [row] = deleted.length
      ? await tx
          .update(content)
          .set({ likeCount: sql`greatest(${content.likeCount} - 1, 0)` })
          .where(eq(content.id, contentId))
          .returning({ likeCount: content.likeCount })
      : await tx.select({ likeCount: content.likeCount }).from(content).where(eq(content.id, contentId));
    return { likeCount: row?.likeCount ?? 0, changed: deleted.length > 0 };
  });
}

/** How long one signed-in viewer's plays of one item count once. */
const PLAY_WINDOW = sql`interval '1 hour'`;

/**
 * Counts a play: every one of a visitor, and one per signed-in viewer per item per hour (a replay
 * within the hour answers the count as it is).
 */
export async function recordPlay(db: Db, contentId: string, userId: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    if (userId !== null) {
      const recent = await tx
        .select({ id: contentPlays.id })
        .from(contentPlays)
        .where(and(eq(contentPlays.contentId, contentId), eq(contentPlays.userId, userId), sql`${contentPlays.createdAt} > now() - ${PLAY_WINDOW}`))
        .limit(1);
      if (recent.length > 0) {
        const [row] = await tx.select({ playCount: content.playCount }).from(content).where(eq(content.id, contentId));
        return row?.playCount ?? 0;
      }
    }
    await tx.insert(contentPlays).values({ contentId, userId });
    const [row] = await tx
      .update(content)
      .set({ playCount: sql`${content.playCount} + 1` })
      .where(eq(content.id, contentId))
      .returning({ playCount: content.playCount });
    return row?.playCount ?? 0;
  });
}

export interface CommentWithAuthor {
  row: CommentRow;
  author: ContentOwner;
}

export async function findComment(db: Db, contentId: string, commentId: string): Promise<CommentRow | null> {
  const rows = await db
    .select()
    .from(contentComments)
    .where(and(eq(contentComments.id, commentId), eq(contentComments.contentId, contentId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertComment(
  db: Db,
  values: { contentId: string; userId: string; parentId: string | null; body: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contentComments).values(values).returning({ id: contentComments.id });
    await tx
      .update(content)
      .set({ commentCount: sql`${content.commentCount} + 1` })
      .where(eq(content.id, values.contentId));
    if (!row) throw new Error('comment insert returned nothing');
    return row.id;
  });
}

export async function loadComment(db: Db, id: string): Promise<CommentWithAuthor | null> {
  const rows = await db
    .select({ row: contentComments, author: ownerColumns })
    .from(contentComments)
    .innerJoin(users, eq(users.id, contentComments.userId))
    .where(eq(contentComments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Which comments a viewer reads: one a moderator hid only its author and admins; none written by
 * someone the viewer blocked.
 */
function commentsSeenBy(viewer: { id: string; role: string } | null): SQL | undefined {
  if (viewer?.role === 'admin') return undefined;
  const hidden = viewer
    ? sql`(${contentComments.hiddenAt} IS NULL OR ${contentComments.userId} = ${viewer.id})`
    : sql`${contentComments.hiddenAt} IS NULL`;
  if (!viewer) return hidden;
  return and(
    hidden,
    sql`NOT EXISTS (SELECT 1 FROM ${userBlocksTable} ub WHERE ub.blocker_id = ${viewer.id} AND ub.blocked_id = ${contentComments.userId})`,
  );
}

export async function listTopComments(
  db: Db,
  contentId: string,
  page: number,
  pageSize: number,
  viewer: { id: string; role: string } | null = null,
): Promise<{ top: CommentWithAuthor[]; replies: CommentWithAuthor[]; total: number }> {
  const seen = commentsSeenBy(viewer);
  const where = and(eq(contentComments.contentId, contentId), isNull(contentComments.parentId), seen);
  const [top, totals] = await Promise.all([
    db
      .select({ row: contentComments, author: ownerColumns })
      .from(contentComments)
      .innerJoin(users, eq(users.id, contentComments.userId))
      .where(where)
      .orderBy(desc(contentComments.createdAt), desc(contentComments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contentComments).where(where),
  ]);
  const ids = top.map((c) => c.row.id);
  const replies = ids.length
    ? await db
        .select({ row: contentComments, author: ownerColumns })
        .from(contentComments)
        .innerJoin(users, eq(users.id, contentComments.userId))
        .where(and(inArray(contentComments.parentId, ids), seen))
        .orderBy(asc(contentComments.createdAt), asc(contentComments.id))
    : [];
  return { top, replies, total: Number(totals[0]?.n ?? 0) };
}

/** Deletes a comment and its replies; the count drops by as many as went, whose ids it returns. */
export async function deleteCommentTree(db: Db, contentId: string, commentId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const replies = await tx
      .select({ id: contentComments.id })
      .from(contentComments)
      .where(and(eq(contentComments.contentId, contentId), eq(contentComments.parentId, commentId)));
    const deleted = await tx
      .delete(contentComments)
      .where(and(eq(contentComments.id, commentId), eq(contentComments.contentId, contentId)))
      .returning({ id: contentComments.id });
    if (deleted.length === 0) return [];
    await tx
      .update(content)
      .set({ commentCount: sql`greatest(${content.commentCount} - ${1 + replies.length}, 0)` })
      .where(eq(content.id, contentId));
    return [commentId, ...replies.map((r) => r.id)];
  });
}

export async function updateContentClassification(db: Db, id: string, fields: { categoryId?: string | null; tags?: string[] }): Promise<void> {
  await db
    .update(content)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(content.id, id));
}
