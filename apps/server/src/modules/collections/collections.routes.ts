import { COLLECTION_TEXT, collectionsContracts as c, usersContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
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

/** Spec §7 "Collections". Private collections answer 404 to everyone but their owner (and admins). */
export const collectionsRoutes: AppModule = (app, ctx) => {
  const deps: CollectionsDeps = { db: ctx.database.db, storage: ctx.storage, clock: ctx.clock };
  const viewerOf = (request: Parameters<typeof currentUser>[0]) => request.auth ?? null;
  const security = bearerOrApiKey('collections');

  app.route({
    ...fromContract(c.list, { security }),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listCollections(deps, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(c.get, { security }),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await getCollection(deps, request.params.id, viewerOf(request)) }),
  });

  app.route({
    ...fromContract(c.create, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createCollection(deps, currentUser(request), request.body), message: COLLECTION_TEXT.created }),
  });

  app.route({
    ...fromContract(c.update, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await updateCollection(deps, request.params.id, currentUser(request), request.body), message: COLLECTION_TEXT.updated }),
  });

  app.route({
    ...fromContract(c.remove, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await deleteCollection(deps, request.params.id, currentUser(request));
      return { data: null, message: COLLECTION_TEXT.deleted };
    },
  });

  app.route({
    ...fromContract(c.items, { security }),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listItems(deps, request.params.id, viewerOf(request), request.query),
  });

  app.route({
    ...fromContract(c.addItem, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await addItem(deps, request.params.id, currentUser(request), request.body), message: COLLECTION_TEXT.itemAdded }),
  });

  app.route({
    ...fromContract(c.removeItem, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await removeItem(deps, request.params.id, currentUser(request), request.params.itemId, request.query.itemType),
      message: COLLECTION_TEXT.itemRemoved,
    }),
  });

  app.route({
    // GET /users/collections: one's own collections (the users area's path, served here).
    ...fromContract(usersContracts.collections, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => listCollections(deps, currentUser(request), request.query),
  });
};
