import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteApplicationsOfAccount } from './applications.repository.js';
import type { ResumeStore } from './resume-storage.js';

/**
 * Applications: the person's own applications, and every application to a job they posted (the
 * jobs step then removes the jobs), with their résumé files once the deletion is committed.
 */
export function applicationsDeletionStep(resumes: ResumeStore): AccountDeletionStep {
  return {
    module: 'applications',
    tables: ['applications'],
    async deleteUser(tx, userId) {
      const gone = await deleteApplicationsOfAccount(tx, userId);
      const withResume = gone.filter((a) => a.hasResume).map((a) => a.id);
      return withResume.length > 0 ? () => resumes.remove(withResume) : undefined;
    },
  };
}
