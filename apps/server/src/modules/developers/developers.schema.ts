import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0022: personal API keys, stored as the SHA-256 of the key. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_keys_token_hash_key').on(t.tokenHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Mirrors migrations/0022: requests per bucket (an API key) and fixed window. */
export const apiKeyHits = pgTable(
  'api_key_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
