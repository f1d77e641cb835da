import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteForUser } from './notifications.repository.js';

/**
 * Notifications: every notification of the person and their settings, and their part in other
 * people's (a grouped like loses them; one they alone made goes).
 */
export const notificationsDeletionStep: AccountDeletionStep = {
  module: 'notifications',
  tables: ['notifications', 'notification_settings'],
  async deleteUser(tx, userId) {
    await deleteForUser(tx, userId);
  },
};
