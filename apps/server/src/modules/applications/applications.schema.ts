import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';
import { jobs } from '../jobs/jobs.schema.js';

/** Mirrors migrations/0004_jobs.sql. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    coverLetter: text('cover_letter').notNull().default(''),
    portfolioUrl: text('portfolio_url'),
    hasResume: boolean('has_resume').notNull().default(false),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_job_applicant_key').on(t.jobId, t.applicantId),
    index('applications_applicant_idx').on(t.applicantId, desc(t.createdAt)),
    index('applications_job_status_idx').on(t.jobId, t.status),
    check('applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
