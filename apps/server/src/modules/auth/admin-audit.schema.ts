import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';

export const ADMIN_ACTIONS = ['role_change', 'api_key_revoke', 'report_action', 'suspend', 'unsuspend', 'set_rating'] as const;

/** Mirrors migrations/0009: administrative actions other than credit changes (those live in the ledger). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(desc(t.createdAt)),
    check('admin_audit_action_check', oneOf(t.action, ADMIN_ACTIONS)),
  ],
);
