import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@atelier/shared';
import { oneOf } from '../../platform/db/table-helpers.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The auth module owns the account row (`users`): sign-up, sign-in, verification, passwords, roles
 * and social ids all write it here. Other modules change it only through auth's face; the table
 * object itself leaves the module only as `usersTable`, for foreign keys and read-only joins.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    credits: integer('credits').notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    avatar: text('avatar'),
    bio: text('bio'),
    website: text('website'),
    location: text('location'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    settings: jsonb('settings')
      .$type<{ emailNotifications: boolean; marketingEmails: boolean; profileVisibility: 'public' | 'private'; theme: string | null; showMature?: boolean }>()
      .notNull()
      .default({ emailNotifications: true, marketingEmails: false, profileVisibility: 'public', theme: null }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Suspended by an admin from suspendedAt until suspendedUntil (null: until lifted); migrations/0030. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_facebook_id_key').on(t.facebookId),
    index('users_referred_by_idx').on(t.referredBy),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

/** One row per signed-in device; the refresh token is stored only as a hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_family_idx').on(t.familyId),
  ],
);

const CODE_PURPOSES = ['password_reset', 'email_verification', 'reset_token', 'account_deletion'] as const;

/** Reset, verification and reset-token codes: hashed, expiring, limited attempts, single use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('one_time_codes_purpose_check', oneOf(t.purpose, CODE_PURPOSES)),
  ],
);
