import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteReportsOf } from './moderation.repository.js';

/** Moderation: the reports a person made and the ones about them go; a resolver's name is cleared. */
export const moderationDeletionStep: AccountDeletionStep = {
  module: 'moderation',
  tables: ['reports'],
  async deleteUser(tx, userId) {
    await deleteReportsOf(tx, userId);
  },
};
