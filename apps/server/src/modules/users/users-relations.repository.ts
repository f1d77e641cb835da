import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { follows, userBlocks } from './users.schema.js';

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

/** Records the block and ends the follows between the two, both ways, in one transaction. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
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

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** One page of the live people someone blocked, newest block first, and their total. */
export async function blockedPage(db: Db, blockerId: string, page: number, pageSize: number) {
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
  return { rows, total: total[0]?.n ?? 0 };
}

/** Account deletion: the person's blocks go, on both sides. */
export async function deleteBlocksOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}

/** Deletes the person's follows both ways (their account's deletion). */
export async function deleteFollowsOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followingId, userId)));
}

/** Whether a block involves the reader, and whether they follow `ownerId`: one statement. */
export async function readerFollowFacts(db: Db, readerId: string, ownerId: string): Promise<{ in_block: boolean; following: boolean } | undefined> {
  const result = await executeRows<{ in_block: boolean; following: boolean }>(db,
    sql`SELECT ${inAnyBlockSql(readerId)} AS in_block,
      EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${readerId} AND f.following_id = ${ownerId}) AS following`,
  );
  return result[0];
}
