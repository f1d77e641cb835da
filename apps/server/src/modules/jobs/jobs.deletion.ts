import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteJobsOf } from './jobs.repository.js';

/** Jobs: every job the person posted (their applications went in the applications step). */
export const jobsDeletionStep: AccountDeletionStep = {
  module: 'jobs',
  tables: ['jobs'],
  async deleteUser(tx, userId) {
    await deleteJobsOf(tx, userId);
  },
};
