import { count, desc, eq, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ContentSort, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { followsTable } from '../users/index.js';
import { content, contentSearch } from './content.schema.js';
import type { ContentViewer } from './content.view.js';
import { exactText, FIELDS, pageFields, pageStatement, readPage, readRows, toFeedRow, type FeedRow } from './content-feed-rows.repository.js';
import type { CursorSort, FeedCursor } from './content-cursor.js';
import { ownersShownTo, visibleTo } from './content.visibility.js';
import type { LRUCache } from 'lru-cache';
import { boundedCache } from '../../platform/cache/bounded.js';

/*
 * The gallery, its filtered and sorted lists, and search: one page at a time.
 *
 * These are the busiest reads of the product, so each statement is built once per shape (which
 * filters are set, the sort, whether a cursor is given) with placeholders for every value, and
 * reused: building a select of forty columns with drizzle's builder cost more per request than
 * reading its rows. The statements stay unnamed, so PostgreSQL plans each execution for its values
 * exactly as before. Shapes whose SQL depends on who asks (one owner's gallery) are built per request.
 * A page's rows come back as arrays and are mapped field by field (content-feed-rows.repository.ts), not
 * through drizzle's generic row mapping; times are read as text, already in the reply's form.
 */

export type { FeedRow } from './content-feed-rows.repository.js';

export const ownerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  avatar: users.avatar,
  // Staff show a badge beside their name (admins; the support account is the first admin or one).
  isStaff: sql<boolean>`(${users.role} = 'admin')`,
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Values of one execution, by placeholder name; `bind` records a value and returns its placeholder. */
class Binding {
  readonly values: Record<string, unknown> = {};
  bind = (name: string, value: unknown): Placeholder => {
    this.values[name] = value;
    return sql.placeholder(name);
  };
}
type Bind = Binding['bind'];

/** Whether the viewer has liked the row; always false for anonymous viewers. */
const likedByBound = (viewerId: string | null, bind: Bind): SQL<boolean> =>
  viewerId
    ? sql<boolean>`exists (select 1 from content_likes l where l.content_id = content.id and l.user_id = ${bind('viewer', viewerId)})`
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
  /** Only the items of the people this person follows (the following feed). */
  followedBy?: string;
}

/**
 * The gallery shows ready, public items. Filtered to one owner, it also shows the viewer their own
 * private ones (the 'own-gallery' scope); nobody else ever sees them.
 */
function feedWhere(f: FeedFilter, bind: Bind): SQL {
  const parts: SQL[] = [];
  if (f.owner !== undefined) {
    if (UUID_RE.test(f.owner)) parts.push(sql`${content.userId} = ${bind('owner', f.owner)}`);
    else parts.push(sql`${content.userId} = (select u.id from ${users} u where lower(u.username) = lower(${bind('owner', f.owner)}))`);
  }
  // The shared shapes hold the viewer as a placeholder (their blocks); their rating is in the shape.
  parts.push(
    f.owner !== undefined
      ? visibleTo(f.viewer, 'own-gallery')
      : visibleTo(f.viewer, 'gallery', f.viewer ? bind('viewer', f.viewer.id) : undefined),
  );
  if (f.type) parts.push(sql`${content.contentType} = ${bind('type', f.type)}`);
  if (f.categoryIds) {
    if (f.categoryIds.length === 0) parts.push(sql`false`);
    else parts.push(sql`${content.categoryId} in (${sql.join(f.categoryIds.map((id, i) => bind(`category${i}`, id)), sql`, `)})`);
  }
  if (f.tag) parts.push(sql`${content.tags} @> array[${bind('tag', f.tag.toLowerCase())}]::text[]`);
  if (f.followedBy) {
    parts.push(sql`${content.userId} in (select f.following_id from ${followsTable} f where f.follower_id = ${bind('followedBy', f.followedBy)})`);
  }
  if (f.q) parts.push(sql`content.search_vector @@ websearch_to_tsquery('english', ${bind('q', f.q)})`);
  return sql.join(parts, sql` and `);
}

/** The shape of a list's statement, or null when its SQL holds who asks (built per request then). */
function listShape(f: FeedFilter, sort: ContentSort, after: FeedCursor | undefined): string | null {
  if (f.owner !== undefined) return null;
  const category = f.categoryIds ? `c${f.categoryIds.length}` : '';
  return `list|${sort}|${f.viewer ? 'v' : ''}${f.viewer?.showMature ? 'm' : ''}|${f.type ? 't' : ''}|${category}|${f.tag ? 'g' : ''}|${f.q ? 'q' : ''}|${f.followedBy ? 'f' : ''}|${after ? 'a' : ''}`;
}

