import { z } from 'zod';
import { CONTENT_SORTS, CONTENT_TYPES, EDIT_OPERATIONS, findModel, isContentType } from '../catalogue.js';
import {
  ASPECT_RATIOS,
  GENERATION_COUNT_MAX,
  GENERATION_COUNT_MIN,
  GENERATION_TAG_MAX_LENGTH,
  GENERATION_TAGS_MAX,
  NEGATIVE_PROMPT_MAX_LENGTH,
  isAspectRatio,
} from '../generation-settings.js';
import { LIMITS } from '../limits.js';
import { cursorPaginationQuery, cursorParam, searchTooLong } from './common.js';
import { MSG } from '../messages.js';

export const CONTENT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** An item's rating: `mature` items are shown only to people who turned `showMature` on (and their owner, and admins). */
export const CONTENT_RATINGS = ['general', 'mature'] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number];
export const contentRating = z.enum(CONTENT_RATINGS, { error: `Rating must be one of ${CONTENT_RATINGS.join(', ')}` });

export const SEED_MAX = 2_147_483_647;
export const CONTENT_DESCRIPTION_MAX_LENGTH = 2000;
/** Longest `Idempotency-Key` header a generate or edit call may carry. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const contentOwner = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  /** True for staff (admins): shown with a staff badge, so nobody can pass as the platform. */
  isStaff: z.boolean().optional(),
});
export type ContentOwner = z.infer<typeof contentOwner>;

export const content = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  prompt: z.string(),
  model: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  status: z.enum(CONTENT_STATUSES),
  progress: z.number().int().min(0).max(100),
  isPrivate: z.boolean(),
  /** `general` or `mature`; lists of people who have not opted in never hold a mature item. */
  rating: z.enum(CONTENT_RATINGS).optional(),
  /**
   * One mature item opened by someone who has not opted in (a visitor, or a person without
   * showMature): the page shows a blurred cover behind a "Mature content" gate.
   */
  isMatureGated: z.boolean().optional(),
  /**
   * The generator's own safety check rated it mature: its owner cannot lower the rating (an admin
   * can). Shown on one item's page, not in lists.
   */
  isRatingLocked: z.boolean().optional(),
  /**
   * With isMatureGated: a tiny blurred still (a data: URL) the gate draws behind its notice. A gated
   * reply carries no other picture: none of the item's files reach someone who has not opted in.
   */
  blurredCoverUrl: z.string().optional(),
  seed: z.number().int(),
  strength: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** `/media/…` URLs; null until the content is ready. */
  mediaUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /**
   * A still that fits inside 640 px, for tiles on 2× screens. Null on items made before it (their
   * tiles use the thumbnail); optional so older clients and fixtures still read the item.
   */
  tileUrl: z.string().nullable().optional(),
  mimeType: z.string().nullable(),
  cost: z.number().int(),
  /** The receipt: only in a single item shown to its owner or an admin, never in lists. */
  charged: z.number().int().optional(),
  refunded: z.number().int().optional(),
  failureReason: z.string().nullable().optional(),
  parentId: z.string().nullable(),
  editOperation: z.enum(EDIT_OPERATIONS).nullable(),
  owner: contentOwner,
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  playCount: z.number().int(),
  isLiked: z.boolean(),
  /** Present (true) when a moderator hid the item: only its owner and admins can open it. */
  isHidden: z.boolean().optional(),
  /** Optional so older fixtures still type-check; the server always sends both. */
  categoryId: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  /** The settings it was made with; the reference image's URL only for its owner. */
  generation: z.lazy(() => generationSettings).optional(),
  /** The batch it was generated in (several candidates of one request); null for a single item. */
  batchId: z.string().nullable().optional(),
  /** Only on one item: the public remixes of it. */
  remixCount: z.number().int().optional(),
  /**
   * Only on one item: what it was remixed from, while that item is public and ready (else null,
   * though parentId still names it).
   */
  remixOf: z
    .object({ id: z.string(), title: z.string(), owner: contentOwner })
    .nullable()
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
}).meta({ id: 'Content' });
export type Content = z.infer<typeof content>;

export const generationSettings = z.object({
  seed: z.number().int(),
  strength: z.number().int(),
  /** Null when the request left the shape to the renderer (older items, and calls without one). */
  aspectRatio: z.enum(ASPECT_RATIOS).nullable(),
  negativePrompt: z.string().nullable(),
  referenceImageUrl: z.string().nullable(),
});
export type GenerationSettings = z.infer<typeof generationSettings>;

/** The candidates of one generate request. */
export const generationBatchRef = z.object({ id: z.string(), itemIds: z.array(z.string()) });
export type GenerationBatchRef = z.infer<typeof generationBatchRef>;

export const generationBatch = z.object({ id: z.string(), items: z.array(content) });
export type GenerationBatch = z.infer<typeof generationBatch>;

