import type { Content, ContentOwner, Role } from '@atelier/shared';
import type { Storage } from '../../platform/storage/storage.js';
import type { ContentRow } from './content.schema.js';
import { hasPublicMedia } from './content.visibility.js';

/** What a reply needs besides the row; the gallery adds its own (isLiked) as it grows. */
export interface ContentViewExtras {
  isLiked?: boolean;
  /**
   * Whether the receipt (charged, refunded, failureReason) is part of the reply: only for one item
   * shown to its owner or an admin (seesReceipt), never in lists, search, profiles or collections.
   */
  withReceipt?: boolean;
  /**
   * Whether the settings it was made with (`generation`) and its batch are part of the reply: one
   * item's page, not lists. The reference image's URL is added only with the receipt (its owner).
   */
  withSettings?: boolean;
}

/** Who a single-item reply is for: the receipt is the owner's (and an admin's) to read. */
export interface ContentViewer {
  id: string;
  role?: Role;
  /** The person opted in to mature items (settings.showMature); absent: off. */
  showMature?: boolean;
}

export const seesReceipt = (row: Pick<ContentRow, 'userId'>, viewer: ContentViewer | null): boolean =>
  viewer !== null && (viewer.id === row.userId || viewer.role === 'admin');

/** What of a content row a reply shows: lists read these columns only. */
export type ContentViewRow = Pick<
  ContentRow,
  | 'id'
  | 'userId'
  | 'title'
  | 'description'
  | 'prompt'
  | 'model'
  | 'contentType'
  | 'status'
  | 'progress'
  | 'isPrivate'
  | 'seed'
  | 'strength'
  | 'width'
  | 'height'
  | 'durationMs'
  | 'mediaKey'
  | 'previewKey'
  | 'thumbnailKey'
  | 'posterKey'
  | 'tileKey'
  | 'mimeType'
  | 'cost'
  | 'charged'
  | 'refunded'
  | 'failureReason'
  | 'parentId'
  | 'editOperation'
  | 'likeCount'
  | 'commentCount'
  | 'playCount'
  | 'categoryId'
  | 'tags'
  | 'createdAt'
  | 'updatedAt'
  | 'completedAt'
>;

/**
 * A content row as lists read it (content-feed-pages.repository.ts): the columns a listed item shows,
 * with its times already as the reply's ISO text, and no receipt (lists never show one).
 */
export type ListedContentRow = Omit<ContentViewRow, 'charged' | 'refunded' | 'failureReason' | 'createdAt' | 'updatedAt' | 'completedAt'> & {
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** Lists read it: a mature item's files go by signed link, and its tile shows a badge. */
  rating?: ContentRow['rating'];
};

/** The generation settings of one item's page (see ContentViewExtras.withSettings). */
export type ContentSettingsRow = Pick<ContentRow, 'aspectRatio' | 'negativePrompt' | 'batchId' | 'referenceKey'>;

/** The one place a content row becomes the API's Content (keys become URLs, dates ISO text). */
export function toContent(
  row: ContentViewRow &
    Partial<ContentSettingsRow> & { hiddenAt?: Date | null; rating?: ContentRow['rating']; ratingLockedAt?: Date | null },
  owner: ContentOwner,
  storage: Pick<Storage, 'urlFor'>,
  extras: ContentViewExtras = {},
): Content {
  const item = toListedContent(
    {
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    },
    owner,
    storage,
    extras.isLiked ?? false,
  );
  const settings = extras.withSettings
    ? {
        generation: {
          seed: row.seed,
          strength: row.strength,
          aspectRatio: row.aspectRatio ?? null,
          negativePrompt: row.negativePrompt ?? null,
          referenceImageUrl: extras.withReceipt && row.referenceKey ? storage.urlFor(row.referenceKey, PRIVATE) : null,
        },
        batchId: row.batchId ?? null,
      }
    : {};
  // Only its owner and admins can open a hidden item; they are told it is hidden.
  const locked = row.ratingLockedAt ? { isRatingLocked: true } : {};
  const rated = row.rating ? { ...item, rating: row.rating, ...locked } : item;
  const shown = row.hiddenAt ? { ...rated, ...settings, isHidden: true } : { ...rated, ...settings };
  return extras.withReceipt ? { ...shown, charged: row.charged, refunded: row.refunded, failureReason: row.failureReason } : shown;
}

/**
 * A mature item shown to someone who has not opted in (isMatureGated): none of its files, not even
 * signed links to them; only `blurredCoverUrl`, a tiny blurred still (content.service.ts) that the
 * gate draws behind its notice, when there is one.
 */
export function gatedContent(item: Content, blurredCoverUrl: string | null = null): Content {
  return {
    ...item,
    mediaUrl: null,
    previewUrl: null,
    thumbnailUrl: null,
    posterUrl: null,
    tileUrl: null,
    isMatureGated: true,
    ...(blurredCoverUrl ? { blurredCoverUrl } : {}),
  };
}

/** toContent for a listed row, whose times are already text: the same reply, without a receipt. */
export function toListedContent(row: ListedContentRow, owner: ContentOwner, storage: Pick<Storage, 'urlFor'>, isLiked: boolean): Content {
  // An item others may not open reaches its owner and admins only, and so do its files: through signed links.
  const signed = hasPublicMedia(row) ? undefined : PRIVATE;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prompt: row.prompt,
    model: row.model,
    contentType: row.contentType,
    status: row.status,
    progress: row.progress,
    isPrivate: row.isPrivate,
    seed: row.seed,
    strength: row.strength,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    mediaUrl: row.mediaKey ? storage.urlFor(row.mediaKey, signed) : null,
    previewUrl: row.previewKey ? storage.urlFor(row.previewKey, signed) : null,
    thumbnailUrl: row.thumbnailKey ? storage.urlFor(row.thumbnailKey, signed) : null,
    posterUrl: row.posterKey ? storage.urlFor(row.posterKey, signed) : null,
    tileUrl: row.tileKey ? storage.urlFor(row.tileKey, signed) : null,
    mimeType: row.mimeType,
    cost: row.cost,
    parentId: row.parentId,
    editOperation: row.editOperation,
    owner,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    playCount: row.playCount,
    isLiked,
    categoryId: row.categoryId,
    tags: row.tags,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    ...(row.rating ? { rating: row.rating } : {}),
  };
}

const PRIVATE = { private: true } as const;

/** Storage keys of one item live under this prefix, so deleting the item deletes them all. */
export const contentKeyPrefix = (contentId: string) => `content/${contentId}/`;
