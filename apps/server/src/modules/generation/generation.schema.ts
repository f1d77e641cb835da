import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
