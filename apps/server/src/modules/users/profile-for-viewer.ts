import type { Db } from '../../platform/db/db.js';
import type { ViewerMerge } from '../../platform/http/public-replies.js';
import { readerFollowFacts } from './users-relations.repository.js';

/**
 * A signed-in reader's view of someone's profile from the visitor's cached reply (DESIGN.md §12).
 * It is the visitor's except for `isFollowing` when the reader is not an admin (who sees a private
 * profile's details), not showMature (the item count counts mature items then), in no block (the
 * count leaves out the blocked), and not its owner (isSelf, email, private items counted). The
 * follow and the blocks are read in one statement on every request, so a follow or a block counts
 * from the next read on.
 */
export function profileForViewer(db: Db): ViewerMerge {
  return async (reader, cached) => {
    if (reader.role === 'admin' || reader.showMature) return null;
    const reply = JSON.parse(cached.body) as { data?: { user?: { id?: unknown }; isFollowing?: boolean } };
    const ownerId = reply.data?.user?.id;
    if (typeof ownerId !== 'string' || ownerId === reader.id) return null;
    const row = await readerFollowFacts(db, reader.id, ownerId);
    if (!row || row.in_block) return null;
    if (!row.following) return cached.body;
    reply.data!.isFollowing = true;
    return JSON.stringify(reply);
  };
}
