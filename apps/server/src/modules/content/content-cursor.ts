import { z } from 'zod';
import type { ContentSort } from '@atelier/shared';
import { badRequest } from '../../platform/http/errors.js';

/**
 * Where the next page of a feed starts: the sort key of the last item handed out. The next page is
 * the items strictly after it in the feed's order, so items added at the front while someone scrolls
 * shift nothing (no repeats), and nothing between two pages is stepped over (no gaps).
 *
 * - newest: (created_at, id). created_at travels as text with its microseconds, because a JS Date
 *   keeps milliseconds only and a rounded key would skip rows.
 * - popular: (like_count + play_count, created_at, id). New items come in at 0 and sort after every
 *   older item of the same score, so inserts are stable; an item whose score changes while someone
 *   scrolls may move past the cursor (shown twice, which the client drops by id, or not at all).
 * - search: (ts_rank, created_at, id); a rank changes only when the item's text does.
 * - trending: its score decays every second and moves with every like, so no key order holds still
 *   between two requests. Its cursor is an offset, exactly as stable as page numbers.
 *
 * `page` is the number of the page the cursor leads to, so replies keep a meaningful `pagination`.
 * Clients treat the cursor as opaque: base64url of JSON.
 */
export type FeedCursor =
  | { sort: 'newest'; page: number; at: string; id: string }
  | { sort: 'popular'; page: number; score: number; at: string; id: string }
  | { sort: 'search'; page: number; rank: number; at: string; id: string }
  | { sort: 'trending'; page: number; offset: number };

export type CursorSort = ContentSort | 'search';

/** created_at as UTC text with microseconds, as `to_char` in the feed query writes it. */
const AT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const page = z.number().int().min(2).max(1_000_000);
const at = z.string().regex(AT_RE);
const id = z.string().uuid();

const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('newest'), page, at, id }).strict(),
  z.object({ sort: z.literal('popular'), page, score: z.number().int().min(0), at, id }).strict(),
  z.object({ sort: z.literal('search'), page, rank: z.number().finite().min(0), at, id }).strict(),
  z.object({ sort: z.literal('trending'), page, offset: z.number().int().min(1).max(10_000_000) }).strict(),
]);

export const INVALID_CURSOR = 'That cursor is not valid: pass the nextCursor of the previous page unchanged';
export const CURSOR_SORT_MISMATCH = 'That cursor belongs to another sort order: start again from the first page';

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** The cursor a client sent back, checked: a cursor that is not ours, or is for another sort, is a 400. */
export function decodeCursor(text: string, sort: CursorSort): FeedCursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw badRequest(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
  if (result.data.sort !== sort) throw badRequest(CURSOR_SORT_MISMATCH, [{ path: 'cursor', message: CURSOR_SORT_MISMATCH }]);
  return result.data;
}
