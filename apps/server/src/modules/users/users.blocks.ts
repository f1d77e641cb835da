import { makePagination, MODERATION_TEXT, type BlockedPerson, type Pagination } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { findLiveUser } from './users.repository.js';
import { blockedPage, deleteBlock, insertBlock, isBlockedBetween } from './users-relations.repository.js';

/**
 * Blocks: a relation between two people, like a follow. Either side's block keeps them apart
 * (messages, comments, likes, follows, applications); only the blocker's lists leave the blocked
 * person out. The blocked person is never told: what they try is refused with a neutral sentence.
 */

/** Refuses (403, neutral) when a block stands between the two. */
export async function assertNotBlocked(db: Db, a: string, b: string, message: string = MODERATION_TEXT.cannotInteract): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw forbidden(message);
}

/** Blocks `blockedId` and ends any follow between them, in one transaction. Repeating it changes nothing. */
export async function blockUser(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw badRequest(MODERATION_TEXT.cannotBlockSelf);
  if (!(await findLiveUser(db, blockedId))) throw notFound('User not found');
  await insertBlock(db, blockerId, blockedId);
}

export async function unblockUser(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw badRequest(MODERATION_TEXT.cannotBlockSelf);
  await deleteBlock(db, blockerId, blockedId);
}

export async function listBlocked(
  db: Db,
  blockerId: string,
  page: number,
  pageSize: number,
): Promise<{ data: BlockedPerson[]; pagination: Pagination }> {
  const { rows, total } = await blockedPage(db, blockerId, page, pageSize);
  return {
    data: rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() })),
    pagination: makePagination(page, pageSize, total),
  };
}
