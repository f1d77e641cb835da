import { eq } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { jobs } from './jobs.schema.js';

/** Jobs: every job the person posted (their applications went in the applications step). */
export const jobsDeletionStep: AccountDeletionStep = {
  module: 'jobs',
  tables: ['jobs'],
  async deleteUser(tx, userId) {
    await tx.delete(jobs).where(eq(jobs.ownerId, userId));
  },
};
