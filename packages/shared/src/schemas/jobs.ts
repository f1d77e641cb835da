import { z } from 'zod';
import { paginationQuery } from './common.js';

/** Jobs and applications (spec §3, §4, §7 and DESIGN.md §8 "Jobs"). */

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'freelance', 'internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  freelance: 'Freelance',
  internship: 'Internship',
};

export const APPLICATION_STATUSES = [
  'pending',
  'reviewed',
  'shortlisted',
  'interview',
  'offered',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Withdrawing is the applicant's own act; a job's owner moves an application through the rest. */
export const OWNER_APPLICATION_STATUSES = APPLICATION_STATUSES.filter(
  (s): s is Exclude<ApplicationStatus, 'withdrawn'> => s !== 'withdrawn',
);
export type OwnerApplicationStatus = Exclude<ApplicationStatus, 'withdrawn'>;

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offered: 'Offered',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** Salaries are whole currency units (e.g. 85000 USD), not minor units. */
export const JOB_LIMITS = {
  titleMax: 150,
  companyMax: 150,
  locationMax: 150,
  descriptionMax: 10_000,
  requirementMax: 300,
  requirementsMax: 30,
  tagMax: 40,
  tagsMax: 15,
  salaryMax: 100_000_000,
  nameMax: 100,
  coverLetterMax: 5000,
  portfolioUrlMax: 500,
  queryMax: 200,
  resumeMaxBytes: 5 * 1024 * 1024,
  bulkMaxIds: 200,
} as const;

/** Texts of the jobs area that the spec leaves to us (its own texts are in MSG.jobs / MSG.applications). */
export const JOBS_TEXT = {
  verifyToPost: 'Please verify your email before posting jobs',
  jobNotFound: 'Job not found',
  notJobOwner: 'Only the job owner or an administrator can do that',
  salaryRange: 'Minimum salary cannot be greater than maximum salary',
  closesAtPast: 'The closing date must be in the future',
  applicationNotFound: 'Application not found',
  alreadyApplied: 'You have already applied to this job',
  notAccepting: 'This job is no longer accepting applications',
  ownJob: 'You cannot apply to your own job',
  resumeNotPdf: 'Résumé must be a PDF',
  resumeTooLarge: 'Résumé must be 5MB or smaller',
  noResume: 'This application has no résumé',
  viewJobApplications: 'Only the job owner or an administrator can see its applications',
  viewOtherUser: 'You can only see your own applications',
  onlyApplicantWithdraws: 'Only the applicant can withdraw an application',
  onlyOwnerSetsStatus: 'Only the job owner or an administrator can change the status',
  onlyApplicantEdits: 'Only the applicant can edit the cover letter or portfolio URL',
  editOnlyPending: 'You can only edit an application while it is pending',
  withdrawnIsFinal: 'This application was withdrawn and can no longer change',
  onlyApplicantDeletes: 'Only the applicant or an administrator can delete an application',
  nothingToUpdate: 'Nothing to update',
  statusChangedSubject: (title: string, status: ApplicationStatus) => `Your application for ${title} is now ${status}`,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const salary = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(JOB_LIMITS.salaryMax, `${label} is too large`);

const isoDateTime = z.iso.datetime({ offset: true, error: 'Closing date must be an ISO date and time' });

const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The fields a poster sends; create requires the core ones, update takes any subset. */
const jobFields = z.object({
  title: requiredText('Title', JOB_LIMITS.titleMax),
  company: requiredText('Company', JOB_LIMITS.companyMax),
  location: requiredText('Location', JOB_LIMITS.locationMax),
  employmentType: z.enum(EMPLOYMENT_TYPES, {
    error: `Employment type must be one of ${EMPLOYMENT_TYPES.join(', ')}`,
  }),
  isRemote: z.boolean({ error: 'isRemote must be true or false' }),
  salaryMin: salary('Minimum salary').nullable(),
  salaryMax: salary('Maximum salary').nullable(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code such as USD'),
  description: requiredText('Description', JOB_LIMITS.descriptionMax),
  requirements: z
    .array(requiredText('Each requirement', JOB_LIMITS.requirementMax), {
      error: 'Requirements must be a list of texts',
    })
    .max(JOB_LIMITS.requirementsMax, `At most ${JOB_LIMITS.requirementsMax} requirements`),
  tags: z
    .array(requiredText('Each tag', JOB_LIMITS.tagMax).toLowerCase(), { error: 'Tags must be a list of texts' })
    .max(JOB_LIMITS.tagsMax, `At most ${JOB_LIMITS.tagsMax} tags`)
    .transform((tags) => [...new Set(tags)]),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  closesAt: isoDateTime.nullable(),
});

const salaryOrdered = (v: { salaryMin?: number | null; salaryMax?: number | null }) =>
  v.salaryMin == null || v.salaryMax == null || v.salaryMin <= v.salaryMax;

export const createJobBody = jobFields
  .partial({
    isRemote: true,
    salaryMin: true,
    salaryMax: true,
    currency: true,
    requirements: true,
    tags: true,
    isActive: true,
    closesAt: true,
  })
  .refine(salaryOrdered, { message: JOBS_TEXT.salaryRange, path: ['salaryMax'] });
export type CreateJobBody = z.input<typeof createJobBody>;

export const updateJobBody = jobFields
  .partial()
  .refine(salaryOrdered, { message: JOBS_TEXT.salaryRange, path: ['salaryMax'] })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: JOBS_TEXT.nothingToUpdate });
export type UpdateJobBody = z.input<typeof updateJobBody>;

const boolQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Search text must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const jobFilters = {
  q: optionalQueryText(JOB_LIMITS.queryMax),
  location: optionalQueryText(JOB_LIMITS.locationMax),
  employmentType: z
    .enum(EMPLOYMENT_TYPES, { error: `Employment type must be one of ${EMPLOYMENT_TYPES.join(', ')}` })
    .optional(),
  isRemote: boolQuery('isRemote').optional(),
  tag: optionalQueryText(JOB_LIMITS.tagMax).transform((v) => v?.toLowerCase()),
};

export const jobsQuery = paginationQuery.extend({
  ...jobFilters,
  isActive: boolQuery('isActive').optional(),
  owner: z.literal('me', { error: "owner can only be 'me'" }).optional(),
});
export type JobsQuery = z.infer<typeof jobsQuery>;

export const activeJobsQuery = paginationQuery.extend(jobFilters);
export type ActiveJobsQuery = z.infer<typeof activeJobsQuery>;

export const jobPersonRef = z.object({ id: z.string(), username: z.string(), fullName: z.string() });
export type JobPersonRef = z.infer<typeof jobPersonRef>;

export const jobSchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  isRemote: z.boolean(),
  salaryMin: z.number().int().nullable(),
  salaryMax: z.number().int().nullable(),
  currency: z.string(),
  description: z.string(),
  requirements: z.array(z.string()),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  closesAt: z.string().nullable(),
  /** Active and not past its closing date. */
  isAcceptingApplications: z.boolean(),
  owner: jobPersonRef,
  applicationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const applicationStatusCounts = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(APPLICATION_STATUSES), z.number().int()),
});
export type ApplicationStatusCounts = z.infer<typeof applicationStatusCounts>;

