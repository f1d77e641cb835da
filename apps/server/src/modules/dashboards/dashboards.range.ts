import type { Bucket, DashboardRange, DashboardRangeQuery, TimeRange } from '@atelier/shared';
import { badRequest } from '../../platform/http/errors.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A resolved window [start, end) and the bucket its series are drawn in (UTC). */
export interface ResolvedRange {
  start: Date;
  end: Date;
  bucket: Bucket;
  timeRange: TimeRange | null;
}

const SPAN: Record<Exclude<TimeRange, 'all'>, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };

/** Fine enough to show a shape, coarse enough that a series stays under ~400 points. */
export function bucketFor(spanMs: number): Bucket {
  if (spanMs <= 2 * DAY) return 'hour';
  if (spanMs <= 100 * DAY) return 'day';
  if (spanMs <= 3 * 365 * DAY) return 'week';
  return 'month';
}

const isBareDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Explicit dates win over `timeRange`. A bare `endDate` includes that whole day. `all` starts at
 * `earliest` (the oldest row the block looks at), or a day back when there is none.
 */
export function resolveRange(
  query: DashboardRangeQuery,
  now: Date,
  fallback: TimeRange,
  earliest: Date | null,
): ResolvedRange {
  if (query.startDate || query.endDate) {
    const end = query.endDate ? new Date(Date.parse(query.endDate) + (isBareDate(query.endDate) ? DAY : 0)) : now;
    const start = query.startDate ? new Date(query.startDate) : new Date(end.getTime() - SPAN.month);
    if (start.getTime() >= end.getTime()) throw badRequest('startDate must be before endDate');
    return { start, end, bucket: bucketFor(end.getTime() - start.getTime()), timeRange: null };
  }
  const timeRange = query.timeRange ?? fallback;
  const end = now;
  const start =
    timeRange === 'all'
      ? new Date(Math.min(earliest?.getTime() ?? end.getTime() - DAY, end.getTime() - HOUR))
      : new Date(end.getTime() - SPAN[timeRange]);
  return { start, end, bucket: bucketFor(end.getTime() - start.getTime()), timeRange };
}

export function rangeReply(r: ResolvedRange): DashboardRange {
  return { start: r.start.toISOString(), end: r.end.toISOString(), bucket: r.bucket, timeRange: r.timeRange };
}

/** Bucket labels: an ISO hour for hourly series, else the bucket's first day (UTC). */
export function labelFormat(bucket: Bucket): string {
  return bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00:00"Z"'` : `'YYYY-MM-DD'`;
}
