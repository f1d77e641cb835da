import { eq } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { collections } from './collections.schema.js';

/** Collections: every collection of the person, with its items (others' content is untouched). */
export const collectionsDeletionStep: AccountDeletionStep = {
  module: 'collections',
  tables: ['collections'],
  async deleteUser(tx, userId) {
    await tx.delete(collections).where(eq(collections.userId, userId));
  },
};
