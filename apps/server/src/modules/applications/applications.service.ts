import {
  JOBS_TEXT,
  makePagination,
  type Application,
  type ApplicationStats,
  type ApplicationStatus,
  type ApplicationStatusCounts,
  type ApplicationsQuery,
  type OwnerApplicationStatus,
  type Pagination,
  type createApplicationBody,
  type updateApplicationBody,
} from '@atelier/shared';
import type { z } from 'zod';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import type { ActivityEvent } from '../../platform/module-hooks.js';
import type { ApplicationUpdatedPayload } from '@atelier/shared';
import { assertNotBlocked } from '../users/index.js';
import { type ApplicationsPort, findJobRef, isAcceptingApplications, requireManageableJob } from '../jobs/index.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';
import * as repo from './applications.repository.js';
import type { ResumeStore } from './resume-storage.js';

export interface ApplicationsDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  resumes: ResumeStore;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
  /** Tells an applicant's open tabs about a status change (the realtime server). */
  notify?: (userId: string, payload: ApplicationUpdatedPayload) => void;
  /** Tells a party's webhook endpoints (`application.updated`). */
  webhooks?: WebhookEmitter;
  /** Tells the other modules (notifications) of an application or a status change; never throws. */
  activity?: (event: ActivityEvent) => Promise<void>;
}

/** `application.updated` to one party of the application, once per status it reaches. */
async function announceUpdate(
  deps: ApplicationsDeps,
  userId: string,
  r: repo.ApplicationWithRefs,
  status: ApplicationStatus,
) {
  await deps.webhooks?.emit({
    userId,
    type: 'application.updated',
    key: `${r.app.id}:${status}:${deps.clock().getTime()}`,
    data: { applicationId: r.app.id, jobId: r.job.id, jobTitle: r.job.title, company: r.job.company, status },
  });
}

type CreateInput = z.output<typeof createApplicationBody>;
type UpdateInput = z.output<typeof updateApplicationBody>;
type Page<T> = { data: T[]; pagination: Pagination };

const isAdmin = (viewer: AuthUser) => viewer.role === 'admin';
const isApplicant = (row: repo.ApplicationWithRefs, viewer: AuthUser) => row.app.applicantId === viewer.id;
const isManager = (row: repo.ApplicationWithRefs, viewer: AuthUser) => isAdmin(viewer) || row.job.ownerId === viewer.id;

