import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteContactMessagesOf } from './contact.repository.js';

/** Contact-form messages the person sent (their name and email) go with the account. */
export const contactDeletionStep: AccountDeletionStep = {
  module: 'contact',
  tables: ['contact_messages'],
  async deleteUser(tx, userId) {
    await deleteContactMessagesOf(tx, userId);
  },
};
