import { sql } from 'drizzle-orm';
import type { Bucket } from '@atelier/shared';
import { type Db, executeRows as rowsOf } from '../../platform/db/db.js';
import { usersTable } from '../auth/index.js';
import { type TimeWindow, inWindow, bucketAt } from '../../platform/db/time-window.js';

/*
 * Reads of a person's content by creation time, for the figures other modules show (the
 * dashboards). Windows are [start, end); buckets are UTC, as date_trunc has them, and come back
 * as their first instant ('YYYY-MM-DD"T"HH24:MI:SS').
 */

const ofType = (contentType?: string) => (contentType ? sql` AND content_type = ${contentType}` : sql``);

/** A person's items created in the window: how many, ready and failed ones, and their counters. */
export async function contentTotalsOfOwner(db: Db, userId: string, w: TimeWindow) {
  const rows = await rowsOf<{ content: number; ready: number; failed: number; likes: number; comments: number; plays: number }>(
    db,
    sql`SELECT count(*)::int AS content,
            count(*) FILTER (WHERE status = 'ready')::int AS ready,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            coalesce(sum(like_count), 0)::int AS likes,
            coalesce(sum(comment_count), 0)::int AS comments,
            coalesce(sum(play_count), 0)::int AS plays
     FROM content WHERE ${inWindow(w)} AND user_id = ${userId}`,
  );
  return rows[0] ?? { content: 0, ready: 0, failed: 0, likes: 0, comments: 0, plays: 0 };
}

/** How many items a person created in the window, per bucket (from the owner and time index alone). Empty buckets are left out. */
export async function itemsOfOwnerByBucket(db: Db, userId: string, w: TimeWindow & { bucket: Bucket }) {
  return rowsOf<{ at: string; items: number }>(
    db,
    sql`SELECT ${bucketAt(w.bucket)} AS at, count(*)::int AS items
       FROM content WHERE ${inWindow(w)} AND user_id = ${userId} GROUP BY 1`,
  );
}

/** A person's items created in the window (of one type, if given) per bucket: how many, and their counters. Empty buckets are left out. */
export async function contentOfOwnerByBucket(db: Db, userId: string, w: TimeWindow & { bucket: Bucket }, contentType?: string) {
  return rowsOf<{ at: string; items: number; likes: number; comments: number; plays: number }>(
    db,
    sql`SELECT ${bucketAt(w.bucket)} AS at, count(*)::int AS items, sum(like_count)::int AS likes,
              sum(comment_count)::int AS comments, sum(play_count)::int AS plays
       FROM content WHERE ${inWindow(w)} AND user_id = ${userId}${ofType(contentType)} GROUP BY 1`,
  );
}

/** A person's items created in the window (of one type, if given) per type, the most made first. */
export async function contentOfOwnerByType(db: Db, userId: string, w: TimeWindow, contentType?: string) {
  return rowsOf<{ contentType: string; count: number; likes: number; comments: number; plays: number }>(
    db,
    sql`SELECT content_type AS "contentType", count(*)::int AS count, sum(like_count)::int AS likes,
            sum(comment_count)::int AS comments, sum(play_count)::int AS plays
     FROM content WHERE ${inWindow(w)} AND user_id = ${userId}${ofType(contentType)}
     GROUP BY content_type ORDER BY count(*) DESC, content_type`,
  );
}

/** A person's items created in the window with the most likes and plays, newest first among equals. */
export async function topContentOfOwner(db: Db, userId: string, w: TimeWindow, limit: number) {
  return rowsOf<{
    id: string;
    title: string;
    content_type: string;
    status: string;
    like_count: number;
    comment_count: number;
    play_count: number;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, title, content_type, status, like_count, comment_count, play_count, created_at
     FROM content WHERE ${inWindow(w)} AND user_id = ${userId}
     ORDER BY like_count + play_count DESC, created_at DESC, id LIMIT ${limit}`,
  );
}

/** The newest items created before `before`, with their owner's username. */
export async function recentContentWithOwners(db: Db, before: Date, limit: number) {
  return rowsOf<{
    id: string;
    title: string;
    content_type: string;
    status: string;
    model: string;
    cost: number;
    user_id: string;
    username: string;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT c.id, c.title, c.content_type, c.status, c.model, c.cost, c.user_id, u.username, c.created_at
     FROM content c JOIN ${usersTable} u ON u.id = c.user_id
     WHERE c.created_at < ${before.toISOString()}::timestamptz ORDER BY c.created_at DESC, c.id LIMIT ${limit}`,
  );
}

/** How many items each of these people has (every item, whatever its state); people with none are absent. */
export async function contentCountsOfOwners(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<{ user_id: string; n: number }>(
    db,
    sql`SELECT user_id, count(*)::int AS n FROM content
     WHERE user_id IN (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)}) GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}