function toApplication(row: repo.ApplicationWithRefs): Application {
  const { app, job, applicant } = row;
  return {
    id: app.id,
    jobId: app.jobId,
    job: { id: job.id, title: job.title, company: job.company },
    applicant: { id: applicant.id, username: applicant.username, fullName: applicant.fullName },
    name: app.name,
    email: app.email,
    coverLetter: app.coverLetter,
    portfolioUrl: app.portfolioUrl,
    hasResume: app.hasResume,
    status: app.status,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What the jobs module is given so it can count applications and clean up after a job. */
export function applicationsPort(deps: Pick<ApplicationsDeps, 'db' | 'resumes'>): ApplicationsPort {
  return {
    countByJob: (jobIds) => repo.countByJob(deps.db, jobIds),
    hasApplied: (jobId, userId) => repo.hasApplied(deps.db, jobId, userId),
    async prepareJobRemoval(jobId) {
      const ids = await repo.resumeIdsOfJob(deps.db, jobId);
      return () => deps.resumes.remove(ids);
    },
  };
}

async function statusMail(
  deps: ApplicationsDeps,
  rows: repo.ApplicationWithRefs[],
  status: ApplicationStatus,
): Promise<void> {
  const verified = await repo.verifiedAccountEmails(deps.db, [...new Set(rows.map((r) => r.app.applicantId))]);
  const messages: MailMessage[] = rows.flatMap((r) => {
    const to = verified.get(r.app.applicantId);
    return to
      ? [
          {
            to,
            subject: JOBS_TEXT.statusChangedSubject(r.job.title, status),
            text:
              `Hello ${r.app.name},\n\n` +
              `Your application for ${r.job.title} at ${r.job.company} is now ${status}.\n\n` +
              `You can follow your applications at ${deps.publicUrl}/applications/mine\n`,
          },
        ]
      : [];
  });
  for (const r of rows) {
    deps.notify?.(r.app.applicantId, {
      applicationId: r.app.id,
      jobId: r.job.id,
      jobTitle: r.job.title,
      company: r.job.company,
      status,
    });
    await announceUpdate(deps, r.app.applicantId, r, status);
  }
  // The change is already saved; a mail server that is down must not turn it into an error.
  const results = await Promise.allSettled(messages.map((m) => deps.mailer.send(m)));
  results.forEach((r, i) => {
    if (r.status === 'rejected')
      deps.log.warn({ err: r.reason, to: messages[i]?.to }, 'application status mail failed');
  });
}

export async function createApplication(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  body: CreateInput,
  resume: Buffer | null,
): Promise<Application> {
  const job = await findJobRef(deps.db, body.jobId);
  if (!job) throw notFound(JOBS_TEXT.jobNotFound);
  if (job.ownerId === viewer.id) throw badRequest(JOBS_TEXT.ownJob);
  if (job.hiddenAt && viewer.role !== 'admin') throw notFound(JOBS_TEXT.jobNotFound);
  await assertNotBlocked(deps.db, viewer.id, job.ownerId);
  const now = deps.clock();
  if (!isAcceptingApplications(job, now)) throw conflict(JOBS_TEXT.notAccepting);
  if (await repo.hasApplied(deps.db, job.id, viewer.id)) throw conflict(JOBS_TEXT.alreadyApplied);

  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const row = await repo.insertApplication(tx, {
        jobId: job.id,
        applicantId: viewer.id,
        name: body.name,
        email: body.email,
        coverLetter: body.coverLetter ?? '',
        portfolioUrl: body.portfolioUrl ?? null,
        hasResume: resume !== null,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      // Written inside the transaction: if the file cannot be stored, the application is not either.
      if (resume) await deps.resumes.save(row.id, resume);
      return row.id;
    });
  } catch (err) {
    // Two submits at the same moment: the unique index lets only one through.
    if (isUniqueViolation(err)) throw conflict(JOBS_TEXT.alreadyApplied);
    throw err;
  }
  await deps.activity?.({ type: 'application', actorId: viewer.id, applicationId: id, jobId: job.id });
  return toApplication((await repo.findApplication(deps.db, id))!);
}

/** Applicant, job owner or admin; anyone else is told it does not exist. */
async function visibleApplication(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  id: string,
): Promise<repo.ApplicationWithRefs> {
  const row = await repo.findApplication(deps.db, id);
  if (!row || !(isApplicant(row, viewer) || isManager(row, viewer))) throw notFound(JOBS_TEXT.applicationNotFound);
  return row;
}

export async function getApplication(deps: ApplicationsDeps, viewer: AuthUser, id: string): Promise<Application> {
  return toApplication(await visibleApplication(deps, viewer, id));
}

export async function openResume(deps: ApplicationsDeps, viewer: AuthUser, id: string) {
  const row = await visibleApplication(deps, viewer, id);
  const pdf = row.app.hasResume ? await deps.resumes.open(id) : null;
  if (!pdf) throw notFound(JOBS_TEXT.noResume);
  return { pdf, fileName: `resume-${row.app.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || id}.pdf` };
}

export async function listApplications(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  query: ApplicationsQuery,
): Promise<Page<Application>> {
  const filters: repo.ApplicationFilters = { status: query.status };
  if (query.jobId) {
    try {
      await requireManageableJob(deps, viewer, query.jobId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 403) throw forbidden(JOBS_TEXT.viewJobApplications);
      throw err;
    }
    filters.jobId = query.jobId;
  } else if (!isAdmin(viewer)) {
    filters.applicantId = viewer.id;
  }
  const { rows, total } = await repo.listApplications(deps.db, filters, query.page, query.pageSize);
  return { data: rows.map(toApplication), pagination: makePagination(query.page, query.pageSize, total) };
}

export async function listApplicationsByEmail(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  email: string,
  page: number,
  pageSize: number,
): Promise<Page<Application>> {
  let filters: repo.ApplicationFilters;
  if (isAdmin(viewer)) {
    filters = { applicantEmail: email };
  } else {
    const own = await repo.userEmail(deps.db, viewer.id);
    if (!own || own.toLowerCase() !== email.toLowerCase()) throw forbidden(JOBS_TEXT.viewOtherUser);
    filters = { applicantId: viewer.id };
  }
  const { rows, total } = await repo.listApplications(deps.db, filters, page, pageSize);
  return { data: rows.map(toApplication), pagination: makePagination(page, pageSize, total) };
}

export async function updateApplication(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  id: string,
  body: UpdateInput,
): Promise<Application> {
  const row = await visibleApplication(deps, viewer, id);
  const applicant = isApplicant(row, viewer);
  const manager = isManager(row, viewer);

  const editsText = body.coverLetter !== undefined || body.portfolioUrl !== undefined;
  if (editsText) {
    if (!applicant) throw forbidden(JOBS_TEXT.onlyApplicantEdits);
    if (row.app.status !== 'pending') throw conflict(JOBS_TEXT.editOnlyPending);
  }
  if (body.status !== undefined) {
    if (body.status === 'withdrawn') {
      if (!applicant) throw forbidden(JOBS_TEXT.onlyApplicantWithdraws);
    } else {
      if (!manager) throw forbidden(JOBS_TEXT.onlyOwnerSetsStatus);
      if (row.app.status === 'withdrawn') throw conflict(JOBS_TEXT.withdrawnIsFinal);
    }
  }

  const isStatusChange = body.status !== undefined && body.status !== row.app.status;
  await repo.updateApplication(deps.db, id, {
    status: body.status,
    coverLetter: body.coverLetter,
    portfolioUrl: body.portfolioUrl,
    updatedAt: deps.clock(),
  });
  const updated = (await repo.findApplication(deps.db, id))!;
  // The applicant knows what they did themselves; everyone else's change is news to them.
  if (isStatusChange && viewer.id !== row.app.applicantId) {
    await statusMail(deps, [updated], updated.app.status);
    await deps.activity?.({ type: 'application-status', applicationId: id, status: updated.app.status });
  }
  // A withdrawal is news to the job's owner.
  else if (isStatusChange && updated.job.ownerId !== viewer.id)
    await announceUpdate(deps, updated.job.ownerId, updated, updated.app.status);
  return toApplication(updated);
}

/**
 * All or nothing: every id must exist and be the caller's to change, or nothing changes and the
 * reply names the ids that stood in the way.
 */
export async function bulkUpdateStatus(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  ids: string[],
  status: OwnerApplicationStatus,
): Promise<{ updated: number; status: OwnerApplicationStatus }> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  const now = deps.clock();
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await repo.lockApplications(tx, unique);
    const found = new Set(rows.map((r) => r.app.id));
    const missing = unique.filter((i) => !found.has(i));
    if (missing.length) {
      throw new AppError(
        404,
        `Applications not found: ${missing.join(', ')}`,
        'NOT_FOUND',
        missing.map((i) => ({ path: 'body.ids', message: i })),
      );
    }
    const notYours = rows.filter((r) => !isManager(r, viewer)).map((r) => r.app.id);
    if (notYours.length) {
      throw new AppError(
        403,
        `You cannot change these applications: ${notYours.join(', ')}`,
        'FORBIDDEN',
        notYours.map((i) => ({ path: 'body.ids', message: i })),
      );
    }
    const withdrawn = rows.filter((r) => r.app.status === 'withdrawn').map((r) => r.app.id);
    if (withdrawn.length) {
      throw new AppError(
        409,
        `Withdrawn applications can no longer change: ${withdrawn.join(', ')}`,
        'CONFLICT',
        withdrawn.map((i) => ({ path: 'body.ids', message: i })),
      );
    }
    await repo.setStatus(tx, unique, status, now);
    return rows.filter((r) => r.app.status !== status);
  });
  const toTell = changed.filter((r) => r.app.applicantId !== viewer.id);
  await statusMail(deps, toTell, status);
  for (const r of toTell) await deps.activity?.({ type: 'application-status', applicationId: r.app.id, status });
  return { updated: unique.length, status };
}

