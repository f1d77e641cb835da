import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db.js';
import type { CachedReply } from '../../platform/cache/public-reads.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { ViewerMerge } from '../../platform/http/public-replies.js';
import { readerFacts } from './content-items.repository.js';

/**
 * A signed-in reader's first page of content (the gallery, a search, a category, a profile's items,
 * one item) from the visitor's cached reply (DESIGN.md §12: per-viewer fields are merged after the
 * cache). The visitor's rows are this reader's rows exactly when the visibility rule
 * (content.visibility.ts) reads nothing of them but what a visitor has:
 * - not an admin, and showMature off (both read with the session on this very request);
 * - no block either way (the lists leave out the people they blocked; read below, every time, so
 *   a block counts from the next read on);
 * - not their own page: one item they own (its receipt and settings), a profile or a gallery
 *   filtered to one owner (their private items show there).
 * Then the only personal field is `isLiked`, merged from one small query: the reader's likes among
 * the page's items, read together with the blocks. Anything else: null, and the handler runs.
 */

/** What the merge needs of a cached body, worked out once per kept reply. */
interface Shape {
  /** The items that carry isLiked, in the order of the reply. */
  itemIds: string[];
  /** One item's reply: its owner. */
  itemOwner: string | null;
}

interface Listed {
  id?: unknown;
  isLiked?: unknown;
  owner?: { id?: unknown };
}

const shapes = new WeakMap<CachedReply, Shape>();

const carriesLike = (value: unknown): value is Listed & { id: string } =>
  typeof value === 'object' && value !== null && typeof (value as Listed).id === 'string' && 'isLiked' in value;

function shapeOf(cached: CachedReply): Shape {
  const known = shapes.get(cached);
  if (known) return known;
  const data = (JSON.parse(cached.body) as { data?: unknown }).data;
  const shape: Shape = Array.isArray(data)
    ? { itemIds: data.filter(carriesLike).map((c) => c.id), itemOwner: null }
    : carriesLike(data)
      ? { itemIds: [data.id], itemOwner: typeof data.owner?.id === 'string' ? data.owner.id : null }
      : { itemIds: [], itemOwner: null };
  shapes.set(cached, shape);
  return shape;
}

function markLiked(data: unknown, liked: Set<string>): void {
  for (const item of Array.isArray(data) ? data : [data]) if (carriesLike(item) && liked.has(item.id)) item.isLiked = true;
}

/**
 * The merge of a route whose reply holds content items. `ownPage` says when the request itself
 * names the reader's own items (a profile's list by their id, a gallery filtered to an owner).
 */
export function contentForViewer(db: Db, ownPage?: (reader: AuthUser, request: FastifyRequest) => boolean): ViewerMerge {
  return async (reader, cached, request) => {
    if (reader.role === 'admin' || reader.showMature || ownPage?.(reader, request)) return null;
    const shape = shapeOf(cached);
    if (shape.itemOwner === reader.id) return null;
    const facts = await readerFacts(db, reader.id, shape.itemIds);
    if (facts.inBlock) return null;
    if (facts.liked.size === 0) return cached.body;
    const reply = JSON.parse(cached.body) as { data?: unknown };
    markLiked(reply.data, facts.liked);
    return JSON.stringify(reply);
  };
}
