import { z } from 'zod';
import { contentOwner } from './content.js';

/**
 * What a notification can be about. `remix` and `moderation` are listed so settings and the web
 * know them; nothing sends them until remixes and moderation exist.
 */
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

export const NOTIFICATION_SUBJECT_TYPES = ['content', 'user', 'job', 'application'] as const;

export const notification = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** The latest people who did it (at most two), newest first. */
    actors: z.array(contentOwner),
    /** How many people did it in all (likes of one item on one day are one notification). */
    actorCount: z.number().int(),
    subject: z.object({ type: z.enum(NOTIFICATION_SUBJECT_TYPES), id: z.string(), title: z.string().nullable() }),
    /** The web path of what it is about. */
    link: z.string(),
    /** A comment's opening words, a failure's reason, a new status. */
    excerpt: z.string().nullable(),
    /** Credits given back (a failed generation). */
    refunded: z.number().int().nullable(),
    isRead: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().max(200, 'That cursor is not valid: pass the nextCursor of the previous page unchanged').optional(),
  ),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationSetting = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationSetting = z.infer<typeof notificationSetting>;

export const notificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationSetting])) as Record<NotificationKind, typeof notificationSetting>,
);
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** A change to some kinds' settings; an unknown kind is refused. */
export const updateNotificationSettingsBody = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationSetting.partial().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodObject<{ inApp: z.ZodOptional<z.ZodBoolean>; email: z.ZodOptional<z.ZodBoolean> }>>
    >,
  )
  .strict();
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;

/** One line saying what happened, for the panel and the emails. */
export function notificationText(n: Pick<Notification, 'kind' | 'actors' | 'actorCount' | 'subject' | 'excerpt' | 'refunded'>): string {
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
        : `${title} is ready`;
    case 'mention':
      return `${who} mentioned you in a comment on ${title}`;
    case 'moderation':
      return `A moderator acted on ${title}`;
  }
}
