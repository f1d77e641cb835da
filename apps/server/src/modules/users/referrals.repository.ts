import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';

/** Who invited a new account, and whether it counts yet (verified, not deleted). */
export async function findReferee(tx: Db, userId: string) {
  const [referee] = await tx
    .select({ id: users.id, referredBy: users.referredBy, isVerified: users.isVerified, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return referee;
}

/** Whether the account is live (not deleted). */
export async function isLiveAccount(tx: Db, userId: string): Promise<boolean> {
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return referrer !== undefined;
}

export async function referralCodeOf(db: Db, userId: string): Promise<string | undefined> {
  const [me] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId));
  return me?.referralCode;
}

/** One page of the accounts someone invited, newest first; how many they invited, and how many of those are verified. */
export async function referralsPage(db: Db, userId: string, page: number, pageSize: number) {
  const mine = eq(users.referredBy, userId);
  const [rows, totals] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, fullName: users.fullName, createdAt: users.createdAt, isVerified: users.isVerified, deletedAt: users.deletedAt })
      .from(users)
      .where(mine)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), verified: sql<number>`count(*) filter (where ${users.isVerified})`.mapWith(Number) })
      .from(users)
      .where(mine),
  ]);
  return { rows, total: totals[0]?.total ?? 0, verified: totals[0]?.verified ?? 0 };
}
