import { and, arrayContains, count, desc, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { EmploymentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { jobs, type JobRow } from './jobs.schema.js';

export interface JobOwnerRef {
  id: string;
  username: string;
  fullName: string;
}

export interface JobWithOwner {
  job: JobRow;
  owner: JobOwnerRef;
}

export interface JobFilters {
  q?: string;
  location?: string;
  employmentType?: EmploymentType;
  isRemote?: boolean;
  tag?: string;
  isActive?: boolean;
  ownerId?: string;
  /** Only jobs that accept applications at this moment: active and not past their closing date. */
  acceptingAt?: Date;
  /** Ordinary viewers see active jobs and their own; null for administrators, who see all. */
  visibleTo?: { userId: string | null } | null;
}

export type NewJob = Omit<typeof jobs.$inferInsert, 'id'>;
export type JobPatch = Partial<Omit<NewJob, 'ownerId' | 'createdAt'>>;

/** `%` and `_` in a search text are literal characters, not wildcards. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ownerColumns = { id: users.id, username: users.username, fullName: users.fullName };

function whereOf(f: JobFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    conditions.push(or(ilike(jobs.title, p), ilike(jobs.company, p), ilike(jobs.description, p)));
  }
  if (f.location) conditions.push(ilike(jobs.location, containsPattern(f.location)));
  if (f.employmentType) conditions.push(eq(jobs.employmentType, f.employmentType));
  if (f.isRemote !== undefined) conditions.push(eq(jobs.isRemote, f.isRemote));
  if (f.tag) conditions.push(arrayContains(jobs.tags, [f.tag]));
  if (f.isActive !== undefined) conditions.push(eq(jobs.isActive, f.isActive));
  if (f.ownerId) conditions.push(eq(jobs.ownerId, f.ownerId));
  // A job a moderator hid is off the public board; its owner still finds it among their own.
  if (f.acceptingAt) {
    conditions.push(eq(jobs.isActive, true), isNull(jobs.hiddenAt), or(isNull(jobs.closesAt), gt(jobs.closesAt, f.acceptingAt)));
  }
  if (f.visibleTo) {
    const open = and(eq(jobs.isActive, true), isNull(jobs.hiddenAt));
    conditions.push(f.visibleTo.userId ? or(open, eq(jobs.ownerId, f.visibleTo.userId)) : open);
  }
  return and(...conditions);
}

export async function listJobs(
  db: Db,
  filters: JobFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: JobWithOwner[]; total: number }> {
  const where = whereOf(filters);
  const [rows, totals] = await Promise.all([
    db
      .select({ job: jobs, owner: ownerColumns })
      .from(jobs)
      .innerJoin(users, eq(users.id, jobs.ownerId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findJobWithOwner(db: Db, id: string): Promise<JobWithOwner | undefined> {
  const rows = await db
    .select({ job: jobs, owner: ownerColumns })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.ownerId))
    .where(eq(jobs.id, id))
    .limit(1);
  return rows[0];
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return rows[0];
}

export async function insertJob(db: Db, values: NewJob): Promise<JobRow> {
  const rows = await db.insert(jobs).values(values).returning();
  return rows[0]!;
}

export async function updateJob(db: Db, id: string, patch: JobPatch): Promise<JobRow | undefined> {
  const rows = await db.update(jobs).set(patch).where(eq(jobs.id, id)).returning();
  return rows[0];
}

export async function deleteJob(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function isUserVerified(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.isVerified ?? false;
}

/** Deletes every job the person posted (their account's deletion). */
export async function deleteJobsOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(jobs).where(eq(jobs.ownerId, userId));
}
