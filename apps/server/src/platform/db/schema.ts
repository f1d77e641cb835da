import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit and back-off counters (platform/http/counter-store.ts) when REDIS_URL is unset. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
