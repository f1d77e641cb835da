import {
  JOBS_TEXT,
  makePagination,
  type ActiveJobsQuery,
  type Job,
  type JobsQuery,
  type Pagination,
  type createJobBody,
  type updateJobBody,
} from '@atelier/shared';
import type { z } from 'zod';
import { rejectBlockedText, type Blocklist } from '../../platform/blocklist.js';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/http/errors.js';
import * as repo from './jobs.repository.js';
import type { JobRow } from './jobs.schema.js';

/**
 * What the jobs module needs from applications. Passed in rather than imported, so the two modules
 * do not depend on each other in a circle and jobs never reads the applications table.
 */
export interface ApplicationsPort {
  countByJob(jobIds: string[]): Promise<Map<string, number>>;
  hasApplied(jobId: string, userId: string): Promise<boolean>;
  /** Called before a job is deleted; the returned function cleans up after the delete succeeded. */
  prepareJobRemoval(jobId: string): Promise<() => Promise<void>>;
}

export interface JobsDeps {
  db: Db;
  clock: () => Date;
  applications: ApplicationsPort;
  /** The terms no job post may contain (PROMPT_BLOCKLIST). */
  blocklist?: Blocklist;
}

function rejectBlockedJob(deps: JobsDeps, body: Partial<Pick<CreateJobInput, 'title' | 'company' | 'location' | 'description' | 'requirements' | 'tags'>>): void {
  if (!deps.blocklist) return;
  rejectBlockedText(deps.blocklist, [
    { label: 'job title', path: 'body.title', text: body.title },
    { label: 'company', path: 'body.company', text: body.company },
    { label: 'location', path: 'body.location', text: body.location },
    { label: 'job description', path: 'body.description', text: body.description },
    { label: 'requirements', path: 'body.requirements', text: body.requirements },
    { label: 'tags', path: 'body.tags', text: body.tags },
  ]);
}

type CreateJobInput = z.output<typeof createJobBody>;
type UpdateJobInput = z.output<typeof updateJobBody>;

const isAdmin = (viewer: AuthUser | null) => viewer?.role === 'admin';

export function isAcceptingApplications(job: Pick<JobRow, 'isActive' | 'closesAt'>, now: Date): boolean {
  return job.isActive && (job.closesAt === null || job.closesAt.getTime() > now.getTime());
}

export function canManageJob(job: Pick<JobRow, 'ownerId'>, viewer: AuthUser | null): boolean {
  return !!viewer && (viewer.role === 'admin' || viewer.id === job.ownerId);
}

