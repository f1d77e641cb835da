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
}

/** Who a single-item reply is for: the receipt is the owner's (and an admin's) to read. */
export interface ContentViewer {
  id: string;
  role?: Role;
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

/** The one place a content row becomes the API's Content (keys become URLs, dates ISO text). */
export function toContent(row: ContentViewRow, owner: ContentOwner, storage: Pick<Storage, 'urlFor'>, extras: ContentViewExtras = {}): Content {
  // An item others may not open reaches its owner and admins only, and so do its files: through signed links.
  const signed = !hasPublicMedia(row);
  const url = (key: string | null) => (key ? storage.urlFor(key, { private: signed }) : null);
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
    mediaUrl: url(row.mediaKey),
    previewUrl: url(row.previewKey),
    thumbnailUrl: url(row.thumbnailKey),
    posterUrl: url(row.posterKey),
    mimeType: row.mimeType,
    cost: row.cost,
    ...(extras.withReceipt ? { charged: row.charged, refunded: row.refunded, failureReason: row.failureReason } : {}),
    parentId: row.parentId,
    editOperation: row.editOperation,
    owner,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    playCount: row.playCount,
    isLiked: extras.isLiked ?? false,
    categoryId: row.categoryId,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** Storage keys of one item live under this prefix, so deleting the item deletes them all. */
export const contentKeyPrefix = (contentId: string) => `content/${contentId}/`;
