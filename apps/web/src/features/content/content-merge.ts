import type { Comment, Content, Pagination } from '@atelier/shared';

/** A page of a list as the client keeps it. */
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

/** Spec §4 "Loading more content": page 1 replaces the list; later pages append, skipping ids already present. */
export function mergePage<T extends { id: string }>(current: Paged<T> | undefined, incoming: Paged<T>): Paged<T> {
  if (!current || incoming.pagination.page <= 1) return { data: [...incoming.data], pagination: incoming.pagination };
  const seen = new Set(current.data.map((item) => item.id));
  const added = incoming.data.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  return { data: [...current.data, ...added], pagination: incoming.pagination };
}

/** A page of a list that scrolls on by cursor: the reply's `nextCursor` asks for the page after it. */
export interface CursorPaged<T> extends Paged<T> {
  nextCursor: string | null;
}

/**
 * The first page (no cursor) replaces the list; a page asked for by cursor appends, skipping ids
 * already present (an item whose popularity moved past the cursor may come back once).
 */
export function mergeCursorPage<T extends { id: string }, P extends CursorPaged<T>>(
  current: P | undefined,
  incoming: P,
  cursor: string | undefined,
): P {
  if (!current || !cursor) return { ...incoming, data: [...incoming.data] };
  const seen = new Set(current.data.map((item) => item.id));
  const added = incoming.data.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  return { ...incoming, data: [...current.data, ...added] };
}

export const hasMorePages = (pagination: Pagination | undefined) =>
  pagination ? pagination.page < pagination.totalPages : false;

/** Spec §4 "Like": like sets isLiked and adds one; unlike clears it and takes one, never below 0. */
export function applyLike<T extends Pick<Content, 'likeCount' | 'isLiked'>>(item: T, isLiked: boolean): T {
  if (item.isLiked === isLiked) return item;
  return { ...item, isLiked, likeCount: isLiked ? item.likeCount + 1 : Math.max(0, item.likeCount - 1) };
}

/** Applies a change to one item wherever it sits in a list (in place, for immer drafts). */
export function updateInList<T extends { id: string }>(list: T[], id: string, change: (item: T) => T): void {
  const at = list.findIndex((item) => item.id === id);
  if (at >= 0) list[at] = change(list[at] as T);
}

/**
 * Spec §4 "Comments": a reply goes under its parent's replies without duplicates; a top-level
 * comment goes to the front. Returns the same list when the comment was already there.
 */
export function addComment(list: Comment[], comment: Comment): Comment[] {
  if (comment.parentId) {
    return list.map((c) => {
      if (c.id !== comment.parentId) return c;
      if (c.replies.some((r) => r.id === comment.id)) return c;
      return { ...c, replies: [...c.replies, comment] };
    });
  }
  if (list.some((c) => c.id === comment.id)) return list;
  return [comment, ...list];
}

/** Removes a comment, or a reply from under its parent. */
export function removeComment(list: Comment[], commentId: string): Comment[] {
  return list
    .filter((c) => c.id !== commentId)
    .map((c) =>
      c.replies.some((r) => r.id === commentId) ? { ...c, replies: c.replies.filter((r) => r.id !== commentId) } : c,
    );
}

/** How many comments (replies included) a removal takes away. */
export function countRemoved(list: Comment[], commentId: string): number {
  const top = list.find((c) => c.id === commentId);
  if (top) return 1 + top.replies.length;
  return list.some((c) => c.replies.some((r) => r.id === commentId)) ? 1 : 0;
}

/** Comments for the open item only: a page for another item is ignored. Page 1 replaces, later pages append. */
export function mergeCommentPage(
  current: Paged<Comment> | undefined,
  incoming: Paged<Comment>,
  openContentId: string,
): Paged<Comment> | undefined {
  if (incoming.data.some((c) => c.contentId !== openContentId)) return current;
  return mergePage(current, incoming);
}

/**
 * Spec §4 "Lists": content create adds the item to the front only if the item list is non-empty
 * (an empty list is left for its next fetch to fill). Returns whether it was added; in place, for
 * immer drafts.
 */
export function addCreatedFirst<T extends { id: string }>(list: Paged<T>, created: T): boolean {
  if (list.data.length === 0 || list.data.some((item) => item.id === created.id)) return false;
  list.data.unshift(created);
  const total = list.pagination.total + 1;
  list.pagination.total = total;
  list.pagination.totalPages = Math.max(1, Math.ceil(total / list.pagination.pageSize));
  return true;
}
