import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, type LedgerKind } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';

/** Mirrors migrations/0003_credits_content.sql. Rows are only ever inserted. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reason: text('reason'),
    reference: text('reference'),
    contentId: uuid('content_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    index('credit_ledger_user_seq_idx').on(t.userId, desc(t.seq)),
    index('credit_ledger_content_idx').on(t.contentId),
    index('credit_ledger_created_kind_idx').on(t.createdAt, t.kind),
    index('credit_ledger_actor_idx')
      .on(t.actorId, desc(t.createdAt))
      .where(sql`${t.actorId} IS NOT NULL`),
    check('credit_ledger_delta_check', sql`${t.delta} <> 0`),
    check('credit_ledger_kind_check', oneOf(t.kind, LEDGER_KINDS)),
    check('credit_ledger_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

export type LedgerRow = typeof creditLedger.$inferSelect;
