import { sql } from 'drizzle-orm';
import type { Bucket } from '@atelier/shared';
import { type Db, executeRows as rowsOf } from '../../platform/db/db.js';
import { type TimeWindow, inWindow, bucketAt } from '../../platform/db/time-window.js';

/*
 * Reads of the ledger by time, for the figures other modules show (the dashboards).
 * Windows are [start, end); buckets are UTC, as date_trunc has them, and come back as their first
 * instant ('YYYY-MM-DD"T"HH24:MI:SS').
 */

/** Credits a person spent on generations in the window, and those refunded to them. */
export async function ledgerTotalsOfUser(db: Db, userId: string, w: TimeWindow): Promise<{ spent: number; refunded: number }> {
  const rows = await rowsOf<{ spent: number; refunded: number }>(
    db,
    sql`SELECT coalesce(-sum(delta) FILTER (WHERE kind = 'generation_charge'), 0)::int AS spent,
            coalesce(sum(delta) FILTER (WHERE kind = 'refund'), 0)::int AS refunded
     FROM credit_ledger WHERE ${inWindow(w)} AND user_id = ${userId}`,
  );
  return rows[0] ?? { spent: 0, refunded: 0 };
}

/**
 * Entries of one kind in the window, of one person or of everyone, per bucket: how many and their
 * sum. Empty buckets are left out.
 */
export async function ledgerByBucket(db: Db, of: { kind: string; userId?: string }, w: TimeWindow & { bucket: Bucket }) {
  const person = of.userId ? sql` AND user_id = ${of.userId}` : sql``;
  return rowsOf<{ at: string; entries: number; total: number }>(
    db,
    sql`SELECT ${bucketAt(w.bucket)} AS at, count(*)::int AS entries, sum(delta)::int AS total
       FROM credit_ledger WHERE ${inWindow(w)} AND kind = ${of.kind}${person} GROUP BY 1`,
  );
}
