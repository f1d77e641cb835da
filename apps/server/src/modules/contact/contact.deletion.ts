import { eq } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { contactMessages } from './contact.schema.js';

/** Contact-form messages the person sent (their name and email) go with the account. */
export const contactDeletionStep: AccountDeletionStep = {
  module: 'contact',
  tables: ['contact_messages'],
  async deleteUser(tx, userId) {
    await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
  },
};
