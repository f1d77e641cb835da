import { eq } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { generationBatches } from './generation.schema.js';

/** Generation: the person's batches (the items that stay are content's, and keep their batch id only as a label). */
export const generationDeletionStep: AccountDeletionStep = {
  module: 'generation',
  tables: ['generation_batches'],
  async deleteUser(tx, userId) {
    await tx.delete(generationBatches).where(eq(generationBatches.userId, userId));
  },
};
