import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EMPLOYMENT_TYPES } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';

/** Mirrors migrations/0004_jobs.sql. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    company: text('company').notNull(),
    location: text('location').notNull(),
    employmentType: text('employment_type', { enum: EMPLOYMENT_TYPES }).notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull(),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    isActive: boolean('is_active').notNull().default(true),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    /** Hidden by a moderator (migrations/0030): off the public board, still there for its owner. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_owner_idx').on(t.ownerId, desc(t.createdAt)),
    index('jobs_active_idx').on(t.isActive, desc(t.createdAt)),
    index('jobs_tags_idx').using('gin', t.tags),
    check('jobs_employment_type_check', oneOf(t.employmentType, EMPLOYMENT_TYPES)),
    check('jobs_salary_min_check', sql`${t.salaryMin} >= 0`),
    check('jobs_salary_max_check', sql`${t.salaryMax} >= 0`),
    check(
      'jobs_salary_range',
      sql`${t.salaryMin} IS NULL OR ${t.salaryMax} IS NULL OR ${t.salaryMin} <= ${t.salaryMax}`,
    ),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
