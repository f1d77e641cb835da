import { eq, inArray, or } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { jobsTable as jobs } from '../jobs/index.js';
import { applications } from './applications.schema.js';
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
      const ownJobs = tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.ownerId, userId));
      const gone = await tx
        .delete(applications)
        .where(or(eq(applications.applicantId, userId), inArray(applications.jobId, ownJobs)))
        .returning({ id: applications.id, hasResume: applications.hasResume });
      const withResume = gone.filter((a) => a.hasResume).map((a) => a.id);
      return withResume.length > 0 ? () => resumes.remove(withResume) : undefined;
    },
  };
}
