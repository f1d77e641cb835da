import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ContentOwner, ContentSort, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content, contentComments, contentLikes, contentPlays, type CommentRow, type ContentRow } from './content.schema.js';
import type { ContentViewer } from './content.view.js';
import { visibleTo } from './content.visibility.js';

const ownerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatar: users.avatar,
};

export interface FeedRow {
  row: ContentRow;
  owner: ContentOwner;
  isLiked: boolean;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the viewer has liked the row; always false for anonymous viewers. */
export const likedBy = (viewerId: string | null): SQL<boolean> =>
  viewerId
    ? sql<boolean>`exists (select 1 from content_likes l where l.content_id = content.id and l.user_id = ${viewerId})`
    : sql<boolean>`false`;

export interface FeedFilter {
  /** Who is asking (null when signed out): what they may see and whether they like each item. */
  viewer: ContentViewer | null;
  type?: ContentType;
  /** Category ids (a category and its descendants). */
  categoryIds?: string[];
  owner?: string;
  tag?: string;
  q?: string;
}

/**
 * The gallery shows ready, public items. Filtered to one owner, it also shows the viewer their own
 * private ones (the 'own-gallery' scope); nobody else ever sees them.
 */
function feedWhere(f: FeedFilter): SQL {
  const parts: SQL[] = [];
  if (f.owner !== undefined) {
    if (UUID_RE.test(f.owner)) parts.push(sql`${content.userId} = ${f.owner}`);
    else parts.push(sql`${content.userId} = (select u.id from users u where lower(u.username) = lower(${f.owner}))`);
  }
  parts.push(f.owner !== undefined ? visibleTo(f.viewer, 'own-gallery') : visibleTo(null, 'gallery'));
  if (f.type) parts.push(sql`${content.contentType} = ${f.type}`);
  if (f.categoryIds) {
    if (f.categoryIds.length === 0) parts.push(sql`false`);
    else parts.push(inArray(content.categoryId, f.categoryIds));
  }
  if (f.tag) parts.push(sql`${content.tags} @> array[${f.tag.toLowerCase()}]::text[]`);
  if (f.q) parts.push(sql`content.search_vector @@ websearch_to_tsquery('english', ${f.q})`);
  return sql.join(parts, sql` and `);
}

/**
 * Recent engagement, newer counting more: likes weigh 3, comments 2, plays 1, each scaled by
 * how much of the last seven days is still ahead of it.
 */
function trendingScore(now: Date): SQL<number> {
  const at = now.toISOString();
  return sql<number>`(
    select coalesce(sum(e.w * greatest(0::float8, 1 - extract(epoch from (${at}::timestamptz - e.created_at)) / 604800)), 0)
    from (
      select 3::float8 as w, l.created_at from content_likes l
        where l.content_id = content.id and l.created_at > ${at}::timestamptz - interval '7 days'
      union all
      select 2::float8, c.created_at from content_comments c
        where c.content_id = content.id and c.created_at > ${at}::timestamptz - interval '7 days'
      union all
      select 1::float8, p.created_at from content_plays p
        where p.content_id = content.id and p.created_at > ${at}::timestamptz - interval '7 days'
    ) e
  )`;
}

function feedOrder(sort: ContentSort, now: Date): SQL[] {
  const recent = [desc(content.createdAt), desc(content.id)];
  if (sort === 'popular') return [sql`(${content.likeCount} + ${content.playCount}) desc`, ...recent];
  if (sort === 'trending') return [sql`${trendingScore(now)} desc`, sql`(${content.likeCount} + ${content.playCount}) desc`, ...recent];
  return recent;
}

/*
 * Totals of large lists are cached for a few seconds. Counting 100,000 public items on every gallery
 * request cost more than finding the page itself; a total that is ten seconds stale is harmless in
 * a pager. Lists under the floor are always counted exactly (and cheaply), so small galleries and
 * tests see every change at once. The cache is per database handle and bounded.
 */
const COUNT_CACHE_FLOOR = 10_000;
const COUNT_CACHE_TTL_MS = 10_000;
const COUNT_CACHE_MAX_KEYS = 500;
const dialect = new PgDialect();
const countCaches = new WeakMap<Db, Map<string, { total: number; at: number }>>();
const countsInFlight = new WeakMap<Db, Map<string, Promise<number>>>();

async function countFeed(db: Db, where: SQL): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(where);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < COUNT_CACHE_TTL_MS) return hit.total;
  let inFlight = countsInFlight.get(db);
  if (!inFlight) countsInFlight.set(db, (inFlight = new Map()));
  const pending = inFlight.get(key);
  if (pending) return pending;
  const counting = db
    .select({ n: count() })
    .from(content)
    .where(where)
    .then((r) => Number(r[0]?.n ?? 0))
    .finally(() => inFlight.delete(key));
  inFlight.set(key, counting);
  const total = await counting;
  cache.delete(key);
  if (total >= COUNT_CACHE_FLOOR) {
    if (cache.size >= COUNT_CACHE_MAX_KEYS) cache.delete(cache.keys().next().value!);
    cache.set(key, { total, at: Date.now() });
  }
  return total;
}