/**
 * Recent engagement, newer counting more: likes weigh 3, comments 2, plays 1, each scaled by
 * how much of the last seven days is still ahead of it.
 */
function trendingScore(now: Date, bind: Bind): SQL<number> {
  const at = bind('now', now.toISOString());
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

function feedOrder(sort: ContentSort, now: Date, bind: Bind): SQL[] {
  const recent = [desc(content.createdAt), desc(content.id)];
  if (sort === 'popular') return [sql`${popularity} desc`, ...recent];
  if (sort === 'trending') return [sql`${trendingScore(now, bind)} desc`, sql`${popularity} desc`, ...recent];
  return recent;
}

/**
 * The rows strictly after the cursor in the feed's order, as one row comparison over the same
 * columns the order uses, so `content_status_private_created_idx` (newest) and
 * `content_public_popular_idx` (popular) are read from the cursor on instead of from the top.
 * Search compares in content_search's own columns (searchFeed).
 */
function afterCursor(cursor: FeedCursor, bind: Bind, rank?: SQL): SQL | null {
  if (cursor.sort === 'trending') return null;
  const at = sql`${bind('afterAt', cursor.at)}::timestamptz`;
  const id = sql`${bind('afterId', cursor.id)}::uuid`;
  switch (cursor.sort) {
    case 'newest':
      return sql`(${content.createdAt}, ${content.id}) < (${at}, ${id})`;
    case 'popular':
      return sql`(${popularity}, ${content.createdAt}, ${content.id}) < (${bind('afterScore', cursor.score)}::integer, ${at}, ${id})`;
    case 'search':
      return sql`(${rank}, ${contentSearch.createdAt}, ${contentSearch.contentId}) < (${bind('afterRank', cursor.rank)}::real, ${at}, ${id})`;
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

/**
 * Statements built once per shape and database handle, bounded. A page's statement is its SQL text
 * with the placeholders of its values in order (PageStatement); a count is the drizzle query prepared
 * without a name. Either way PostgreSQL parses and plans it on each execution, with that execution's
 * values, as it does any other query.
 */
interface Statement<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}
const STATEMENTS_MAX = 500;
const statements = new WeakMap<Db, LRUCache<string, object>>();

function statementFor<T extends object>(db: Db, shape: string | null, build: () => T): T {
  if (shape === null) return build();
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = boundedCache(STATEMENTS_MAX)));
  const found = byShape.get(shape) as T | undefined;
  if (found) return found;
  const built = build();
  byShape.set(shape, built);
  return built;
}

/*
 * Totals of large lists are cached for a few seconds. Counting 100,000 public items on every gallery
 * request cost more than finding the page itself; a total that is ten seconds stale is harmless in
 * a pager. Lists under the floor are always counted exactly (and cheaply), so small galleries and
 * tests see every change at once. The cache is per database handle and bounded. Search counts its
 * matches in the statement that ranks them, unless a large total of the same search is cached.
 */
export const COUNT_CACHE = {
  /** Totals from this size on are kept; a test lowers it to reach the cached path on a small gallery. */
  floor: 10_000,
};
const COUNT_CACHE_TTL_MS = 10_000;
const COUNT_CACHE_MAX_KEYS = 500;
const dialect = new PgDialect();
const countCaches = new WeakMap<Db, LRUCache<string, { total: number; at: number }>>();
const countsInFlight = new WeakMap<Db, Map<string, Promise<number>>>();

/**
 * The number of rows of `from` matching `where`. `shape` names the condition's SQL (null: print it),
 * `values` are the values bound in it.
 */
/** The key of a count in the cache: the table, the condition's SQL (its shape, or printed) and its values. */
function countKey(from: typeof content | typeof contentSearch, where: SQL, shape: string | null, values: Record<string, unknown>): string {
  let sqlKey = shape;
  if (sqlKey === null) {
    const printed = dialect.sqlToQuery(where);
    sqlKey = `${printed.sql}\u0000${JSON.stringify(printed.params)}`;
  }
  return `${getTableName(from)}\u0000${sqlKey}\u0000${JSON.stringify(values)}`;
}

