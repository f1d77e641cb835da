import { z } from 'zod';
import { contentRating } from './content.js';
import { pagination, paginationQuery } from './common.js';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '../moderation-text.js';

export const createReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: `Target type must be one of ${REPORT_TARGET_TYPES.join(', ')}` }),
  targetId: z.string().uuid('That is not a valid id'),
  reason: z.enum(REPORT_REASONS, { error: `Reason must be one of ${REPORT_REASONS.join(', ')}` }),
  details: z.string().trim().max(1000, 'Details must be at most 1000 characters long').optional(),
});
export type CreateReportBody = z.infer<typeof createReportBody>;

export const report = z
  .object({
    id: z.string(),
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: z.string(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof report>;

const personRef = z.object({ id: z.string(), username: z.string() });

/** A message a report points at, with the ones before it: all an admin may read of that conversation. */
export const reportedMessage = z.object({
  id: z.string(),
  sender: personRef.nullable(),
  content: z.string(),
  createdAt: z.string(),
  isReported: z.boolean(),
});

/** Open (or closed) reports on one target, newest first, with what the target is. */
export const reportGroup = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: z.string(),
    /** Whose the target is; null when it no longer exists. */
    targetUser: personRef.nullable(),
    /** A line to recognise it by: a title, the comment or message text, a username. */
    summary: z.string().nullable(),
    isHidden: z.boolean(),
    count: z.number().int(),
    reasons: z.array(z.enum(REPORT_REASONS)),
    reports: z.array(
      report.extend({
        reporter: personRef.nullable(),
        action: z.enum(REPORT_ACTIONS).nullable(),
        note: z.string().nullable(),
        resolvedAt: z.string().nullable(),
      }),
    ),
    /** For a reported message: it and the 10 before it. */
    messages: z.array(reportedMessage).optional(),
  })
  .meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof reportGroup>;

export const adminReportsQuery = paginationQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  targetType: z.enum(REPORT_TARGET_TYPES).optional(),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuery>;

export const adminReportsReply = z.object({ data: z.array(reportGroup), pagination, openCount: z.number().int() });

const suspendUntil = z
  .string()
  .datetime({ offset: true, message: 'Suspension end must be a date and time' })
  .nullable()
  .optional()
  .describe('For suspend: when it ends by itself; absent or null until an admin lifts it');

export const reportActionBody = z.object({
  action: z.enum(REPORT_ACTIONS, { error: `Action must be one of ${REPORT_ACTIONS.join(', ')}` }),
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters long').optional(),
  until: suspendUntil,
});
export type ReportActionBody = z.infer<typeof reportActionBody>;

export const bulkReportActionBody = reportActionBody.extend({
  ids: z.array(z.string().uuid('That is not a valid report id')).min(1, 'Choose at least one report').max(100, 'At most 100 reports at once'),
});
export type BulkReportActionBody = z.infer<typeof bulkReportActionBody>;

export const reportActionResult = z.object({
  /** The reports this closed: every open report on the same target. */
  closed: z.number().int(),
  status: z.enum(REPORT_STATUSES),
});

export const suspendBody = z.object({ until: suspendUntil, note: z.string().trim().max(1000).optional() });

export const blockedPerson = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPerson>;
export const blockResult = z.object({ isBlocked: z.boolean() });

/** PUT /admin/content/{id}/rating: an admin sets an item's rating. */
export const setRatingBody = z.object({ rating: contentRating }).strict();
export type SetRatingBody = z.infer<typeof setRatingBody>;
