import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContentStatus, ContentType, EditOperation } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Options an edit was asked for, kept with the item so the worker needs nothing else. */
export interface EditParams {
  aspect?: string;
  colour?: string;
}

/** Mirrors migrations/0003_credits_content.sql. */
export const content = pgTable(
  'content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    prompt: text('prompt').notNull(),
    model: text('model').notNull(),
    contentType: text('content_type').$type<ContentType>().notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    isPrivate: boolean('is_private').notNull().default(false),
    seed: integer('seed').notNull(),
    strength: integer('strength').notNull().default(50),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    mediaKey: text('media_key'),
    previewKey: text('preview_key'),
    thumbnailKey: text('thumbnail_key'),
    posterKey: text('poster_key'),
    referenceKey: text('reference_key'),
    mimeType: text('mime_type'),
    cost: integer('cost').notNull(),
    charged: integer('charged').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    failureReason: text('failure_reason'),
    parentId: uuid('parent_id').references((): AnyPgColumn => content.id, { onDelete: 'set null' }),
    editOperation: text('edit_operation').$type<EditOperation>(),
    editParams: jsonb('edit_params').$type<EditParams>(),
    idempotencyKey: text('idempotency_key'),
    runId: uuid('run_id'),
    attempts: integer('attempts').notNull().default(0),
    jobId: text('job_id'),
    enqueuedAt: ts('enqueued_at'),
    startedAt: ts('started_at'),
    /** migrations/0021: the running worker's last sign of life (see sweepGenerations). */
    heartbeatAt: ts('heartbeat_at'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    /** migrations/0005: the gallery's category and tags (search_vector is kept by a trigger). */
    categoryId: uuid('category_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('content_user_idempotency_key').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('content_user_created_idx').on(t.userId, t.createdAt),
    index('content_parent_idx').on(t.parentId),
  ],
);

export type ContentRow = typeof content.$inferSelect;

/** Mirrors migrations/0005_community_content.sql. */
export const contentLikes = pgTable(
  'content_likes',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] })],
);

export const contentComments = pgTable('content_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentId: uuid('content_id')
    .notNull()
    .references(() => content.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  parentId: uuid('parent_id').references((): AnyPgColumn => contentComments.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type CommentRow = typeof contentComments.$inferSelect;

export const contentPlays = pgTable('content_plays', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  contentId: uuid('content_id')
    .notNull()
    .references(() => content.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
