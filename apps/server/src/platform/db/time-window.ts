import { sql, type SQL } from 'drizzle-orm';
import type { Bucket } from '@atelier/shared';

/**
 * The pieces the reads of figures by time share (the dashboards' owners' read functions): a window
 * is [start, end), and a bucket is UTC, as date_trunc has it.
 */
export interface TimeWindow {
  start: Date;
  end: Date;
}

/** `at` (a timestamptz expression, `created_at` unless named) falls in the window. */
export function inWindow(w: TimeWindow, at: SQL = sql`created_at`): SQL {
  return sql`${at} >= ${w.start.toISOString()}::timestamptz AND ${at} < ${w.end.toISOString()}::timestamptz`;
}

/**
 * The UTC bucket `at` falls in, as the label the replies carry: its first instant,
 * 'YYYY-MM-DD"T"HH24:MI:SS' (select it AS at and GROUP BY 1).
 */
export function bucketAt(bucket: Bucket, at: SQL = sql`created_at`): SQL {
  return sql`to_char(date_trunc(${bucket}::text, ${at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS')`;
}
