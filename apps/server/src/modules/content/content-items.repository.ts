import { and, count, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentOwner } from '@atelier/shared';
import { type Db, executeRows } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { inAnyBlockSql } from '../users/index.js';
import { likedBy } from './content-feed.repository.js';
import { content, contentComments, contentLikes, contentPlays } from './content.schema.js';
import type { ContentViewer } from './content.view.js';
import { ownerSuspended, visibleTo } from './content.visibility.js';

type NewContent = typeof content.$inferInsert;

const ownerColumns = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar };

/** Inserts an item (an upload, a demo piece). */
export async function insertContent(db: Db, values: NewContent): Promise<void> {
  await db.insert(content).values(values);
}

// ---- A signed-in reader's facts (content-for-viewer.ts)

/** Whether a block involves the reader, and which of these items they liked: one statement. */
export async function readerFacts(db: Db, readerId: string, itemIds: string[]): Promise<{ inBlock: boolean; liked: Set<string> }> {
  const liked =
    itemIds.length === 0
      ? sql`NULL`
      : sql`(SELECT string_agg(${contentLikes.contentId}::text, ',') FROM ${contentLikes}
          WHERE ${contentLikes.userId} = ${readerId} AND ${inArray(contentLikes.contentId, itemIds)})`;
  const [row] = await executeRows<{ in_block: boolean; liked: string | null }>(db, sql`SELECT ${inAnyBlockSql(readerId)} AS in_block, ${liked} AS liked`);
  return { inBlock: row?.in_block !== false, liked: new Set(row?.liked ? row.liked.split(',') : []) };
}

// ---- Media (content-media.ts)

/** What decides whether an item's files are public, read by its primary key. */
export async function findMediaVisibility(db: Db, id: string) {
  const [row] = await db
    .select({
      userId: content.userId,
      isPrivate: content.isPrivate,
      status: content.status,
      rating: content.rating,
      hiddenAt: content.hiddenAt,
      ownerSuspended: ownerSuspended(),
    })
    .from(content)
    .where(eq(content.id, id))
    .limit(1);
  return row;
}

// ---- Remixes (content-remixes.ts)

/*
 * Remixes: an item generated with `remixOf` names its source as parent (an edit names its source too,
 * but carries its edit operation). Only public, ready items are remixed, listed and linked.
 */
const isRemixOf = (parentId: string, viewer: ContentViewer | null) =>
  and(eq(content.parentId, parentId), isNull(content.editOperation), visibleTo(viewer, 'gallery'));

/** How many remixes of an item anyone may see. */
export async function countRemixes(db: Db, parentId: string): Promise<number> {
  const counted = await db.select({ n: count() }).from(content).where(isRemixOf(parentId, null));
  return counted[0]?.n ?? 0;
}

/** The item an item remixes, while it is public and ready, with its owner. */
export async function findRemixSource(db: Db, parentId: string): Promise<{ id: string; title: string; owner: ContentOwner } | null> {
  const parent = alias(content, 'parent');
  const parentRows = await db
    .select({ id: parent.id, title: parent.title, owner: ownerColumns })
    .from(parent)
    .innerJoin(users, eq(users.id, parent.userId))
    .where(and(eq(parent.id, parentId), eq(parent.isPrivate, false), eq(parent.status, 'ready')))
    .limit(1);
  return parentRows[0] ?? null;
}

/** Whether an item with this id is in the gallery (public and ready). */
export async function isGalleryItem(db: Db, id: string): Promise<boolean> {
  const [source] = await db.select({ id: content.id }).from(content).where(and(eq(content.id, id), visibleTo(null, 'gallery'))).limit(1);
  return source !== undefined;
}

/** One page of an item's remixes the viewer may see, newest first, with their owners and the viewer's likes, and their total. */
export async function remixesPage(db: Db, parentId: string, viewer: ContentViewer | null, page: number, pageSize: number) {
  const where = isRemixOf(parentId, viewer);
  const [rows, totals] = await Promise.all([
    db
      .select({ row: content, owner: ownerColumns, isLiked: likedBy(viewer?.id ?? null) })
      .from(content)
      .innerJoin(users, eq(users.id, content.userId))
      .where(where)
      .orderBy(desc(content.createdAt), desc(content.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(content).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

// ---- Account deletion (content.deletion.ts)

/**
 * The person's likes go (the counts follow), their plays are kept without them, and their items
 * that were not public and ready are deleted: the ids of those.
 */
export async function deleteContentOf(tx: Db, userId: string): Promise<{ id: string }[]> {
  const liked = await tx.delete(contentLikes).where(eq(contentLikes.userId, userId)).returning({ contentId: contentLikes.contentId });
  if (liked.length > 0) {
    await tx
      .update(content)
      .set({ likeCount: sql`greatest(${content.likeCount} - 1, 0)` })
      .where(inArray(content.id, liked.map((l) => l.contentId)));
  }
  await tx.update(contentPlays).set({ userId: null }).where(eq(contentPlays.userId, userId));
  return tx
    .delete(content)
    // What stays is what was public and ready, whatever its rating (visibility before the account went).
    .where(and(eq(content.userId, userId), not(and(eq(content.isPrivate, false), isNull(content.hiddenAt), eq(content.status, 'ready'))!)))
    .returning({ id: content.id });
}

// ---- Demo data (demo-seed.ts)

export async function countAllContent(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(content);
  return Number(existing?.n ?? 0);
}

export async function insertDemoLike(db: Db, values: typeof contentLikes.$inferInsert): Promise<void> {
  await db.insert(contentLikes).values(values).onConflictDoNothing();
}

export async function insertDemoPlay(db: Db, values: typeof contentPlays.$inferInsert): Promise<void> {
  await db.insert(contentPlays).values(values);
}

export async function insertDemoComment(db: Db, values: typeof contentComments.$inferInsert): Promise<{ id: string } | undefined> {
  const [top] = await db.insert(contentComments).values(values).returning({ id: contentComments.id });
  return top;
}

/** Sets the items' like, comment and play counts from their rows. */
export async function recountEngagement(db: Db, itemIds: string[]): Promise<void> {
  await db.execute(sql`
    update content c set
      like_count = (select count(*) from content_likes l where l.content_id = c.id),
      comment_count = (select count(*) from content_comments m where m.content_id = c.id),
      play_count = (select count(*) from content_plays p where p.content_id = c.id)
    where c.id in (${sql.join(itemIds.length ? itemIds.map((id) => sql`${id}::uuid`) : [sql`null::uuid`], sql`, `)})`);
}

export async function countAllLikes(db: Db): Promise<number> {
  const [likes] = await db.select({ n: count() }).from(contentLikes);
  return Number(likes?.n ?? 0);
}

/** Whether a table of this name exists (the demo's follows belong to a module that may be absent). */
export async function hasTable(db: Db, name: string): Promise<boolean> {
  const [row] = await executeRows<{ found: string | null }>(db, sql`select to_regclass(${`public.${name}`})::text as found`);
  return Boolean(row?.found);
}
