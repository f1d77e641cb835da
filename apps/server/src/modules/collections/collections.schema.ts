import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COLLECTION_ITEM_TYPES } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';
import { content } from '../content/content.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0006_people_collections.sql. */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('collections_user_created_idx').on(t.userId, desc(t.createdAt)),
    check('collections_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
  ],
);
export type CollectionRow = typeof collections.$inferSelect;

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<'content'>().notNull().default('content'),
    itemId: uuid('item_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ name: 'collection_items_pkey', columns: [t.collectionId, t.itemType, t.itemId] }),
    index('collection_items_item_idx').on(t.itemId),
    index('collection_items_collection_seq_idx').on(t.collectionId, desc(t.seq)),
    check('collection_items_item_type_check', oneOf(t.itemType, COLLECTION_ITEM_TYPES)),
  ],
);