/**
 * One page of the gallery. The page's ids are found first, from the index alone (status, privacy,
 * recency, id), and only those rows are then read and joined to their owners: a deep OFFSET skips
 * index entries instead of whole rows and joins.
 */
export async function listFeed(
  db: Db,
  filter: FeedFilter,
  opts: { sort: ContentSort; page: number; pageSize: number; now: Date },
): Promise<{ rows: FeedRow[]; total: number }> {
  const where = feedWhere(filter);
  const order = feedOrder(opts.sort, opts.now);
  const page = db
    .select({ id: content.id })
    .from(content)
    .where(where)
    .orderBy(...order)
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ row: content, owner: ownerColumns, isLiked: likedBy(filter.viewer?.id ?? null) })
      .from(page)
      .innerJoin(content, eq(content.id, page.id))
      .innerJoin(users, eq(users.id, content.userId))
      .orderBy(...order),
    countFeed(db, where),
  ]);
  return { rows, total };
}

/** Full-text search over title (weight A), tags (B), description (C) and prompt (D). */
export async function searchFeed(
  db: Db,
  opts: { viewerId: string | null; q: string; type?: ContentType; page: number; pageSize: number },
): Promise<{ rows: FeedRow[]; total: number }> {
  const query = sql`websearch_to_tsquery('english', ${opts.q})`;
  const parts: SQL[] = [visibleTo(null, 'gallery'), sql`content.search_vector @@ ${query}`];
  if (opts.type) parts.push(sql`${content.contentType} = ${opts.type}`);
  const where = sql.join(parts, sql` and `);
  const [rows, total] = await Promise.all([
    db
      .select({ row: content, owner: ownerColumns, isLiked: likedBy(opts.viewerId) })
      .from(content)
      .innerJoin(users, eq(users.id, content.userId))
      .where(where)
      .orderBy(sql`ts_rank(content.search_vector, ${query}) desc`, desc(content.createdAt), desc(content.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    countFeed(db, where),
  ]);
  return { rows, total };
}

export async function isLikedBy(db: Db, contentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(contentLikes)
    .where(and(eq(contentLikes.contentId, contentId), eq(contentLikes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Adds the like once; the count moves only when a row was really added. */
export async function addLike(db: Db, contentId: string, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(contentLikes).values({ contentId, userId }).onConflictDoNothing().returning({ userId: contentLikes.userId });
    const [row] = inserted.length
      ? await tx
          .update(content)
          .set({ likeCount: sql`${content.likeCount} + 1` })
          .where(eq(content.id, contentId))
          .returning({ likeCount: content.likeCount })
      : await tx.select({ likeCount: content.likeCount }).from(content).where(eq(content.id, contentId));
    return row?.likeCount ?? 0;
  });
}

export async function removeLike(db: Db, contentId: string, userId: string): Promise<number> {
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
    return row?.likeCount ?? 0;
  });
}

export async function recordPlay(db: Db, contentId: string, userId: string | null): Promise<number> {
  return db.transaction(async (tx) => {
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

export async function listTopComments(
  db: Db,
  contentId: string,
  page: number,
  pageSize: number,
): Promise<{ top: CommentWithAuthor[]; replies: CommentWithAuthor[]; total: number }> {
  const where = and(eq(contentComments.contentId, contentId), isNull(contentComments.parentId));
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
        .where(inArray(contentComments.parentId, ids))
        .orderBy(asc(contentComments.createdAt), asc(contentComments.id))
    : [];
  return { top, replies, total: Number(totals[0]?.n ?? 0) };
}

/** Deletes a comment and its replies; the count drops by as many as went. */
export async function deleteCommentTree(db: Db, contentId: string, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(contentComments)
      .where(and(eq(contentComments.contentId, contentId), eq(contentComments.parentId, commentId)));
    const deleted = await tx
      .delete(contentComments)
      .where(and(eq(contentComments.id, commentId), eq(contentComments.contentId, contentId)))
      .returning({ id: contentComments.id });
    if (deleted.length === 0) return;
    await tx
      .update(content)
      .set({ commentCount: sql`greatest(${content.commentCount} - ${1 + Number(n)}, 0)` })
      .where(eq(content.id, contentId));
  });
}

export async function updateContentClassification(db: Db, id: string, fields: { categoryId?: string | null; tags?: string[] }): Promise<void> {
  await db
    .update(content)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(content.id, id));
}
