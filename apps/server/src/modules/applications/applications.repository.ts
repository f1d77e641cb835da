import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { APPLICATION_STATUSES, type ApplicationStatus, type ApplicationStatusCounts } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
// Joined read-only: every application is shown with its job's title and company, and who may
// manage it is decided by the job's owner inside the same statement (and the same lock).
import { jobsTable as jobs } from '../jobs/index.js';
import { applications, type ApplicationRow } from './applications.schema.js';

export interface ApplicationWithRefs {
  app: ApplicationRow;
  job: { id: string; title: string; company: string; ownerId: string };
  applicant: { id: string; username: string; fullName: string };
}

export interface ApplicationFilters {
  jobId?: string;
  status?: ApplicationStatus;
  applicantId?: string;
  /** Applications made by the account with this email address. */
  applicantEmail?: string;
}

export type NewApplication = Omit<typeof applications.$inferInsert, 'id'> & { id?: string };
export type ApplicationPatch = Partial<Pick<ApplicationRow, 'status' | 'coverLetter' | 'portfolioUrl' | 'updatedAt'>>;

const refColumns = {
  app: applications,
  job: { id: jobs.id, title: jobs.title, company: jobs.company, ownerId: jobs.ownerId },
  applicant: { id: users.id, username: users.username, fullName: users.fullName },
};

function whereOf(f: ApplicationFilters): SQL | undefined {
  return and(
    f.jobId ? eq(applications.jobId, f.jobId) : undefined,
    f.status ? eq(applications.status, f.status) : undefined,
    f.applicantId ? eq(applications.applicantId, f.applicantId) : undefined,
    f.applicantEmail ? sql`lower(${users.email}) = lower(${f.applicantEmail})` : undefined,
  );
}

export async function listApplications(
  db: Db,
  filters: ApplicationFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: ApplicationWithRefs[]; total: number }> {
  const where = whereOf(filters);
  const [rows, totals] = await Promise.all([
    db
      .select(refColumns)
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(users, eq(users.id, applications.applicantId))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findApplication(db: Db, id: string): Promise<ApplicationWithRefs | undefined> {
  const rows = await db
    .select(refColumns)
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(eq(applications.id, id))
    .limit(1);
  return rows[0];
}

/** The rows of a bulk change, locked until the transaction ends so nobody changes them meanwhile. */
export async function lockApplications(db: Db, ids: string[]): Promise<ApplicationWithRefs[]> {
  return db
    .select(refColumns)
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(inArray(applications.id, ids))
    .for('update', { of: applications });
}

export async function insertApplication(db: Db, values: NewApplication): Promise<ApplicationRow> {
  const rows = await db.insert(applications).values(values).returning();
  return rows[0]!;
}

export async function updateApplication(db: Db, id: string, patch: ApplicationPatch): Promise<void> {
  await db.update(applications).set(patch).where(eq(applications.id, id));
}

export async function setStatus(db: Db, ids: string[], status: ApplicationStatus, now: Date): Promise<number> {
  const rows = await db
    .update(applications)
    .set({ status, updatedAt: now })
    .where(inArray(applications.id, ids))
    .returning({ id: applications.id });
  return rows.length;
}

export async function deleteApplication(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
  return rows.length > 0;
}

export async function hasApplied(db: Db, jobId: string, applicantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.applicantId, applicantId)))
    .limit(1);
  return rows.length > 0;
}

export async function countByJob(db: Db, jobIds: string[]): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({ jobId: applications.jobId, n: count() })
    .from(applications)
    .where(inArray(applications.jobId, jobIds))
    .groupBy(applications.jobId);
  return new Map(rows.map((r) => [r.jobId, r.n]));
}

export async function resumeIdsOfJob(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.hasResume, true)));
  return rows.map((r) => r.id);
}

export type StatsScope = { jobId: string } | { applicantId: string } | { jobOwnerId: string } | 'all';

/** Counts by status, with every status present (zero when none). */
export async function statusCounts(db: Db, scope: StatsScope): Promise<ApplicationStatusCounts> {
  const base = db.select({ status: applications.status, n: count() }).from(applications);
  const rows =
    scope === 'all'
      ? await base.groupBy(applications.status)
      : 'jobId' in scope
        ? await base.where(eq(applications.jobId, scope.jobId)).groupBy(applications.status)
        : 'applicantId' in scope
          ? await base.where(eq(applications.applicantId, scope.applicantId)).groupBy(applications.status)
          : await base
              .innerJoin(jobs, eq(jobs.id, applications.jobId))
              .where(eq(jobs.ownerId, scope.jobOwnerId))
              .groupBy(applications.status);
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  let total = 0;
  for (const r of rows) {
    byStatus[r.status] = r.n;
    total += r.n;
  }
  return { total, byStatus };
}

/**
 * The verified account email of each applicant that still has one: the only address Atelier
 * mails about an application (the contact email on the form is shown to the job's owner, never
 * mailed, since nobody proved it belongs to the applicant).
 */
export async function verifiedAccountEmails(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.isVerified, true), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function userEmail(db: Db, userId: string): Promise<string | undefined> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.email;
}

/** Deletes the person's own applications and every application to a job they posted (their account's deletion). */
export async function deleteApplicationsOfAccount(tx: Db, userId: string): Promise<{ id: string; hasResume: boolean }[]> {
  const ownJobs = tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.ownerId, userId));
  return tx
    .delete(applications)
    .where(or(eq(applications.applicantId, userId), inArray(applications.jobId, ownJobs)))
    .returning({ id: applications.id, hasResume: applications.hasResume });
}
