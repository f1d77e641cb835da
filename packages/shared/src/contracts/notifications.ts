import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { NOTIFICATION_KINDS } from '../notifications-text.js';
import {
  notification,
  notificationListQuery,
  notificationSettings,
  updateNotificationSettingsBody,
} from '../schemas/notifications.js';
import { contract } from './contract.js';
import { notificationsEndpoints as e } from './notifications.endpoints.js';

const tags = ['notifications'];
const unread = z.object({ data: z.object({ unread: z.number().int() }) });

export const notificationsContracts = {
  list: contract(e.list, {
    tags,
    summary: 'Your notifications, newest first',
    description: 'Keyset pages: pass `nextCursor` back as `cursor` for the next one.',
    query: notificationListQuery,
    reply: { 200: z.object({ data: z.array(notification), nextCursor: z.string().nullable() }) },
  }),
  unreadCount: contract(e.unreadCount, { tags, summary: 'How many of your notifications are unread', reply: { 200: unread } }),
  read: contract(e.read, {
    tags,
    summary: 'Mark one of your notifications read',
    params: idParam,
    reply: { 200: unread },
    errors: [404],
  }),
  readAll: contract(e.readAll, { tags, summary: 'Mark all your notifications read', reply: { 200: unread } }),
  settings: contract(e.settings, {
    tags,
    summary: 'Your notification settings, per kind: in the app, by email',
    description: 'With `emailNotifications` off in your account settings, no email is sent whatever these say.',
    reply: { 200: z.object({ data: notificationSettings, emailNotifications: z.boolean() }) },
  }),
  updateSettings: contract(e.updateSettings, {
    tags,
    summary: 'Change your notification settings for some kinds',
    body: updateNotificationSettingsBody,
    reply: { 200: z.object({ data: notificationSettings, emailNotifications: z.boolean() }) },
  }),
  unsubscribe: contract(e.unsubscribe, {
    tags,
    summary: 'Stop the emails of one kind, from the signed link of an email (no sign-in)',
    description: 'The `token` comes from the unsubscribe link; also the target of the `List-Unsubscribe-Post` one-click.',
    query: z.object({ token: z.string().min(1).max(2000) }),
    reply: { 200: z.object({ data: z.object({ kind: z.enum(NOTIFICATION_KINDS) }), message: z.string() }) },
  }),
} as const;
