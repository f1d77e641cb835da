import { and, asc, count, desc, eq, getTableName, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ContentOwner, ContentSort, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content, contentComments, contentLikes, contentPlays, contentSearch, type CommentRow, type ContentRow } from './content.schema.js';
import type { ContentViewer } from './content.view.js';
import type { CursorSort, FeedCursor } from './content-cursor.js';
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

const popularity = sql<number>`(${content.likeCount} + ${content.playCount})`;

function feedOrder(sort: ContentSort, now: Date): SQL[] {
  const recent = [desc(content.createdAt), desc(content.id)];
  if (sort === 'popular') return [sql`${popularity} desc`, ...recent];
  if (sort === 'trending') return [sql`${trendingScore(now)} desc`, sql`${popularity} desc`, ...recent];
  return recent;
}

/** created_at as exact UTC text (a JS Date would drop the microseconds the keyset compares). */
const exactCreatedAt = sql<string>`to_char(${content.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows strictly after the cursor in the feed's order, as one row comparison over the same
 * columns the order uses, so `content_status_private_created_idx` (newest) and
 * `content_public_popular_idx` (popular) are read from the cursor on instead of from the top.
 */
function afterCursor(cursor: FeedCursor, rank?: SQL): SQL | null {
  const at = sql`${cursor.sort === 'trending' ? null : cursor.at}::timestamptz`;
  switch (cursor.sort) {
    case 'newest':
      return sql`(${content.createdAt}, ${content.id}) < (${at}, ${cursor.id}::uuid)`;
    case 'popular':
      return sql`(${popularity}, ${content.createdAt}, ${content.id}) < (${cursor.score}::integer, ${at}, ${cursor.id}::uuid)`;
    case 'search':
      // Search pages over content_search (searchFeed), in its own columns.
      return sql`(${rank}, ${contentSearch.createdAt}, ${contentSearch.contentId}) < (${cursor.rank}::real, ${at}, ${cursor.id}::uuid)`;
    case 'trending':
      return null;
  }
}

/** Where a page starts: a page number (offset), or after a cursor. */
export interface FeedPosition {
  page: number;
  after?: FeedCursor;
}

function offsetOf(position: FeedPosition, pageSize: number): number {
  if (!position.after) return (position.page - 1) * pageSize;
  return position.after.sort === 'trending' ? position.after.offset : 0;
}

/** The cursor after the last row of a page, when there is more; `page` is the page it leads to. */
function nextCursor(
  sort: CursorSort,
  last: { id: string; at: string; score: number; rank?: number } | undefined,
  hasMore: boolean,
  page: number,
  offset: number,
): FeedCursor | null {
  if (!hasMore || !last) return null;
  switch (sort) {
    case 'newest':
      return { sort, page, at: last.at, id: last.id };
    case 'popular':
      return { sort, page, score: last.score, at: last.at, id: last.id };
    case 'search':
      return { sort, page, rank: last.rank ?? 0, at: last.at, id: last.id };
    case 'trending':
      return { sort, page, offset };
  }
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

async function countFeed(db: Db, from: typeof content | typeof contentSearch, where: SQL): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(where);
  const key = `${getTableName(from)}\u0000${text}\u0000${JSON.stringify(params)}`;
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
    .from(from)
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

export interface FeedPage {
  rows: FeedRow[];
  total: number;
  /** Where the next page starts; null on the last page. */
  next: FeedCursor | null;
}

/**
 * One page of the gallery. The page's ids are found first, from the index alone (status, privacy,
 * recency, id), and only those rows are then read and joined to their owners: a deep OFFSET skips
 * index entries instead of whole rows and joins, and a cursor skips nothing. One row more than the
 * page is asked for, to know whether there is a next page.
 */
export async function listFeed(
  db: Db,
  filter: FeedFilter,
  opts: { sort: ContentSort; pageSize: number; now: Date } & FeedPosition,
): Promise<FeedPage> {
  const where = feedWhere(filter);
  const after = opts.after ? afterCursor(opts.after) : null;
  const order = feedOrder(opts.sort, opts.now);
  const offset = offsetOf(opts, opts.pageSize);
  const page = db
    .select({ id: content.id, at: exactCreatedAt.as('cursor_at'), score: popularity.as('cursor_score') })
    .from(content)
    .where(after ? sql`${where} and ${after}` : where)
    .orderBy(...order)
    .limit(opts.pageSize + 1)
    .offset(offset)
    .as('page');
  const [found, total] = await Promise.all([
    db
      .select({ row: content, owner: ownerColumns, isLiked: likedBy(filter.viewer?.id ?? null), at: page.at, score: page.score })
      .from(page)
      .innerJoin(content, eq(content.id, page.id))
      .innerJoin(users, eq(users.id, content.userId))
      .orderBy(...order),
    countFeed(db, content, where),
  ]);
  const rows = found.slice(0, opts.pageSize);
  const last = found.length > opts.pageSize ? found[opts.pageSize - 1] : undefined;
  const next = nextCursor(
    opts.sort,
    last && { id: last.row.id, at: last.at, score: Number(last.score) },
    last !== undefined,
    (opts.after?.page ?? opts.page) + 1,
    offset + opts.pageSize,
  );
  return { rows, total, next };
}

/**
 * Full-text search over title (weight A), tags (B), description (C) and prompt (D), best match
 * first. ts_rank cannot be read from an index, so every match is ranked on every request; that is
 * done in `content_search` (migrations/0027), which holds only the id, type, date and search vector
 * of the items search may show, and only the page's rows are then read from `content` and joined to
 * their owners. The order is exactly what ranking over `content` gives: the same vector, the same
 * ts_rank, the same tie-breaks (created_at, then id).
 */
export async function searchFeed(
  db: Db,
  opts: { viewerId: string | null; q: string; type?: ContentType; pageSize: number } & FeedPosition,
): Promise<FeedPage> {
  const query = sql`websearch_to_tsquery('english', ${opts.q})`;
  const rank = sql<number>`ts_rank(${contentSearch.searchVector}, ${query})`;
  const parts: SQL[] = [sql`${contentSearch.searchVector} @@ ${query}`];
  if (opts.type) parts.push(sql`${contentSearch.contentType} = ${opts.type}`);
  const where = sql.join(parts, sql` and `);
  const after = opts.after ? afterCursor(opts.after, rank) : null;
  const offset = offsetOf(opts, opts.pageSize);
  const page = db
    .select({
      id: contentSearch.contentId,
      createdAt: contentSearch.createdAt,
      rank: rank.as('search_rank'),
      at: sql<string>`to_char(${contentSearch.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
    })
    .from(contentSearch)
    .where(after ? sql`${where} and ${after}` : where)
    .orderBy(sql`${rank} desc`, desc(contentSearch.createdAt), desc(contentSearch.contentId))
    .limit(opts.pageSize + 1)
    .offset(offset)
    .as('page');
  const [found, total] = await Promise.all([
    db
      .select({ row: content, owner: ownerColumns, isLiked: likedBy(opts.viewerId), at: page.at, rank: page.rank })
      .from(page)
      .innerJoin(content, eq(content.id, page.id))
      .innerJoin(users, eq(users.id, content.userId))
      // The copy holds visible items only; the rule is still applied to what is shown.
      .where(visibleTo(null, 'gallery'))
      .orderBy(sql`${page.rank} desc`, desc(page.createdAt), desc(page.id)),
    countFeed(db, contentSearch, where),
  ]);
  const rows = found.slice(0, opts.pageSize);
  const last = found.length > opts.pageSize ? found[opts.pageSize - 1] : undefined;
  const next = nextCursor(
    'search',
    last && { id: last.row.id, at: last.at, score: 0, rank: Number(last.rank) },
    last !== undefined,
    (opts.after?.page ?? opts.page) + 1,
    offset + opts.pageSize,
  );
  return { rows, total, next };
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
