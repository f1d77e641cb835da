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

/** The first instant of the UTC bucket `at` falls in (group by it; to_char it for the reply). */
export function utcBucket(bucket: Bucket, at: SQL = sql`created_at`): SQL {
  return sql`date_trunc(${bucket}::text, ${at} AT TIME ZONE 'UTC')`;
}
