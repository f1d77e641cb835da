import { z } from 'zod';
import { pagination, paginationQuery } from '../schemas/common.js';
import {
  activeJobsQuery,
  applicationSchema,
  applicationStatsSchema,
  applicationStatusCounts,
  applicationsByEmailParams,
  applicationsQuery,
  bulkUpdateApplicationsBody,
  createJobBody,
  jobSchema,
  jobsQuery,
  updateApplicationBody,
  updateJobBody,
} from '../schemas/jobs.js';
import { contract } from './contract.js';
import { applicationsEndpoints as a, jobsEndpoints as j } from './jobs.endpoints.js';

const jobIdParams = z.object({ id: z.uuid({ error: 'Job id must be a valid id' }) });
const jobPage = z.object({ data: z.array(jobSchema), pagination });
const jobReply = z.object({ data: jobSchema, message: z.string() });
const deleted = z.object({ data: z.null(), message: z.string() });

export const jobsContracts = {
  list: contract(j.list, {
    tags: ['jobs'],
    summary: 'Jobs with filters; inactive jobs only for their owner and admins; owner=me for your own',
    query: jobsQuery,
    reply: { 200: jobPage },
  }),
  active: contract(j.active, {
    tags: ['jobs'],
    summary: 'Jobs that accept applications now (active, not past their closing date)',
    query: activeJobsQuery,
    reply: { 200: jobPage },
  }),
  get: contract(j.get, { tags: ['jobs'], summary: 'One job', params: jobIdParams, reply: { 200: z.object({ data: jobSchema }) } }),
  create: contract(j.create, {
    tags: ['jobs'],
    summary: 'Post a job (verified users and admins); salaries are whole currency units',
    body: createJobBody,
    reply: { 201: jobReply },
  }),
  update: contract(j.update, {
    tags: ['jobs'],
    summary: 'Change a job (its owner or an admin); send only the fields that change',
    params: jobIdParams,
    body: updateJobBody,
    reply: { 200: jobReply },
  }),
  remove: contract(j.remove, {
    tags: ['jobs'],
    summary: 'Delete a job and its applications (its owner or an admin)',
    params: jobIdParams,
    reply: { 200: deleted },
  }),
  stats: contract(j.stats, {
    tags: ['jobs'],
    summary: "Counts of a job's applications by status (its owner or an admin)",
    params: jobIdParams,
    reply: { 200: z.object({ data: applicationStatusCounts }) },
  }),
} as const;

const applicationIdParams = z.object({ id: z.uuid({ error: 'Application id must be a valid id' }) });
const applicationPage = z.object({ data: z.array(applicationSchema), pagination });
const applicationReply = z.object({ data: applicationSchema, message: z.string() });

export const applicationsContracts = {
  list: contract(a.list, {
    tags: ['applications'],
    summary: "With jobId: that job's applications (its owner or an admin). Without: your own (admins: all)",
    query: applicationsQuery,
    reply: { 200: applicationPage },
  }),
  stats: contract(a.stats, {
    tags: ['applications'],
    summary: 'Counts by status of the applications you made and those on your jobs (admins: also all)',
    reply: { 200: z.object({ data: applicationStatsSchema }) },
  }),
  byEmail: contract(a.byEmail, {
    tags: ['applications'],
    summary: "The applications of the account with this email: your own, or anyone's for admins",
    params: applicationsByEmailParams,
    query: paginationQuery,
    reply: { 200: applicationPage },
  }),
  get: contract(a.get, {
    tags: ['applications'],
    summary: 'One application (its applicant, the job owner or an admin)',
    params: applicationIdParams,
    reply: { 200: z.object({ data: applicationSchema }) },
  }),
  resume: contract(a.resume, {
    tags: ['applications'],
    summary: "The application's résumé PDF (its applicant, the job owner or an admin)",
    params: applicationIdParams,
    reply: {},
    file: { mimeType: 'application/pdf', description: 'The résumé' },
  }),
  create: contract(a.create, {
    tags: ['applications'],
    summary: 'Apply to a job',
    description:
      'JSON {jobId, name, email, coverLetter?, portfolioUrl?}, or multipart/form-data with the same fields and an optional `resume` PDF (at most 5 MB, checked by its content).',
    consumes: ['application/json', 'multipart/form-data'],
    reply: { 201: applicationReply },
  }),
  update: contract(a.update, {
    tags: ['applications'],
    summary: 'Change an application: the job owner sets its status; the applicant withdraws or edits it while pending',
    params: applicationIdParams,
    body: updateApplicationBody,
    reply: { 200: applicationReply },
  }),
  bulkUpdate: contract(a.bulkUpdate, {
    tags: ['applications'],
    summary: 'Set one status on many applications at once; all of them change or none does',
    body: bulkUpdateApplicationsBody,
    reply: {
      200: z.object({ data: z.object({ updated: z.number().int(), status: z.string() }), message: z.string() }),
    },
  }),
  remove: contract(a.remove, {
    tags: ['applications'],
    summary: 'Delete an application (its applicant or an admin)',
    params: applicationIdParams,
    reply: { 200: deleted },
  }),
} as const;
