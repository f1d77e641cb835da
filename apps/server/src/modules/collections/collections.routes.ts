import { z } from 'zod';
import {
  COLLECTION_ITEM_TYPES,
  COLLECTION_TEXT,
  addCollectionItemBody,
  collectionItem,
  collectionItemsQuery,
  collectionListQuery,
  collectionWithFlag,
  createCollectionBody,
  idParam,
  pagination,
  updateCollectionBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import {
  addItem,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  listItems,
  removeItem,
  updateCollection,
  type CollectionsDeps,
} from './collections.service.js';

const one = z.object({ data: collectionWithFlag });
const oneWithMessage = z.object({ data: collectionWithFlag, message: z.string() });

/** Spec §7 "Collections". Private collections answer 404 to everyone but their owner (and admins). */
export const collectionsRoutes: AppModule = (app, ctx) => {
  const deps: CollectionsDeps = { db: ctx.database.db, storage: ctx.storage, clock: ctx.clock };
  const viewerOf = (request: Parameters<typeof currentUser>[0]) => request.auth ?? null;

  app.get(
    '/collection',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['collections'],
        summary: 'Your collections, or the public collections of `userId`',
        security: bearerOrApiKey('collections'),
        description: '`contains` (a content id) marks which of your collections hold that item.',
        querystring: collectionListQuery,
        response: { 200: z.object({ data: z.array(collectionWithFlag), pagination }) },
      },
    },
    async (request) => listCollections(deps, viewerOf(request), request.query),
  );

  app.get(
    '/collection/:id',
    { preHandler: ctx.auth.optionalAuth, schema: { tags: ['collections'], summary: 'One collection', security: bearerOrApiKey('collections'), params: idParam, response: { 200: one } } },
    async (request) => ({ data: await getCollection(deps, request.params.id, viewerOf(request)) }),
  );

  app.post(
    '/collection',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['collections'], summary: 'Create a collection (private unless isPublic)', security: bearerOrApiKey('collections'), body: createCollectionBody, response: { 201: oneWithMessage } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createCollection(deps, currentUser(request), request.body), message: COLLECTION_TEXT.created }),
  );

  app.patch(
    '/collection/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['collections'], summary: 'Rename, describe or publish your collection', security: bearerOrApiKey('collections'), params: idParam, body: updateCollectionBody, response: { 200: oneWithMessage } },
    },
    async (request) => ({ data: await updateCollection(deps, request.params.id, currentUser(request), request.body), message: COLLECTION_TEXT.updated }),
  );

  app.delete(
    '/collection/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['collections'], summary: 'Delete your collection (the content stays)', security: bearerOrApiKey('collections'), params: idParam, response: { 200: z.object({ data: z.null(), message: z.string() }) } },
    },
    async (request) => {
      await deleteCollection(deps, request.params.id, currentUser(request));
      return { data: null, message: COLLECTION_TEXT.deleted };
    },
  );

  app.get(
    '/collection/:id/items',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['collections'],
        summary: 'Items of a collection, newest first; items you may not see are left out',
        security: bearerOrApiKey('collections'),
        params: idParam,
        querystring: collectionItemsQuery,
        response: { 200: z.object({ data: z.array(collectionItem), pagination }) },
      },
    },
    async (request) => listItems(deps, request.params.id, viewerOf(request), request.query),
  );

  app.post(
    '/collection/:id/items',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['collections'], summary: 'Save content to your collection', security: bearerOrApiKey('collections'), params: idParam, body: addCollectionItemBody, response: { 201: oneWithMessage } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addItem(deps, request.params.id, currentUser(request), request.body), message: COLLECTION_TEXT.itemAdded }),
  );

  app.delete(
    '/collection/:id/items/:itemId',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['collections'],
        summary: 'Remove an item from your collection',
        security: bearerOrApiKey('collections'),
        params: z.object({ id: z.string().uuid(), itemId: z.string().uuid() }),
        querystring: z.object({ itemType: z.enum(COLLECTION_ITEM_TYPES).optional() }),
        response: { 200: oneWithMessage },
      },
    },
    async (request) => ({
      data: await removeItem(deps, request.params.id, currentUser(request), request.params.itemId, request.query.itemType),
      message: COLLECTION_TEXT.itemRemoved,
    }),
  );
};
