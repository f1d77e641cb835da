import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { makePagination, MODERATION_TEXT, type BlockedPerson, type Pagination } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { usersTable as users } from '../auth/index.js';
import { findLiveUser } from './users.repository.js';
import { follows, userBlocks } from './users.schema.js';

/**
 * Blocks: a relation between two people, like a follow. Either side's block keeps them apart
 * (messages, comments, likes, follows, applications); only the blocker's lists leave the blocked
 * person out. The blocked person is never told: what they try is refused with a neutral sentence.
 */

/** SQL: a block stands between these two people, whichever side made it. */
export function blockBetweenSql(a: string | SQL, b: string | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM user_blocks ub WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b})
    OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a}))`;
}

/**
 * SQL: this person made a block or is under one, whoever the other side is. Their lists may then
 * differ from a visitor's (the lists leave out the people they blocked), so the public-read cache's
 * merge sends them to the full query. Two index reads (the key's blocker, user_blocks_blocked_idx).
 */
export function inAnyBlockSql(userId: string): SQL<boolean> {
  return sql<boolean>`(EXISTS (SELECT 1 FROM user_blocks ab WHERE ab.blocker_id = ${userId})
    OR EXISTS (SELECT 1 FROM user_blocks ab WHERE ab.blocked_id = ${userId}))`;
}

export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Refuses (403, neutral) when a block stands between the two. */
export async function assertNotBlocked(db: Db, a: string, b: string, message: string = MODERATION_TEXT.cannotInteract): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw forbidden(message);
}

/** Blocks `blockedId` and ends any follow between them, in one transaction. Repeating it changes nothing. */
export async function blockUser(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw badRequest(MODERATION_TEXT.cannotBlockSelf);
  if (!(await findLiveUser(db, blockedId))) throw notFound('User not found');
  await db.transaction(async (tx) => {
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId)),
        ),
      );
  });
}

export async function unblockUser(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw badRequest(MODERATION_TEXT.cannotBlockSelf);
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function listBlocked(
  db: Db,
  blockerId: string,
  page: number,
  pageSize: number,
): Promise<{ data: BlockedPerson[]; pagination: Pagination }> {
  const where = and(eq(userBlocks.blockerId, blockerId), isNull(users.deletedAt));
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatar: users.avatar,
        blockedAt: userBlocks.createdAt,
      })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(where)
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(userBlocks).innerJoin(users, eq(users.id, userBlocks.blockedId)).where(where),
  ]);
  return {
    data: rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() })),
    pagination: makePagination(page, pageSize, total[0]?.n ?? 0),
  };
}

/** Account deletion: the person's blocks go, on both sides. */
export async function deleteBlocksOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}
