import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteBatchesOf } from './generation.repository.js';

/** Generation: the person's batches (the items that stay are content's, and keep their batch id only as a label). */
export const generationDeletionStep: AccountDeletionStep = {
  module: 'generation',
  tables: ['generation_batches'],
  async deleteUser(tx, userId) {
    await deleteBatchesOf(tx, userId);
  },
};
