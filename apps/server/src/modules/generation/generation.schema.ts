import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import type { ContentRow } from '../content/content.schema.js';

/** Mirrors migrations/0017_generation_webhooks.sql. */
export const generationWebhookDeliveries = pgTable(
  'generation_webhook_deliveries',
  {
    vendor: text('vendor').notNull(),
    deliveryId: text('delivery_id').notNull(),
    jobId: text('job_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'generation_webhook_deliveries_pkey', columns: [t.vendor, t.deliveryId] }),
    index('generation_webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);

/** Mirrors migrations/0029_generation_batches.sql: the candidates of one generate request (its items name it). */
export const generationBatches = pgTable(
  'generation_batches',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemCount: integer('item_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('generation_batches_user_idx').on(t.userId),
    check('generation_batches_item_count_check', sql`${t.itemCount} BETWEEN 1 AND 4`),
  ],
);

/**
 * The run columns of content's `content` table: what a generation run writes, and only generation's
 * runs repository (generation-runs.repository.ts) sets them in an UPDATE. The table stays content's
 * (content.schema.ts defines it, content inserts the requested item with their starting values, and
 * uploads insert finished items), but after an item is made no other code changes these columns.
 * `updated_at` is not one: each writer stamps its own changes. An item's rating is content's; a run
 * whose vendor flagged its result asks content to lock the rating mature (`lockRatingMature`).
 * `apps/server/test/table-owners.test.ts` holds both sides of this to the code.
 */
export const RUN_COLUMNS = [
  'status',
  'progress',
  'runId',
  'attempts',
  'jobId',
  'enqueuedAt',
  'startedAt',
  'heartbeatAt',
  'failureReason',
  'completedAt',
  'refunded',
  // What a finished run stores.
  'width',
  'height',
  'durationMs',
  'mediaKey',
  'previewKey',
  'thumbnailKey',
  'posterKey',
  'tileKey',
  'mimeType',
] as const satisfies readonly (keyof ContentRow)[];

export type RunColumn = (typeof RUN_COLUMNS)[number];