export const applicationStatsSchema = z.object({
  asApplicant: applicationStatusCounts,
  asOwner: applicationStatusCounts,
  /** Every application on the platform; only for administrators. */
  global: applicationStatusCounts.optional(),
});
export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  job: z.object({ id: z.string(), title: z.string(), company: z.string() }),
  applicant: jobPersonRef,
  name: z.string(),
  email: z.string(),
  coverLetter: z.string(),
  portfolioUrl: z.string().nullable(),
  hasResume: z.boolean(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

const coverLetter = z
  .string({ error: 'Cover letter must be text' })
  .trim()
  .max(JOB_LIMITS.coverLetterMax, `Cover letter must be at most ${JOB_LIMITS.coverLetterMax} characters`);

/** An empty field means "no portfolio". */
const portfolioUrl = z
  .string({ error: 'Portfolio URL must be text' })
  .trim()
  .max(JOB_LIMITS.portfolioUrlMax, `Portfolio URL must be at most ${JOB_LIMITS.portfolioUrlMax} characters`)
  .refine((v) => v === '' || isHttpUrl(v), 'Portfolio URL must be a valid http(s) URL')
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** JSON, or the text fields of a multipart form that may also carry a `resume` PDF. */
export const createApplicationBody = z.object({
  jobId: z.uuid({ error: 'Please choose a valid job' }),
  name: requiredText('Name', JOB_LIMITS.nameMax),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  coverLetter: coverLetter.optional(),
  portfolioUrl: portfolioUrl.optional(),
});
export type CreateApplicationBody = z.input<typeof createApplicationBody>;

export const updateApplicationBody = z
  .object({
    status: z
      .enum(APPLICATION_STATUSES, { error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}` })
      .optional(),
    coverLetter: coverLetter.optional(),
    portfolioUrl: portfolioUrl.optional(),
  })
  .refine((v) => v.status !== undefined || v.coverLetter !== undefined || v.portfolioUrl !== undefined, {
    message: JOBS_TEXT.nothingToUpdate,
  });
export type UpdateApplicationBody = z.input<typeof updateApplicationBody>;

export const bulkUpdateApplicationsBody = z.object({
  ids: z
    .array(z.uuid({ error: 'Every id must be an application id' }), { error: 'ids must be a list of application ids' })
    .min(1, 'Select at least one application')
    .max(JOB_LIMITS.bulkMaxIds, `At most ${JOB_LIMITS.bulkMaxIds} applications at a time`),
  status: z.enum(OWNER_APPLICATION_STATUSES, {
    error: `Status must be one of ${OWNER_APPLICATION_STATUSES.join(', ')}`,
  }),
});
export type BulkUpdateApplicationsBody = z.input<typeof bulkUpdateApplicationsBody>;

export const applicationsQuery = paginationQuery.extend({
  jobId: z.uuid({ error: 'jobId must be a job id' }).optional(),
  status: z
    .enum(APPLICATION_STATUSES, { error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}` })
    .optional(),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuery>;

export const applicationsByEmailParams = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address')),
});