/** The reply of a generate call: the first item, and the batch when several were asked for. */
export const generatedContent = content.extend({ batch: generationBatchRef.optional() });
export type GeneratedContent = z.infer<typeof generatedContent>;

const formBoolean = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === 'on' || s === '1') return true;
    if (s === 'false' || s === 'off' || s === '0' || s === '') return false;
    return v;
  },
  z.boolean({ error: 'isPrivate must be true or false' }),
);

/** Multipart fields arrive as text; an empty field means "not given". */
const formInt = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const strength = formInt(
  `Strength must be a whole number from ${LIMITS.variationStrengthMin} to ${LIMITS.variationStrengthMax}`,
  LIMITS.variationStrengthMin,
  LIMITS.variationStrengthMax,
);

const promptText = z
  .string()
  .trim()
  .max(LIMITS.promptMaxLength, `Prompt must be at most ${LIMITS.promptMaxLength} characters`);

/**
 * The generate request (spec §3 "Generation request"), as JSON or as multipart form fields.
 * A missing type or prompt gets the spec's one message for both.
 */
export const generateRequest = z
  .object({
    contentType: z.string({ error: MSG.validation.contentTypeAndPromptRequired }).trim(),
    prompt: z.string({ error: MSG.validation.contentTypeAndPromptRequired }).trim(),
    model: z.string().trim().max(100, 'Please choose a model from the list').optional(),
    name: z
      .string()
      .trim()
      .max(LIMITS.contentNameMaxLength, `Name must be at most ${LIMITS.contentNameMaxLength} characters`)
      .optional(),
    isPrivate: formBoolean.default(false),
    rating: z.preprocess((v) => (v === '' ? undefined : v), contentRating.optional()),
    strength: strength.default(LIMITS.variationStrengthDefault),
    seed: formInt(`Seed must be a whole number from 0 to ${SEED_MAX}`, 0, SEED_MAX).optional(),
    count: formInt(
      `Count must be a whole number from ${GENERATION_COUNT_MIN} to ${GENERATION_COUNT_MAX}`,
      GENERATION_COUNT_MIN,
      GENERATION_COUNT_MAX,
    ).default(GENERATION_COUNT_MIN),
    aspectRatio: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.string().refine(isAspectRatio, `Shape must be one of ${ASPECT_RATIOS.join(', ')}`).optional(),
      ),
    negativePrompt: z
      .string()
      .trim()
      .max(NEGATIVE_PROMPT_MAX_LENGTH, `Negative prompt must be at most ${NEGATIVE_PROMPT_MAX_LENGTH} characters`)
      .optional(),
    categoryId: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().uuid('Please choose a category from the list').optional(),
    ),
    tags: z.preprocess((v) => (typeof v === 'string' ? parseTagsField(v) : v), z.lazy(() => generationTags)).optional(),
    /** Remix this public, ready item: the new item's parent, its owner credited. */
    remixOf: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().uuid('Please choose an item to remix').optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.contentType === '' || v.prompt === '') {
      ctx.addIssue({
        code: 'custom',
        path: [v.contentType === '' ? 'contentType' : 'prompt'],
        message: MSG.validation.contentTypeAndPromptRequired,
      });
      return;
    }
    if (!isContentType(v.contentType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['contentType'],
        message: `Content type must be one of ${CONTENT_TYPES.join(', ')}`,
      });
      return;
    }
    if (v.prompt.length > LIMITS.promptMaxLength) {
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: `Prompt must be at most ${LIMITS.promptMaxLength} characters`,
      });
    }
    if (v.model && !findModel(v.contentType, v.model)) {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: `Model ${v.model} is not available for ${v.contentType}`,
      });
    }
  });
export type GenerateRequest = z.input<typeof generateRequest>;

/** The reference image of the generate dialog: PNG, JPEG, WebP or GIF up to 10 MB. */
export const REFERENCE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const editRequest = z
  .object({
    contentId: z.string().uuid('Please choose content to edit'),
    operation: z.enum(EDIT_OPERATIONS, { error: `Operation must be one of ${EDIT_OPERATIONS.join(', ')}` }),
    prompt: promptText.optional(),
    aspect: z
      .string()
      .trim()
      .regex(/^[1-9]\d?:[1-9]\d?$/, 'Aspect must look like 16:9')
      .optional(),
    colour: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #3366ff')
      .optional(),
    strength: strength.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.operation === 'recolour' && !v.colour) {
      ctx.addIssue({ code: 'custom', path: ['colour'], message: 'Please choose a colour to recolour with' });
    }
  });
export type EditRequest = z.input<typeof editRequest>;

export const editResult = z.object({
  id: z.string(),
  /** Where the web app shows the new item: `/content/<id>`. */
  url: z.string(),
});
export type EditResult = z.infer<typeof editResult>;

