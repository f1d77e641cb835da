import { describe, expect, it } from 'vitest';
import type { Comment } from '@atelier/shared';
import {
  addComment,
  addCreatedFirst,
  applyLike,
  countRemoved,
  hasMorePages,
  mergeCommentPage,
  mergeCursorPage,
  mergePage,
  removeComment,
} from './content-merge';

const page = (n: number, ids: string[], totalPages = 3) => ({
  data: ids.map((id) => ({ id })),
  pagination: { page: n, pageSize: 2, total: totalPages * 2, totalPages },
});

const comment = (id: string, parentId: string | null = null, contentId = 'c1'): Comment => ({
  id,
  contentId,
  parentId,
  content: `text ${id}`,
  author: { id: 'u1', username: 'ada', fullName: 'Ada', avatar: null },
  replies: [],
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('mergePage', () => {
  it('replaces on page 1 and appends later pages, skipping ids already present', () => {
    const first = mergePage(undefined, page(1, ['a', 'b']));
    expect(first.data.map((x) => x.id)).toEqual(['a', 'b']);
    const second = mergePage(first, page(2, ['b', 'c']));
    expect(second.data.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(second.pagination.page).toBe(2);
    const again = mergePage(second, page(1, ['z']));
    expect(again.data.map((x) => x.id)).toEqual(['z']);
    expect(hasMorePages(second.pagination)).toBe(true);
    expect(hasMorePages(page(3, []).pagination)).toBe(false);
  });
});

describe('mergeCursorPage', () => {
  it('replaces on the first page (no cursor), appends pages asked for by cursor and keeps the newest nextCursor', () => {
    const withCursor = (n: number, ids: string[], nextCursor: string | null) => ({ ...page(n, ids), nextCursor });
    const first = mergeCursorPage(undefined, withCursor(1, ['a', 'b'], 'c1'), undefined);
    expect(first.data.map((x) => x.id)).toEqual(['a', 'b']);
    const second = mergeCursorPage(first, withCursor(2, ['b', 'c'], null), 'c1');
    expect(second.data.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(second.nextCursor).toBeNull();
    expect(second.pagination.page).toBe(2);
    const again = mergeCursorPage(second, withCursor(1, ['z'], 'c9'), undefined);
    expect(again.data.map((x) => x.id)).toEqual(['z']);
    expect(again.nextCursor).toBe('c9');
  });
});

describe('applyLike', () => {
  it('adds one on like, takes one on unlike, never below zero, and ignores repeats', () => {
    expect(applyLike({ likeCount: 2, isLiked: false }, true)).toEqual({ likeCount: 3, isLiked: true });
    expect(applyLike({ likeCount: 3, isLiked: true }, true)).toEqual({ likeCount: 3, isLiked: true });
    expect(applyLike({ likeCount: 3, isLiked: true }, false)).toEqual({ likeCount: 2, isLiked: false });
    expect(applyLike({ likeCount: 0, isLiked: true }, false)).toEqual({ likeCount: 0, isLiked: false });
  });
});

describe('comments', () => {
  it('puts a top-level comment first and a reply under its parent, without duplicates', () => {
    let list = [comment('a'), comment('b')];
    list = addComment(list, comment('n'));
    expect(list.map((c) => c.id)).toEqual(['n', 'a', 'b']);
    expect(addComment(list, comment('n'))).toBe(list);
    list = addComment(list, comment('r1', 'a'));
    list = addComment(list, comment('r1', 'a'));
    list = addComment(list, comment('r2', 'a'));
    expect(list[1]?.replies.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(countRemoved(list, 'a')).toBe(3);
    expect(countRemoved(list, 'r1')).toBe(1);
    expect(removeComment(list, 'r1')[1]?.replies.map((r) => r.id)).toEqual(['r2']);
    expect(removeComment(list, 'a').map((c) => c.id)).toEqual(['n', 'b']);
  });

  it('merges comment pages only for the open item', () => {
    const p1 = { data: [comment('a'), comment('b')], pagination: { page: 1, pageSize: 2, total: 3, totalPages: 2 } };
    const p2 = { data: [comment('b'), comment('c')], pagination: { page: 2, pageSize: 2, total: 3, totalPages: 2 } };
    const merged = mergeCommentPage(mergeCommentPage(undefined, p1, 'c1'), p2, 'c1');
    expect(merged?.data.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    const other = { data: [comment('x', null, 'c2')], pagination: p2.pagination };
    expect(mergeCommentPage(merged, other, 'c1')).toBe(merged);
  });
});

describe('addCreatedFirst (spec §4: content create adds to the front only if the item list is non-empty)', () => {
  it('puts a new item first and counts it', () => {
    const list = page(1, ['a', 'b'], 1);
    expect(addCreatedFirst(list, { id: 'n' })).toBe(true);
    expect(list.data.map((i) => i.id)).toEqual(['n', 'a', 'b']);
    expect(list.pagination).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('leaves an empty list and an item already there alone', () => {
    const empty = { data: [] as { id: string }[], pagination: { page: 1, pageSize: 2, total: 0, totalPages: 1 } };
    expect(addCreatedFirst(empty, { id: 'n' })).toBe(false);
    expect(empty.data).toEqual([]);
    const list = page(1, ['a', 'b'], 1);
    expect(addCreatedFirst(list, { id: 'b' })).toBe(false);
    expect(list.data.map((i) => i.id)).toEqual(['a', 'b']);
  });
});
