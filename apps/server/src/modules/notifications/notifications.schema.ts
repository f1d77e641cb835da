import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES, type ModerationNotice, type NotificationKind } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0031_notifications.sql and 0034_notification_moderation.sql. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    groupKey: text('group_key').notNull(),
    subjectType: text('subject_type').$type<(typeof NOTIFICATION_SUBJECT_TYPES)[number]>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    sourceId: uuid('source_id'),
    actorIds: uuid('actor_ids').array().notNull().default(sql`'{}'::uuid[]`),
    excerpt: text('excerpt'),
    refunded: integer('refunded'),
    /** On `moderation`: what was done (MODERATION_NOTICES). */
    action: text('action').$type<ModerationNotice>(),
    readAt: ts('read_at'),
    emailPendingSince: ts('email_pending_since'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_group_key').on(t.userId, t.groupKey),
    index('notifications_user_updated_idx').on(t.userId, desc(t.updatedAt), desc(t.id)),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    index('notifications_email_pending_idx').on(t.emailPendingSince).where(sql`${t.emailPendingSince} IS NOT NULL`),
    index('notifications_subject_idx').on(t.subjectId),
    index('notifications_source_idx').on(t.sourceId).where(sql`${t.sourceId} IS NOT NULL`),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_subject_type_check', oneOf(t.subjectType, NOTIFICATION_SUBJECT_TYPES)),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_settings_pkey', columns: [t.userId, t.kind] }),
    check('notification_settings_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);
