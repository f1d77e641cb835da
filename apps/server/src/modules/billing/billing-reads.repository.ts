import { sql } from 'drizzle-orm';
import type { Bucket } from '@atelier/shared';
import { type Db, executeRows as rowsOf } from '../../platform/db/db.js';
import { type TimeWindow, inWindow, bucketAt } from '../../platform/db/time-window.js';

/* Reads of payments for the figures other modules show (the admin dashboards). Buckets are UTC. */

/**
 * Completed checkouts (credit packs and subscription starts) by completion time in [start, end),
 * per bucket ('YYYY-MM-DD"T"HH24:MI:SS', its first instant): revenue and how many.
 */
export async function completedCheckoutsByBucket(db: Db, w: TimeWindow & { bucket: Bucket }) {
  const paidAt = sql`coalesce(completed_at, created_at)`;
  return rowsOf<{ at: string; revenue: number; payments: number }>(
    db,
    sql`SELECT ${bucketAt(w.bucket, paidAt)} AS at, coalesce(sum(amount), 0)::int AS revenue, count(*)::int AS payments
       FROM checkouts
       WHERE status = 'complete' AND ${inWindow(w, paidAt)}
       GROUP BY 1`,
  );
}

/** Subscriptions live right now. */
export async function liveSubscriptionCount(db: Db): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM subscriptions WHERE status IN ('active', 'trialing')`);
  return rows[0]?.n ?? 0;
}
