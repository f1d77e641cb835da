import { z } from 'zod';
import { paginationQuery } from './common.js';
import { content } from './content.js';
import { COLLECTION_ITEM_TYPES } from '../collections-text.js';

export const collectionOwner = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});

export const collection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  itemCount: z.number().int(),
  coverUrl: z.string().nullable(),
  owner: collectionOwner,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collection>;

export const collectionItem = z.object({
  itemId: z.string(),
  itemType: z.enum(COLLECTION_ITEM_TYPES),
  collectionId: z.string(),
  addedAt: z.string(),
  item: content,
});
export type CollectionItem = z.infer<typeof collectionItem>;

export const createCollectionBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters long'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters long').optional(),
  isPublic: z.boolean().optional(),
});
export type CreateCollectionBody = z.infer<typeof createCollectionBody>;

export const updateCollectionBody = createCollectionBody.partial();
export type UpdateCollectionBody = z.infer<typeof updateCollectionBody>;

export const collectionListQuery = paginationQuery.extend({
  userId: z.string().uuid().optional(),
  /** A content id: each collection then says whether it holds that item (the "Save to collection" menu). */
  contains: z.string().uuid().optional(),
});

export const collectionWithFlag = collection.extend({ containsItem: z.boolean().optional() });
export type CollectionWithFlag = z.infer<typeof collectionWithFlag>;

export const collectionItemsQuery = paginationQuery.extend({ itemType: z.enum(COLLECTION_ITEM_TYPES).optional() });

export const addCollectionItemBody = z.object({
  itemId: z.string().uuid(),
  itemType: z.enum(COLLECTION_ITEM_TYPES).default('content'),
});
export type AddCollectionItemBody = z.infer<typeof addCollectionItemBody>;
