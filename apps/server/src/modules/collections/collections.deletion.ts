import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteCollectionsOf } from './collections.repository.js';

/** Collections: every collection of the person, with its items (others' content is untouched). */
export const collectionsDeletionStep: AccountDeletionStep = {
  module: 'collections',
  tables: ['collections'],
  async deleteUser(tx, userId) {
    await deleteCollectionsOf(tx, userId);
  },
};
