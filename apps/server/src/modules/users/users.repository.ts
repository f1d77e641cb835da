import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Bucket, PeopleSort, PublicProfileSummary } from '@atelier/shared';
import { type Db, executeRows } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { follows } from './users.schema.js';
import { listedPersonSql, suspendedNowSql } from './users.visibility.js';
import { type TimeWindow, inWindow, bucketAt } from '../../platform/db/time-window.js';

const summaryColumns = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar };
type SummaryRow = { id: string; username: string; fullName: string; avatar: string | null };

/** The live account by username, and whether it is suspended now (by the database's clock). */
export async function findLiveUserByUsername(db: Db, username: string) {
  const rows = await db
    .select({ row: users, suspendedNow: suspendedNowSql })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function findLiveUser(db: Db, id: string) {
  const rows = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return rows[0];
}

export async function countFollows(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const [followers, following] = await Promise.all([
    db
      .select({ n: count() })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(and(eq(follows.followingId, userId), isNull(users.deletedAt))),
    db
      .select({ n: count() })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followingId))
      .where(and(eq(follows.followerId, userId), isNull(users.deletedAt))),
  ]);
  return { followers: followers[0]?.n ?? 0, following: following[0]?.n ?? 0 };
}

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}

/** True when a new row was written; false when the follow already existed. */
export async function insertFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db.insert(follows).values({ followerId, followingId }).onConflictDoNothing().returning({ f: follows.followerId });
  return rows.length > 0;
}

export async function deleteFollow(db: Db, followerId: string, followingId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

/** Marks which of `ids` the viewer follows. */
async function withFollowFlags(db: Db, viewerId: string | null, rows: SummaryRow[]): Promise<PublicProfileSummary[]> {
  const followed = new Set<string>();
  if (viewerId && rows.length > 0) {
    const hits = await db
      .select({ id: follows.followingId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), inArray(follows.followingId, rows.map((r) => r.id))));
    for (const h of hits) followed.add(h.id);
  }
  return rows.map((r) => ({ ...r, isFollowing: followed.has(r.id) }));
}

export async function listFollowPeople(
  db: Db,
  userId: string,
  direction: 'followers' | 'following',
  viewerId: string | null,
  page: number,
  pageSize: number,
): Promise<{ items: PublicProfileSummary[]; total: number }> {
  const [mineCol, otherCol] = direction === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
  const cond = and(eq(mineCol, userId), listedPersonSql(viewerId));
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(follows)
      .innerJoin(users, eq(users.id, otherCol))
      .where(cond)
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(follows).innerJoin(users, eq(users.id, otherCol)).where(cond),
  ]);
  return { items: await withFollowFlags(db, viewerId, rows), total: totals[0]?.n ?? 0 };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchPeople(
  db: Db,
  query: string,
  viewerId: string | null,
  page: number,
  pageSize: number,
  sort: PeopleSort = 'relevance',
): Promise<{ items: PublicProfileSummary[]; total: number }> {
  const pattern = `%${escapeLike(query)}%`;
  const followers = sql`(select count(*) from follows f join ${users} fu on fu.id = f.follower_id and fu.deleted_at is null where f.following_id = ${users.id})`;
  const cond = and(
    listedPersonSql(viewerId),
    query ? or(ilike(users.username, pattern), ilike(users.fullName, pattern)) : undefined,
    // "Most followed" lists only people someone follows.
    sort === 'followers' ? sql`${followers} > 0` : undefined,
  );
  const order =
    sort === 'followers'
      ? [sql`${followers} desc`, users.username]
      : sort === 'newest'
        ? [desc(users.createdAt), desc(users.id)]
        : // Exact username matches first, then by name.
          [sql`(lower(${users.username}) = lower(${query})) desc`, users.username];
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(cond)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(cond),
  ]);
  return { items: await withFollowFlags(db, viewerId, rows), total: totals[0]?.n ?? 0 };
}

/**
 * People to follow: the makers most followed in the 30 days before `now`, leaving out the viewer
 * and whoever they follow already.
 */
export async function suggestedPeople(db: Db, viewerId: string, now: Date, limit: number): Promise<PublicProfileSummary[]> {
  const since = new Date(now.getTime() - 30 * 24 * 3600_000);
  const rows = await db
    .select(summaryColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followingId))
    .where(
      and(
        sql`${follows.createdAt} > ${since}`,
        listedPersonSql(viewerId),
        sql`${users.id} <> ${viewerId}`,
        sql`not exists (select 1 from follows mine where mine.follower_id = ${viewerId} and mine.following_id = ${users.id})`,
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(count()), users.username)
    .limit(limit);
  return rows.map((r) => ({ ...r, isFollowing: false }));
}

export async function countReferrals(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
  return row?.n ?? 0;
}

/** How many people follow this person, and how many they follow. */
export async function followCounts(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const [row] = await executeRows<{ followers: number; following: number }>(db,
    sql`SELECT (SELECT count(*)::int FROM follows WHERE following_id = ${userId}) AS followers,
              (SELECT count(*)::int FROM follows WHERE follower_id = ${userId}) AS following`,
  );
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
}

/**
 * The people who started following this person in [start, end), per UTC bucket (its first instant,
 * 'YYYY-MM-DD"T"HH24:MI:SS'); empty buckets are left out.
 */
export async function newFollowersByBucket(db: Db, userId: string, w: TimeWindow & { bucket: Bucket }) {
  return executeRows<{ at: string; n: number }>(db,
    sql`SELECT ${bucketAt(w.bucket)} AS at, count(*)::int AS n
       FROM follows WHERE following_id = ${userId}
         AND ${inWindow(w)} GROUP BY 1`,
  );
}
