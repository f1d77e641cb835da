import { z } from 'zod';
import { contentOwner } from './content.js';
import { MODERATION_NOTICES, NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES, type NotificationKind } from '../notifications-text.js';

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
    /** On `moderation`: what a moderator did (see MODERATION_NOTICES); the note is the excerpt. */
    action: z.enum(MODERATION_NOTICES).nullable().optional(),
    /** On a batch's `generation`: how many of its candidates are finished (the subject is the first). */
    itemCount: z.number().int().optional(),
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

/** A change to some kinds' settings; an unknown kind or field is refused. */
export const updateNotificationSettingsBody = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationSetting.partial().strict().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodObject<{ inApp: z.ZodOptional<z.ZodBoolean>; email: z.ZodOptional<z.ZodBoolean> }, z.core.$strict>>
    >,
  )
  .strict();
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;