export const updateContentBody = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Title cannot be empty')
      .max(LIMITS.contentNameMaxLength, `Title must be at most ${LIMITS.contentNameMaxLength} characters`)
      .optional(),
    description: z
      .string()
      .trim()
      .max(CONTENT_DESCRIPTION_MAX_LENGTH, `Description must be at most ${CONTENT_DESCRIPTION_MAX_LENGTH} characters`)
      .nullable()
      .optional(),
    isPrivate: z.boolean().optional(),
    rating: contentRating.optional(),
    categoryId: z.string().uuid('Please choose a category from the list').nullable().optional(),
    tags: z.lazy(() => contentTags).optional(),
  })
  .strict();
export type UpdateContentBody = z.infer<typeof updateContentBody>;

export const CONTENT_TAG_MAX_LENGTH = 40;
export const CONTENT_TAGS_MAX = 20;
export const COMMENT_MAX_LENGTH = 2000;

/** Tags are lower-cased, trimmed and de-duplicated; empty ones are dropped. */
export const contentTags = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(CONTENT_TAG_MAX_LENGTH, `A tag must be at most ${CONTENT_TAG_MAX_LENGTH} characters`),
  )
  .max(CONTENT_TAGS_MAX, `At most ${CONTENT_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))]);

/** Tags of a generate request: at most 10, each 1-30 characters, lower-cased and de-duplicated. */
export const generationTags = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .min(1, `A tag must be 1 to ${GENERATION_TAG_MAX_LENGTH} characters`)
      .max(GENERATION_TAG_MAX_LENGTH, `A tag must be 1 to ${GENERATION_TAG_MAX_LENGTH} characters`),
  )
  .max(GENERATION_TAGS_MAX, `At most ${GENERATION_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

/** Tags as a multipart field: comma-separated text or a JSON array. */
export function parseTagsField(value: string): string[] {
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: fall through to the comma form.
    }
  }
  return text.split(',');
}

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const contentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(LIMITS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTENT_TYPES).optional()),
  category: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().uuid('Please choose a category from the list').optional(),
  ),
  /** A user id or a username. */
  owner: optionalText(100),
  tag: optionalText(CONTENT_TAG_MAX_LENGTH),
  q: optionalText(200),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTENT_SORTS).default('newest')),
  cursor: cursorParam,
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

export const contentSearchQuery = z.object({
  page: z.coerce.number().int().min(1).default(LIMITS.defaultPage),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  q: z
    .string({ error: 'Please enter something to search for' })
    .trim()
    .min(1, 'Please enter something to search for')
    .max(LIMITS.searchQueryMaxLength, searchTooLong(LIMITS.searchQueryMaxLength)),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTENT_TYPES).optional()),
  cursor: cursorParam,
});
export type ContentSearchQuery = z.infer<typeof contentSearchQuery>;

export const likeResult = z.object({ likeCount: z.number().int(), isLiked: z.boolean() });
export type LikeResult = z.infer<typeof likeResult>;

export const playResult = z.object({ playCount: z.number().int() });
export type PlayResult = z.infer<typeof playResult>;

export interface Comment {
  id: string;
  contentId: string;
  parentId: string | null;
  content: string;
  author: ContentOwner;
  replies: Comment[];
  /** Present (true) when a moderator hid it: only its author and admins read it. */
  isHidden?: boolean;
  createdAt: string;
}

export const comment: z.ZodType<Comment> = z.object({
  id: z.string(),
  contentId: z.string(),
  parentId: z.string().nullable(),
  content: z.string(),
  author: contentOwner,
  get replies() {
    return z.array(comment);
  },
  isHidden: z.boolean().optional(),
  createdAt: z.string(),
}).meta({ id: 'Comment' });

export const createCommentBody = z.object({
  content: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, 'Please write a comment')
    .max(COMMENT_MAX_LENGTH, `A comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  parentId: z.string().uuid('Please reply to a comment on this content').nullable().optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/** Uploads: what may be uploaded and how big (checked by the file's bytes, not its name). */
export const UPLOAD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

export const uploadContentFields = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(LIMITS.contentNameMaxLength, `Title must be at most ${LIMITS.contentNameMaxLength} characters`),
  description: z.string().trim().max(CONTENT_DESCRIPTION_MAX_LENGTH).optional(),
  contentType: z.enum(CONTENT_TYPES, { error: `Content type must be one of ${CONTENT_TYPES.join(', ')}` }),
  isPrivate: formBoolean.default(false),
  rating: z.preprocess((v) => (v === '' ? undefined : v), contentRating.default('general')),
  categoryId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().uuid('Please choose a category from the list').optional(),
  ),
  tags: z.preprocess((v) => (typeof v === 'string' ? parseTagsField(v) : v), contentTags).optional(),
});
export type UploadContentFields = z.infer<typeof uploadContentFields>;

/** GET /category/{id}/content: pages of a category's public items, optionally of one type. */
export const categoryContentQuery = cursorPaginationQuery.extend({
  contentType: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CONTENT_TYPES, { error: `Content type must be one of ${CONTENT_TYPES.join(', ')}` }).optional(),
  ),
});
export type CategoryContentQuery = z.infer<typeof categoryContentQuery>;
