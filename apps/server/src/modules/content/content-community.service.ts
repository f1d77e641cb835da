import {
  makePagination,
  type Comment,
  type Content,
  type ContentListQuery,
  type ContentType,
  type ContentSearchQuery,
  type CreateCommentBody,
  type LikeResult,
  type Pagination,
} from '@atelier/shared';
import type { AuthUser } from '../../platform/http/auth.js';
import { rejectBlockedText } from '../../platform/blocklist.js';
import { runActivity } from '../../platform/module-hooks.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { categoryExists, descendantIds } from '../categories/index.js';
import { assertNotBlocked } from '../users/index.js';
import {
  addLike,
  deleteCommentTree,
  findComment,
  insertComment,
  isLikedBy,
  listTopComments,
  loadComment,
  recordPlay,
  removeLike,
  type CommentWithAuthor,
} from './content-feed.repository.js';
import { listFeed, searchFeed, type FeedPage, type FeedPosition, type FeedRow } from './content-feed-pages.repository.js';
import { decodeCursor, encodeCursor, type CursorSort } from './content-cursor.js';
import { findVisible, type ContentDeps } from './content.service.js';
import { toListedContent } from './content.view.js';

type Deps = Pick<ContentDeps, 'db' | 'storage' | 'clock'> & Partial<Pick<ContentDeps, 'blocklist'>>;
/** What a like or a comment needs besides: the modules that hear of it (notifications). */
type ActingDeps = Deps & Pick<ContentDeps, 'hooks' | 'log'>;

export interface ContentPage {
  data: Content[];
  pagination: Pagination;
  /** Where the next page starts (pass it back as `cursor`); null on the last page. */
  nextCursor: string | null;
}

const COMMENT_NOT_FOUND = 'Comment not found';

const toContents = (deps: Deps, rows: FeedRow[]) => rows.map((r) => toListedContent(r.row, r.owner, deps.storage, r.isLiked));

/** Where a page starts: after the client's cursor when it sent one, else at its page number. */
function position(query: { page: number; cursor?: string }, sort: CursorSort): FeedPosition {
  return query.cursor ? { page: query.page, after: decodeCursor(query.cursor, sort) } : { page: query.page };
}

function toPage(deps: Deps, found: FeedPage, at: FeedPosition, pageSize: number): ContentPage {
  return {
    data: toContents(deps, found.rows),
    pagination: makePagination(at.after?.page ?? at.page, pageSize, found.total),
    nextCursor: found.next ? encodeCursor(found.next) : null,
  };
}

/** GET /content: the public gallery, filtered and sorted. */
export async function listContent(deps: Deps, query: ContentListQuery, viewer: AuthUser | null): Promise<ContentPage> {
  const at = position(query, query.sort);
  const categoryIds = query.category ? await descendantIds(deps.db, query.category) : undefined;
  const found = await listFeed(
    deps.db,
    { viewer, type: query.type, categoryIds, owner: query.owner, tag: query.tag, q: query.q },
    { sort: query.sort, pageSize: query.pageSize, now: deps.clock(), ...at },
  );
  return toPage(deps, found, at, query.pageSize);
}

/** GET /content/feed: the public items of the people the viewer follows, newest first. */
export async function listFollowingFeed(
  deps: Deps,
  query: { page: number; pageSize: number; cursor?: string },
  viewer: AuthUser,
): Promise<ContentPage> {
  const at = position(query, 'newest');
  const found = await listFeed(deps.db, { viewer, followedBy: viewer.id }, { sort: 'newest', pageSize: query.pageSize, now: deps.clock(), ...at });
  return toPage(deps, found, at, query.pageSize);
}

/** GET /content/search: full-text search, best match first. */
export async function searchContent(deps: Deps, query: ContentSearchQuery, viewer: AuthUser | null): Promise<ContentPage> {
  const at = position(query, 'search');
  const found = await searchFeed(deps.db, { viewer, q: query.q, type: query.type, pageSize: query.pageSize, ...at });
  return toPage(deps, found, at, query.pageSize);
}

/** Content of one category and its descendants (GET /category/:id/content), newest first. */
export async function listCategoryContent(
  deps: Deps,
  categoryId: string,
  query: { page: number; pageSize: number; cursor?: string; contentType?: ContentType },
  viewer: AuthUser | null,
): Promise<ContentPage> {
  const at = position(query, 'newest');
  const ids = await descendantIds(deps.db, categoryId);
  const filter = { viewer, categoryIds: ids, ...(query.contentType ? { type: query.contentType } : {}) };
  const found = await listFeed(deps.db, filter, { sort: 'newest', pageSize: query.pageSize, now: deps.clock(), ...at });
  return toPage(deps, found, at, query.pageSize);
}