function countCache(db: Db): LRUCache<string, { total: number; at: number }> {
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = boundedCache(COUNT_CACHE_MAX_KEYS)));
  return cache;
}

/** A large total counted less than COUNT_CACHE_TTL_MS ago, if there is one. */
function cachedTotal(db: Db, key: string): number | undefined {
  const hit = countCache(db).get(key);
  return hit && hit.total >= COUNT_CACHE.floor && Date.now() - hit.at < COUNT_CACHE_TTL_MS ? hit.total : undefined;
}

/** Keeps a fresh total for a while when it is large enough to be worth it. */
function rememberTotal(db: Db, key: string, total: number): void {
  const cache = countCache(db);
  cache.delete(key);
  if (total >= COUNT_CACHE.floor) {
    cache.set(key, { total, at: Date.now() });
  }
}

/**
 * The number of rows of `from` matching `where`. `shape` names the condition's SQL (null: print it),
 * `values` are the values bound in it.
 */
async function countFeed(
  db: Db,
  from: typeof content | typeof contentSearch,
  where: SQL,
  shape: string | null,
  values: Record<string, unknown>,
): Promise<number> {
  const key = countKey(from, where, shape, values);
  const hit = cachedTotal(db, key);
  if (hit !== undefined) return hit;
  let inFlight = countsInFlight.get(db);
  if (!inFlight) countsInFlight.set(db, (inFlight = new Map()));
  const pending = inFlight.get(key);
  if (pending) return pending;
  const statement = statementFor<Statement<{ n: number }>>(db, shape === null ? null : `count|${getTableName(from)}|${shape}`, () =>
    db.select({ n: count() }).from(from).where(where).prepare(''),
  );
  const counting = statement
    .execute(values)
    .then((r) => Number(r[0]?.n ?? 0))
    .finally(() => inFlight.delete(key));
  inFlight.set(key, counting);
  const total = await counting;
  rememberTotal(db, key, total);
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
  const shape = listShape(filter, opts.sort, opts.after);
  const binding = new Binding();
  const bind = binding.bind;
  const where = feedWhere(filter, bind);
  const whereValues = { ...binding.values };
  const offset = offsetOf(opts, opts.pageSize);
  const after = opts.after ? afterCursor(opts.after, bind) : null;
  const order = feedOrder(opts.sort, opts.now, bind);
  const isLiked = likedByBound(filter.viewer?.id ?? null, bind);
  const statement = statementFor(db, shape, () => {
    // Only the id, so that the index answers alone (no heap visit for the rows an OFFSET skips);
    // the cursor's values are read from the page's own rows.
    const page = db
      .select({ id: content.id })
      .from(content)
      .where(after ? sql`${where} and ${after}` : where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return pageStatement(
      db
        .select(pageFields(isLiked, exactText(content.createdAt), popularity))
        .from(page)
        .innerJoin(content, eq(content.id, page.id))
        .innerJoin(users, eq(users.id, content.userId))
        .orderBy(...order),
    );
  });
  const [found, total] = await Promise.all([
    readPage(db, statement, { ...binding.values, limit: opts.pageSize + 1, offset }),
    countFeed(db, content, where, shape, whereValues),
  ]);
  const rows = found.slice(0, opts.pageSize);
  const last = found.length > opts.pageSize ? found[opts.pageSize - 1] : undefined;
  const next = nextCursor(
    opts.sort,
    last && { id: last.row.id, at: last.cursorAt, score: last.sortKey },
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
  opts: { viewer: ContentViewer | null; q: string; type?: ContentType; pageSize: number } & FeedPosition,
): Promise<FeedPage> {
  const viewer = opts.viewer;
  const shape = `search|${viewer ? 'v' : ''}${viewer?.showMature ? 'm' : ''}|${opts.type ? 't' : ''}|${opts.after ? 'a' : ''}`;
  const binding = new Binding();
  const bind = binding.bind;
  const query = sql`websearch_to_tsquery('english', ${bind('q', opts.q)})`;
  const rank = sql<number>`ts_rank(${contentSearch.searchVector}, ${query})`;
  const parts: SQL[] = [sql`${contentSearch.searchVector} @@ ${query}`];
  // The copy carries the rating, so mature matches leave a visitor's search while it ranks.
  if (!viewer?.showMature) parts.push(sql`${contentSearch.rating} = 'general'`);
  if (opts.type) parts.push(sql`${contentSearch.contentType} = ${bind('type', opts.type)}`);
  // So does its owner: the people the viewer blocked and suspended accounts leave the matches, the
  // count with them.
  parts.push(ownersShownTo(viewer, contentSearch.userId, viewer ? bind('viewer', viewer.id) : undefined));
  const where = sql.join(parts, sql` and `);
  const whereValues = { ...binding.values };
  const offset = offsetOf(opts, opts.pageSize);
  const after = opts.after ? afterCursor(opts.after, bind, rank) : null;
  const isLiked = likedByBound(viewer?.id ?? null, bind);
  // The rest of the rule (blocks, suspensions) applies to what is shown.
  const shown = visibleTo(viewer, 'gallery', viewer ? bind('viewer', viewer.id) : undefined);
  const values = { ...binding.values, limit: opts.pageSize + 1, offset };
  const key = countKey(contentSearch, where, shape, whereValues);
  const known = cachedTotal(db, key);
  let found: ReturnType<typeof toFeedRow>[];
  let total: number;
  if (known !== undefined) {
    // A large total counted moments ago: rank only.
    const statement = statementFor(db, shape, () => {
      const page = db
        .select({
          id: contentSearch.contentId,
          createdAt: contentSearch.createdAt,
          rank: rank.as('search_rank'),
        })
        .from(contentSearch)
        .where(after ? sql`${where} and ${after}` : where)
        .orderBy(sql`${rank} desc`, desc(contentSearch.createdAt), desc(contentSearch.contentId))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page');
      return pageStatement(
        db
          // The cursor's text of the time is made for the page's rows only, not for every match.
          .select(pageFields(isLiked, exactText(sql`${page.createdAt}`), sql<number>`${page.rank}`))
          .from(page)
          .innerJoin(content, eq(content.id, page.id))
          .innerJoin(users, eq(users.id, content.userId))
          // The copy holds visible items only; the rule is still applied to what is shown.
          .where(shown)
          .orderBy(sql`${page.rank} desc`, desc(page.createdAt), desc(page.id)),
      );
    });
    found = (await readRows(db, statement, values)).map(toFeedRow);
    total = known;
  } else {
    // Ranking reads every match anyway, so the same read counts them: the matches are ranked once,
    // counted, and the page taken from them, in one statement instead of a second scan for the count.
    const statement = statementFor(db, `${shape}|counted`, () => {
      const matches = db.$with('matches').as(
        db
          .select({ id: contentSearch.contentId, createdAt: contentSearch.createdAt, rank: rank.as('search_rank') })
          .from(contentSearch)
          .where(where),
      );
      const afterMatch = opts.after
        ? // The same comparison as afterCursor's, over the ranked matches; its values are bound there.
          sql`(${matches.rank}, ${matches.createdAt}, ${matches.id}) < (${sql.placeholder('afterRank')}::real, ${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
        : undefined;
      const page = db
        .select()
        .from(matches)
        .where(afterMatch)
        .orderBy(sql`${matches.rank} desc`, desc(matches.createdAt), desc(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page');
      return pageStatement(
        db
          .with(matches)
          .select({
            ...pageFields(isLiked, exactText(sql`${page.createdAt}`), sql<number>`${page.rank}`),
            total: sql<number>`(select count(*)::int from ${matches})`,
          })
          .from(page)
          .innerJoin(content, eq(content.id, page.id))
          .innerJoin(users, eq(users.id, content.userId))
          .where(shown)
          .orderBy(sql`${page.rank} desc`, desc(page.createdAt), desc(page.id)),
      );
    });
    const counted = await readRows(db, statement, values);
    found = counted.map(toFeedRow);
    // Every row carries the total; a page past the end has no row to carry it, and is counted apart.
    total = counted.length > 0 ? Number(counted[0]![FIELDS.length]) : await countFeed(db, contentSearch, where, shape, whereValues);
    rememberTotal(db, key, total);
  }
  const rows = found.slice(0, opts.pageSize);
  const last = found.length > opts.pageSize ? found[opts.pageSize - 1] : undefined;
  const next = nextCursor(
    'search',
    last && { id: last.row.id, at: last.cursorAt, score: 0, rank: last.sortKey },
    last !== undefined,
    (opts.after?.page ?? opts.page) + 1,
    offset + opts.pageSize,
  );
  return { rows, total, next };
}
