import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

/*
 * Mirrors migrations/0025_dashboard_rollups.sql. Triggers on content, credit_ledger and users write
 * these tables (drizzle has no triggers); dashboards-rollups.repository.ts reads and folds them. No other
 * module reads them.
 */

const count = (name: string) => bigint(name, { mode: 'number' }).notNull();

const contentDayColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  contentType: text('content_type').notNull(),
  model: text('model').notNull(),
  status: text('status').notNull(),
  items: count('items'),
  refunds: count('refunds'),
  charged: count('charged'),
  likes: count('likes'),
  comments: count('comments'),
  plays: count('plays'),
});

/** Content per UTC day of creation, by type, model and status, as folded. */
export const contentDaily = pgTable('content_daily', contentDayColumns(), (t) => [
  primaryKey({ name: 'content_daily_pkey', columns: [t.day, t.contentType, t.model, t.status] }),
]);

/** Signed changes to contentDaily not folded yet; readers add them. */
export const contentDailyChanges = pgTable('content_daily_changes', contentDayColumns());

const ledgerDayColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  kind: text('kind').notNull(),
  entries: count('entries'),
  total: count('total'),
});

/** Ledger entries and their sum per UTC day and kind, as folded. */
export const ledgerDaily = pgTable('ledger_daily', ledgerDayColumns(), (t) => [
  primaryKey({ name: 'ledger_daily_pkey', columns: [t.day, t.kind] }),
]);

export const ledgerDailyChanges = pgTable('ledger_daily_changes', ledgerDayColumns());

/**
 * Weeks (Monday, UTC) in which a person created content, up to 8 weeks after their signup week,
 * with their signup and the week's first item made after it.
 */
export const userActivityWeeks = pgTable(
  'user_activity_weeks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    signupWeek: date('signup_week', { mode: 'string' }).notNull(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true, mode: 'date' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'user_activity_weeks_pkey', columns: [t.userId, t.week] }),
    index('user_activity_weeks_signup_idx').on(t.signedUpAt),
    index('user_activity_weeks_first_weeks_idx')
      .on(t.signedUpAt, t.userId, t.firstAt)
      .where(sql`${t.week} - ${t.signupWeek} <= 7`),
  ],
);

const cohortDayColumns = () => ({
  signupDay: date('signup_day', { mode: 'string' }).notNull(),
  k: smallint('k').notNull(),
  users: count('users'),
});

/** People who signed up on a day and were active k weeks after their signup week, as folded. */
export const cohortDaily = pgTable('cohort_daily', cohortDayColumns(), (t) => [
  primaryKey({ name: 'cohort_daily_pkey', columns: [t.signupDay, t.k] }),
]);

export const cohortDailyChanges = pgTable('cohort_daily_changes', cohortDayColumns());

const usersDayColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  role: text('role').notNull(),
  isVerified: boolean('is_verified').notNull(),
  isDeleted: boolean('is_deleted').notNull(),
  users: count('users'),
});

/** Accounts per UTC day of signup, by role, verification and deletion, as folded. */
export const usersDaily = pgTable('users_daily', usersDayColumns(), (t) => [
  primaryKey({ name: 'users_daily_pkey', columns: [t.day, t.role, t.isVerified, t.isDeleted] }),
]);

export const usersDailyChanges = pgTable('users_daily_changes', usersDayColumns());