function toJob(row: repo.JobWithOwner, applicationCount: number, now: Date): Job {
  const { job, owner } = row;
  return {
    id: job.id,
    title: job.title,
    company: job.company,
    location: job.location,
    employmentType: job.employmentType,
    isRemote: job.isRemote,
    salaryMin: job.salaryMin,
    salaryMax: job.salaryMax,
    currency: job.currency,
    description: job.description,
    requirements: job.requirements,
    tags: job.tags,
    isActive: job.isActive,
    closesAt: job.closesAt?.toISOString() ?? null,
    isAcceptingApplications: isAcceptingApplications(job, now),
    owner: { id: owner.id, username: owner.username, fullName: owner.fullName },
    applicationCount,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

async function toJobs(deps: JobsDeps, rows: repo.JobWithOwner[]): Promise<Job[]> {
  const counts = await deps.applications.countByJob(rows.map((r) => r.job.id));
  const now = deps.clock();
  return rows.map((r) => toJob(r, counts.get(r.job.id) ?? 0, now));
}

async function loadJob(deps: JobsDeps, id: string): Promise<Job> {
  const row = await repo.findJobWithOwner(deps.db, id);
  if (!row) throw notFound(JOBS_TEXT.jobNotFound);
  const [job] = await toJobs(deps, [row]);
  return job!;
}

export async function listJobs(
  deps: JobsDeps,
  viewer: AuthUser | null,
  query: JobsQuery,
): Promise<{ data: Job[]; pagination: Pagination }> {
  if (query.owner === 'me' && !viewer) throw unauthorized();
  const { rows, total } = await repo.listJobs(
    deps.db,
    {
      q: query.q,
      location: query.location,
      employmentType: query.employmentType,
      isRemote: query.isRemote,
      tag: query.tag,
      isActive: query.isActive,
      ownerId: query.owner === 'me' ? viewer!.id : undefined,
      visibleTo: isAdmin(viewer) ? null : { userId: viewer?.id ?? null },
    },
    query.page,
    query.pageSize,
  );
  return { data: await toJobs(deps, rows), pagination: makePagination(query.page, query.pageSize, total) };
}

export async function listActiveJobs(
  deps: JobsDeps,
  query: ActiveJobsQuery,
): Promise<{ data: Job[]; pagination: Pagination }> {
  const { rows, total } = await repo.listJobs(
    deps.db,
    {
      q: query.q,
      location: query.location,
      employmentType: query.employmentType,
      isRemote: query.isRemote,
      tag: query.tag,
      acceptingAt: deps.clock(),
    },
    query.page,
    query.pageSize,
  );
  return { data: await toJobs(deps, rows), pagination: makePagination(query.page, query.pageSize, total) };
}

/**
 * An inactive job is hidden from the public but stays readable for its owner, administrators and
 * the people who applied to it, so an applicant can still see what they applied for.
 */
export async function getJob(deps: JobsDeps, viewer: AuthUser | null, id: string): Promise<Job> {
  const row = await repo.findJobWithOwner(deps.db, id);
  if (!row) throw notFound(JOBS_TEXT.jobNotFound);
  const visible =
    (row.job.isActive && (!row.job.hiddenAt || isAdmin(viewer))) ||
    canManageJob(row.job, viewer) ||
    (!!viewer && (await deps.applications.hasApplied(id, viewer.id)));
  if (!visible) throw notFound(JOBS_TEXT.jobNotFound);
  const [job] = await toJobs(deps, [row]);
  return job!;
}

function assertFutureClosing(closesAt: string | null | undefined, now: Date): Date | null | undefined {
  if (closesAt === undefined || closesAt === null) return closesAt;
  const date = new Date(closesAt);
  if (date.getTime() <= now.getTime())
    throw badRequest(JOBS_TEXT.closesAtPast, [{ path: 'body.closesAt', message: JOBS_TEXT.closesAtPast }]);
  return date;
}

export async function createJob(deps: JobsDeps, viewer: AuthUser, body: CreateJobInput): Promise<Job> {
  if (viewer.role !== 'admin' && !(await repo.isUserVerified(deps.db, viewer.id))) {
    throw forbidden(JOBS_TEXT.verifyToPost);
  }
  rejectBlockedJob(deps, body);
  const now = deps.clock();
  const closesAt = assertFutureClosing(body.closesAt, now) ?? null;
  const row = await repo.insertJob(deps.db, {
    ownerId: viewer.id,
    title: body.title,
    company: body.company,
    location: body.location,
    employmentType: body.employmentType,
    isRemote: body.isRemote ?? false,
    salaryMin: body.salaryMin ?? null,
    salaryMax: body.salaryMax ?? null,
    currency: body.currency ?? 'USD',
    description: body.description,
    requirements: body.requirements ?? [],
    tags: body.tags ?? [],
    isActive: body.isActive ?? true,
    closesAt,
    createdAt: now,
    updatedAt: now,
  });
  return loadJob(deps, row.id);
}

/** The job, if the viewer may manage it: 404 when it does not exist, 403 when it is not theirs. */
export async function requireManageableJob(deps: Pick<JobsDeps, 'db'>, viewer: AuthUser, id: string): Promise<JobRow> {
  const job = await repo.findJob(deps.db, id);
  if (!job) throw notFound(JOBS_TEXT.jobNotFound);
  if (!canManageJob(job, viewer)) throw forbidden(JOBS_TEXT.notJobOwner);
  return job;
}

/** The few facts about a job that applying and reviewing need. */
export async function findJobRef(db: Db, id: string): Promise<JobRow | undefined> {
  return repo.findJob(db, id);
}

export async function updateJob(deps: JobsDeps, viewer: AuthUser, id: string, body: UpdateJobInput): Promise<Job> {
  const current = await repo.findJob(deps.db, id);
  if (!current || (!current.isActive && !canManageJob(current, viewer))) throw notFound(JOBS_TEXT.jobNotFound);
  if (!canManageJob(current, viewer)) throw forbidden(JOBS_TEXT.notJobOwner);
  rejectBlockedJob(deps, body);

  const salaryMin = body.salaryMin === undefined ? current.salaryMin : body.salaryMin;
  const salaryMax = body.salaryMax === undefined ? current.salaryMax : body.salaryMax;
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) {
    throw badRequest(JOBS_TEXT.salaryRange, [{ path: 'body.salaryMax', message: JOBS_TEXT.salaryRange }]);
  }
  const now = deps.clock();
  // An edit form sends the stored closing date back unchanged; only a new date has to lie ahead.
  let closesAt: Date | null | undefined =
    body.closesAt === undefined || body.closesAt === null ? body.closesAt : new Date(body.closesAt);
  if (closesAt && closesAt.getTime() !== current.closesAt?.getTime())
    closesAt = assertFutureClosing(body.closesAt, now);

  await repo.updateJob(deps.db, id, {
    title: body.title,
    company: body.company,
    location: body.location,
    employmentType: body.employmentType,
    isRemote: body.isRemote,
    salaryMin: body.salaryMin,
    salaryMax: body.salaryMax,
    currency: body.currency,
    description: body.description,
    requirements: body.requirements,
    tags: body.tags,
    isActive: body.isActive,
    closesAt,
    updatedAt: now,
  });
  return loadJob(deps, id);
}

export async function deleteJob(deps: JobsDeps, viewer: AuthUser, id: string): Promise<void> {
  const current = await repo.findJob(deps.db, id);
  if (!current || (!current.isActive && !canManageJob(current, viewer))) throw notFound(JOBS_TEXT.jobNotFound);
  if (!canManageJob(current, viewer)) throw forbidden(JOBS_TEXT.notJobOwner);
  const cleanUp = await deps.applications.prepareJobRemoval(id);
  if (!(await repo.deleteJob(deps.db, id))) throw notFound(JOBS_TEXT.jobNotFound);
  await cleanUp();
}

/** Moderation: hides (at a time) or shows (null) a job; false when there is no such job. */
export async function setJobHidden(db: Db, id: string, at: Date | null): Promise<boolean> {
  return (await repo.updateJob(db, id, { hiddenAt: at })) !== undefined;
}
