import { z } from 'zod';
import { idParam, pagination } from '../schemas/common.js';
import { COLLECTION_ITEM_TYPES } from '../collections-text.js';
import {
  addCollectionItemBody,
  collectionItem,
  collectionItemsQuery,
  collectionListQuery,
  collectionWithFlag,
  createCollectionBody,
  updateCollectionBody,
} from '../schemas/collections.js';
import { contract } from './contract.js';
import { collectionsEndpoints as e } from './collections.endpoints.js';

const one = z.object({ data: collectionWithFlag });
const oneWithMessage = z.object({ data: collectionWithFlag, message: z.string() });

export const collectionsContracts = {
  list: contract(e.list, {
    tags: ['collections'],
    summary: 'Your collections, or the public collections of `userId`',
    description: '`contains` (a content id) marks which of your collections hold that item.',
    query: collectionListQuery,
    reply: { 200: z.object({ data: z.array(collectionWithFlag), pagination }) },
  }),
  get: contract(e.get, { tags: ['collections'], summary: 'One collection', params: idParam, reply: { 200: one } }),
  create: contract(e.create, {
    tags: ['collections'],
    summary: 'Create a collection (private unless isPublic)',
    body: createCollectionBody,
    reply: { 201: oneWithMessage },
  }),
  update: contract(e.update, {
    tags: ['collections'],
    summary: 'Rename, describe or publish your collection',
    params: idParam,
    body: updateCollectionBody,
    reply: { 200: oneWithMessage },
  }),
  remove: contract(e.remove, {
    tags: ['collections'],
    summary: 'Delete your collection (the content stays)',
    params: idParam,
    reply: { 200: z.object({ data: z.null(), message: z.string() }) },
  }),
  items: contract(e.items, {
    tags: ['collections'],
    summary: 'Items of a collection, newest first; items you may not see are left out',
    params: idParam,
    query: collectionItemsQuery,
    reply: { 200: z.object({ data: z.array(collectionItem), pagination }) },
  }),
  addItem: contract(e.addItem, {
    tags: ['collections'],
    summary: 'Save content to your collection',
    params: idParam,
    body: addCollectionItemBody,
    reply: { 201: oneWithMessage },
  }),
  removeItem: contract(e.removeItem, {
    tags: ['collections'],
    summary: 'Remove an item from your collection',
    params: z.object({ id: z.string().uuid(), itemId: z.string().uuid() }),
    query: z.object({ itemType: z.enum(COLLECTION_ITEM_TYPES).optional() }),
    reply: { 200: oneWithMessage },
  }),
} as const;
