import { z } from 'zod';
import { contentRating } from './content.js';
import { pagination, paginationQuery } from './common.js';

export const REPORT_TARGET_TYPES = ['content', 'comment', 'user', 'message', 'job'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'sexual', 'violence', 'hate', 'illegal', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** What people read about reports, blocks and suspensions. */
export const MODERATION_TEXT = {
  reported: 'Thanks, your report was sent to our moderators',
  alreadyReported: 'You have already reported this; our moderators will look at it',
  cannotReportSelf: 'You cannot report yourself',
  targetNotFound: 'We could not find what you are reporting',
  reportNotFound: 'Report not found',
  reportClosed: 'This report is already closed',
  cannotHide: 'Only content items, comments and jobs can be hidden',
  cannotDelete: 'Only content items, comments and jobs can be deleted from the queue',
  actionDone: 'Done',
  cannotBlockSelf: 'You cannot block yourself',
  blocked: 'Blocked. They can no longer message you or interact with your work',
  unblocked: 'Unblocked',
  cannotMessage: "You can't message this person",
  cannotInteract: "You can't interact with this person",
  suspended: 'This account is suspended',
  hiddenNotice: 'A moderator hid this from everyone else. Only you and our moderators can see it.',
} as const;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  sexual: 'Sexual content',
  violence: 'Violence or gore',
  hate: 'Hate',
  illegal: 'Illegal',
  impersonation: 'Impersonation',
  other: 'Something else',
};

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
