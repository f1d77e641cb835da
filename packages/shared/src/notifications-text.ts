/**
 * The notifications' fixed values and texts, apart from their zod schemas: the header's bell and
 * its panel show these without loading zod.
 */

/** What a notification can be about. */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'like',
  'follow',
  'remix',
  'application',
  'application-status',
  'generation',
  'mention',
  'moderation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Email is on by default for these kinds, off for the rest. */
export const NOTIFICATION_EMAIL_DEFAULTS: Readonly<Record<NotificationKind, boolean>> = {
  comment: true,
  reply: true,
  like: false,
  follow: true,
  remix: false,
  application: true,
  'application-status': true,
  generation: false,
  mention: false,
  moderation: false,
};

/** At most one email per person and kind in this many minutes, listing what happened in it. */
export const NOTIFICATION_EMAIL_WINDOW_MINUTES = 15;

/** `report`: a report the person made (its subject id is what was reported). */
export const NOTIFICATION_SUBJECT_TYPES = ['content', 'user', 'job', 'application', 'report'] as const;

/**
 * What a moderator did, on a `moderation` notification: to the owner, `hidden` (their item or
 * job) or `comment-hidden`; to a reporter, what their report led to.
 */
export const MODERATION_NOTICES = ['hidden', 'comment-hidden', 'warned', 'report-hide', 'report-delete', 'report-warn', 'report-suspend'] as const;
export type ModerationNotice = (typeof MODERATION_NOTICES)[number];

const REPORT_OUTCOME: Record<string, string> = {
  'report-hide': 'hid what you reported',
  'report-delete': 'removed what you reported',
  'report-warn': 'warned its author',
  'report-suspend': 'suspended its author',
};

/** What `notificationText` reads of a notification (the `Notification` reply has all of it). */
export interface NotificationLine {
  kind: NotificationKind;
  actors: { username: string; fullName: string }[];
  actorCount: number;
  subject: { title: string | null };
  excerpt: string | null;
  refunded: number | null;
  /** On `moderation`: what was done (MODERATION_NOTICES). */
  action?: string | null;
  /** On a batch's `generation`: how many of its candidates are finished. */
  itemCount?: number;
}

/** One line saying what happened, for the panel and the emails. */
export function notificationText(n: NotificationLine): string {
  const names = n.actors.map((a) => a.fullName || a.username);
  const others = n.actorCount - names.length;
  const who =
    names.length === 0
      ? 'Someone'
      : others > 0
        ? `${names.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`
        : names.join(' and ');
  const title = n.subject.title ? `"${n.subject.title}"` : 'your item';
  switch (n.kind) {
    case 'comment':
      return `${who} commented on ${title}`;
    case 'reply':
      return `${who} replied to your comment on ${title}`;
    case 'like':
      return `${who} liked ${title}`;
    case 'follow':
      return `${who} started following you`;
    case 'remix':
      return `${who} remixed ${title}`;
    case 'application':
      return `${who} applied to ${n.subject.title ?? 'your job'}`;
    case 'application-status':
      return `Your application for ${n.subject.title ?? 'a job'} is now ${n.excerpt ?? 'updated'}`;
    case 'generation':
      return n.refunded !== null
        ? `${title} could not be generated; ${n.refunded} credits were refunded`
        : (n.itemCount ?? 1) > 1
          ? `${title} and ${n.itemCount! - 1} more are ready`
          : `${title} is ready`;
    case 'mention':
      return `${who} mentioned you in a comment on ${title}`;
    case 'moderation':
      if (n.action === 'hidden') return `A moderator hid ${n.subject.title ? title : 'one of yours'}`;
      if (n.action === 'comment-hidden') return `A moderator hid your comment on ${n.subject.title ? title : 'an item'}`;
      if (n.action === 'warned') return `A moderator warned you about ${n.subject.title ? title : 'something you posted'}: please follow the community rules`;
      if (n.action && REPORT_OUTCOME[n.action]) return `Thank you for your report: a moderator ${REPORT_OUTCOME[n.action]}`;
      return `A moderator acted on ${title}`;
  }
}