export async function deleteApplication(deps: ApplicationsDeps, viewer: AuthUser, id: string): Promise<void> {
  const row = await visibleApplication(deps, viewer, id);
  if (!isApplicant(row, viewer) && !isAdmin(viewer)) throw forbidden(JOBS_TEXT.onlyApplicantDeletes);
  if (!(await repo.deleteApplication(deps.db, id))) throw notFound(JOBS_TEXT.applicationNotFound);
  if (row.app.hasResume) await deps.resumes.remove([id]);
}

export async function jobStats(
  deps: ApplicationsDeps,
  viewer: AuthUser,
  jobId: string,
): Promise<ApplicationStatusCounts> {
  await requireManageableJob(deps, viewer, jobId);
  return repo.statusCounts(deps.db, { jobId });
}

export async function myStats(deps: ApplicationsDeps, viewer: AuthUser): Promise<ApplicationStats> {
  const [asApplicant, asOwner, global] = await Promise.all([
    repo.statusCounts(deps.db, { applicantId: viewer.id }),
    repo.statusCounts(deps.db, { jobOwnerId: viewer.id }),
    isAdmin(viewer) ? repo.statusCounts(deps.db, 'all') : undefined,
  ]);
  return global ? { asApplicant, asOwner, global } : { asApplicant, asOwner };
}
