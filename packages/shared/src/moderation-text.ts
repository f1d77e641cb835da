/**
 * Moderation's fixed values and texts, apart from its zod schemas: the content page shows these (the
 * hidden notice, the report menu) and must not load zod for them.
 */
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