export async function viewerLikes(deps: Deps, contentId: string, viewer: AuthUser | null): Promise<boolean> {
  return viewer ? isLikedBy(deps.db, contentId, viewer.id) : false;
}

export async function likeContent(deps: ActingDeps, id: string, viewer: AuthUser): Promise<LikeResult> {
  const item = await findVisible(deps, id, viewer);
  await assertNotBlocked(deps.db, viewer.id, item.row.userId);
  const { likeCount, changed } = await addLike(deps.db, id, viewer.id);
  if (changed) await runActivity(deps.hooks, { type: 'like', actorId: viewer.id, contentId: id }, deps.log);
  return { likeCount, isLiked: true };
}

export async function unlikeContent(deps: ActingDeps, id: string, viewer: AuthUser): Promise<LikeResult> {
  await findVisible(deps, id, viewer);
  const { likeCount, changed } = await removeLike(deps.db, id, viewer.id);
  if (changed) await runActivity(deps.hooks, { type: 'unlike', actorId: viewer.id, contentId: id }, deps.log);
  return { likeCount, isLiked: false };
}

export async function playContent(deps: Deps, id: string, viewer: AuthUser | null): Promise<number> {
  await findVisible(deps, id, viewer);
  return recordPlay(deps.db, id, viewer?.id ?? null);
}

function toComment(c: CommentWithAuthor, replies: Comment[] = []): Comment {
  return {
    id: c.row.id,
    contentId: c.row.contentId,
    parentId: c.row.parentId,
    content: c.row.body,
    author: c.author,
    replies,
    ...(c.row.hiddenAt ? { isHidden: true } : {}),
    createdAt: c.row.createdAt.toISOString(),
  };
}

/** A reply to a reply joins its thread: threads are one level deep, under the top comment. */
export async function createComment(deps: ActingDeps, contentId: string, viewer: AuthUser, body: CreateCommentBody): Promise<Comment> {
  if (deps.blocklist) rejectBlockedText(deps.blocklist, [{ label: 'comment', path: 'body.content', text: body.content }]);
  const item = await findVisible(deps, contentId, viewer);
  await assertNotBlocked(deps.db, viewer.id, item.row.userId);
  let parentId: string | null = null;
  if (body.parentId) {
    const parent = await findComment(deps.db, contentId, body.parentId);
    if (!parent) throw badRequest('You can only reply to a comment on this content');
    parentId = parent.parentId ?? parent.id;
  }
  const id = await insertComment(deps.db, { contentId, userId: viewer.id, parentId, body: body.content });
  const created = await loadComment(deps.db, id);
  if (!created) throw notFound(COMMENT_NOT_FOUND);
  await runActivity(deps.hooks, { type: 'comment', actorId: viewer.id, contentId, commentId: id, parentId, body: body.content }, deps.log);
  return toComment(created);
}

export async function listComments(
  deps: Deps,
  contentId: string,
  page: number,
  pageSize: number,
  viewer: AuthUser | null,
): Promise<{ data: Comment[]; pagination: Pagination }> {
  await findVisible(deps, contentId, viewer);
  const { top, replies, total } = await listTopComments(deps.db, contentId, page, pageSize, viewer);
  const byParent = new Map<string, Comment[]>();
  for (const r of replies) {
    const list = byParent.get(r.row.parentId ?? '') ?? [];
    list.push(toComment(r));
    byParent.set(r.row.parentId ?? '', list);
  }
  return { data: top.map((c) => toComment(c, byParent.get(c.row.id) ?? [])), pagination: makePagination(page, pageSize, total) };
}

/** The comment's author, the content's owner or an admin may delete a comment (and its replies). */
export async function deleteComment(deps: ActingDeps, contentId: string, commentId: string, viewer: AuthUser): Promise<void> {
  const item = await findVisible(deps, contentId, viewer);
  const found = await findComment(deps.db, contentId, commentId);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  const allowed = found.userId === viewer.id || item.row.userId === viewer.id || viewer.role === 'admin';
  if (!allowed) throw forbidden('You can only delete your own comments or comments on your content');
  const commentIds = await deleteCommentTree(deps.db, contentId, commentId);
  if (commentIds.length) await runActivity(deps.hooks, { type: 'comments-deleted', contentId, commentIds }, deps.log);
}

/** A category given on content must exist; inactive ones are allowed for the owner's own filing. */
export async function assertCategoryExists(deps: Pick<Deps, 'db'>, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  if (!(await categoryExists(deps.db, categoryId))) throw badRequest('Please choose a category from the list');
}
