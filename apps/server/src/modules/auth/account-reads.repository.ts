import { sql } from 'drizzle-orm';
import type { Bucket, Role } from '@atelier/shared';
import { type Db, executeRows as rowsOf } from '../../platform/db/db.js';
import { type TimeWindow, inWindow, bucketAt } from '../../platform/db/time-window.js';

/*
 * Reads of the accounts by signup time, for the figures other modules show (the dashboards).
 * Buckets are UTC, as date_trunc has them, and come back as their first instant
 * ('YYYY-MM-DD"T"HH24:MI:SS').
 */

/** When the person signed up; null for no such account. */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const rows = await rowsOf<{ at: Date | string | null }>(db, sql`SELECT created_at AS at FROM users WHERE id = ${userId}`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** When the first account of all signed up; null while there is none. */
export async function firstSignupAt(db: Db): Promise<Date | null> {
  const rows = await rowsOf<{ at: Date | string | null }>(db, sql`SELECT min(created_at) AS at FROM users`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** How many accounts this person referred. */
export async function referredCount(db: Db, userId: string): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE referred_by = ${userId}`);
  return rows[0]?.n ?? 0;
}

/** Accounts that signed up in [start, end), per bucket; empty buckets are left out. */
export async function signupsByBucket(db: Db, w: TimeWindow & { bucket: Bucket }) {
  return rowsOf<{ at: string; n: number }>(
    db,
    sql`SELECT ${bucketAt(w.bucket)} AS at, count(*)::int AS n
       FROM users WHERE ${inWindow(w)} GROUP BY 1`,
  );
}

/** The newest live accounts that signed up before `before`. */
export async function recentAccounts(db: Db, before: Date, limit: number) {
  return rowsOf<{
    id: string;
    username: string;
    full_name: string;
    email: string;
    role: Role;
    credits: number;
    is_verified: boolean;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT u.id, u.username, u.full_name, u.email, u.role, u.credits, u.is_verified, u.created_at
     FROM users u WHERE u.deleted_at IS NULL AND u.created_at < ${before.toISOString()}::timestamptz
     ORDER BY u.created_at DESC, u.id LIMIT ${limit}`,
  );
}
