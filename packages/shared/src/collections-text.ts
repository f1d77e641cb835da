/**
 * The collections' fixed values and texts, apart from their zod schemas: a page that only shows these
 * (a toast, a menu) does not load zod.
 */
export const COLLECTION_ITEM_TYPES = ['content'] as const;
export type CollectionItemType = (typeof COLLECTION_ITEM_TYPES)[number];

export const COLLECTION_TEXT = {
  notFound: 'Collection not found',
  itemExists: 'This item is already in the collection',
  itemNotFound: 'Item not found in this collection',
  contentNotFound: 'Content not found',
  ownerOnly: 'Only the owner can change this collection',
  created: 'Collection created',
  updated: 'Collection updated',
  deleted: 'Collection deleted',
  itemAdded: 'Added to collection',
  itemRemoved: 'Removed from collection',
  fetchFailed: 'Failed to fetch collections',
  fetchOneFailed: 'Failed to fetch collection details',
  fetchItemsFailed: 'Failed to fetch collection items',
  createFailed: 'Failed to create collection',
  updateFailed: 'Failed to update collection',
  deleteFailed: 'Failed to delete collection',
  addItemFailed: 'Failed to add item to collection',
  removeItemFailed: 'Failed to remove item from collection',
} as const;
