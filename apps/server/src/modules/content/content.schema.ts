import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type AspectRatio,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  EDIT_OPERATIONS,
  type ContentStatus,
  type ContentType,
  type EditOperation,
  type ContentRating,
  CONTENT_RATINGS,
} from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';
import { categories } from '../categories/categories.schema.js';

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
    /** Hidden by a moderator (migrations/0030); read by content.visibility.ts. */
    hiddenAt: ts('hidden_at'),
    /** `general` or `mature` (migrations/0033); read by content.visibility.ts. */
    rating: text('rating').$type<ContentRating>().notNull().default('general'),
    /** migrations/0039: when a vendor's safety check rated it mature; its owner cannot lower it while set. */
    ratingLockedAt: ts('rating_locked_at'),
    seed: integer('seed').notNull(),
    strength: integer('strength').notNull().default(50),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    mediaKey: text('media_key'),
    previewKey: text('preview_key'),
    thumbnailKey: text('thumbnail_key'),
    posterKey: text('poster_key'),
    /** migrations/0037: a still that fits inside 640 px for tiles on 2× screens; null on older items. */
    tileKey: text('tile_key'),
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
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** migrations/0029: the shape and negative prompt asked for, and the batch (generation's row) it came in. */
    aspectRatio: text('aspect_ratio').$type<AspectRatio>(),
    negativePrompt: text('negative_prompt'),
    batchId: uuid('batch_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('content_user_idempotency_key').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('content_user_created_idx').on(t.userId, desc(t.createdAt)),
    index('content_public_created_idx')
      .on(desc(t.createdAt))
      .where(sql`${t.status} = 'ready' AND ${t.isPrivate} = false`),
    index('content_pending_idx').on(t.status, t.startedAt).where(sql`${t.status} IN ('queued', 'processing')`),
    index('content_parent_idx').on(t.parentId),
    index('content_tags_idx').using('gin', t.tags),
    index('content_category_idx').on(t.categoryId),
    index('content_status_private_created_idx').on(t.status, t.isPrivate, desc(t.createdAt), desc(t.id)),
    index('content_type_created_idx')
      .on(t.contentType, desc(t.createdAt))
      .where(sql`${t.status} = 'ready' AND ${t.isPrivate} = false`),
    /** migrations/0023: the popular gallery, page after page by cursor. */
    index('content_public_popular_idx')
      .on(sql`(${t.likeCount} + ${t.playCount}) DESC`, desc(t.createdAt), desc(t.id))
      .where(sql`${t.status} = 'ready' AND ${t.isPrivate} = false`),
    index('content_model_created_idx').on(t.model, t.createdAt),
    index('content_processing_heartbeat_idx').on(t.heartbeatAt).where(sql`${t.status} = 'processing'`),
    index('content_batch_idx').on(t.batchId).where(sql`${t.batchId} IS NOT NULL`),
    index('content_remixes_idx')
      .on(t.parentId, desc(t.createdAt))
      .where(sql`${t.parentId} IS NOT NULL AND ${t.editOperation} IS NULL AND ${t.status} = 'ready' AND ${t.isPrivate} = false`),
    check('content_aspect_ratio_check', sql`${t.aspectRatio} IS NULL OR ${t.aspectRatio} IN ('1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16')`),
    check('content_negative_prompt_check', sql`${t.negativePrompt} IS NULL OR char_length(${t.negativePrompt}) <= 500`),
    check('content_content_type_check', oneOf(t.contentType, CONTENT_TYPES)),
    check('content_status_check', oneOf(t.status, CONTENT_STATUSES)),
    check('content_rating_check', oneOf(t.rating, CONTENT_RATINGS)),
    check('content_rating_locked_check', sql`${t.ratingLockedAt} IS NULL OR ${t.rating} = 'mature'`),
    check('content_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
    check('content_strength_check', sql`${t.strength} BETWEEN 0 AND 100`),
    check('content_cost_check', sql`${t.cost} >= 0`),
    check('content_charged_check', sql`${t.charged} >= 0`),
    check('content_refunded_check', sql`${t.refunded} >= 0`),
    check('content_edit_operation_check', oneOf(t.editOperation, EDIT_OPERATIONS)),
    check('content_like_count_check', sql`${t.likeCount} >= 0`),
    check('content_comment_count_check', sql`${t.commentCount} >= 0`),
    check('content_play_count_check', sql`${t.playCount} >= 0`),
  ],
);

export type ContentRow = typeof content.$inferSelect;

/** Read only in SQL (ranking, matching); never mapped to a JS value. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Mirrors migrations/0027_content_search.sql: a narrow copy of the searchable items (ready and
 * public), kept by triggers on `content`, so search ranks and counts its matches without reading
 * whole content rows.
 */
export const contentSearch = pgTable(
  'content_search',
  {
    contentId: uuid('content_id')
      .primaryKey()
      .references(() => content.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<ContentType>().notNull(),
    createdAt: ts('created_at').notNull(),
    searchVector: tsvector('search_vector').notNull(),
    rating: text('rating').$type<ContentRating>().notNull().default('general'),
    /** migrations/0039: the owner, so search leaves out blocked and suspended people while it counts. */
    userId: uuid('user_id').notNull(),
  },
  (t) => [index('content_search_vector_idx').using('gin', t.searchVector)],
);

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
  (t) => [
    primaryKey({ name: 'content_likes_pkey', columns: [t.contentId, t.userId] }),
    index('content_likes_user_idx').on(t.userId),
    index('content_likes_created_idx').on(desc(t.createdAt)),
  ],
);

export const contentComments = pgTable(
  'content_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => contentComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Hidden by a moderator: shown to its author and admins only. */
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_comments_top_idx').on(t.contentId, desc(t.createdAt)).where(sql`${t.parentId} IS NULL`),
    index('content_comments_parent_idx').on(t.parentId, t.createdAt),
    index('content_comments_created_idx').on(desc(t.createdAt)),
    check('content_comments_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
export type CommentRow = typeof contentComments.$inferSelect;

export const contentPlays = pgTable(
  'content_plays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_plays_content_created_idx').on(t.contentId, desc(t.createdAt)),
    index('content_plays_created_idx').on(desc(t.createdAt)),
  ],
);
