import { categoriesContracts, contentContracts as c, makePagination, usersContracts } from '@atelier/shared';
import { getCategory, type CategoryDeps } from '../categories/index.js';
import { profileItemsOwner } from '../users/index.js';
import { contentForViewer } from './content-for-viewer.js';
import { buildContentArchive } from './content-archive.service.js';
import { listContentByOwner } from './content-by-owner.repository.js';
import { galleryCountInCategory } from './content-counts.repository.js';
import { blocklistOf } from '../../platform/blocklist.js';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { deleteContent, getContent, updateContent, type ContentDeps } from './content.service.js';
import {
  createComment,
  deleteComment,
  likeContent,
  listFollowingFeed,
  listComments,
  listCategoryContent,
  listContent,
  playContent,
  searchContent,
  unlikeContent,
} from './content-community.service.js';
import { readUploadForm, uploadContent } from './content-upload.service.js';
import { listRemixes } from './content-remixes.js';

/** Spec §7 "Content": lists, search, one item, uploads, plays, likes and threaded comments. */
export const contentRoutes: AppModule = (app, ctx) => {
  const deps = (log?: ContentDeps['log']): ContentDeps => ({
    db: ctx.database.db,
    storage: ctx.storage,
    realtime: ctx.realtime,
    clock: ctx.clock,
    log,
    hooks: ctx.hooks,
    blocklist: blocklistOf(ctx.config.PROMPT_BLOCKLIST),
  });
  const security = bearerOrApiKey('content:read');
  const categoryDeps: CategoryDeps = { db: ctx.database.db, galleryCount: galleryCountInCategory, hooks: ctx.hooks };

  app.route({
    // A category's page: the category, and what is filed under it or its descendants.
    ...fromContract(categoriesContracts.content),
    config: { publicRead: 'cache', forViewer: contentForViewer(ctx.database.db) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => {
      const found = await getCategory(categoryDeps, request.params.categoryId, request.auth);
      const page = await listCategoryContent(deps(), found.id, request.query, request.auth);
      return { data: page.data, category: found, pagination: page.pagination, nextCursor: page.nextCursor };
    },
  });

  app.route({
    ...fromContract(c.list, { security }),
    // Filtered to one owner, the gallery also shows the reader's own private items.
    config: { publicRead: 'cache', forViewer: contentForViewer(ctx.database.db, (_reader, request) => (request.query as { owner?: string }).owner !== undefined) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listContent(deps(), request.query, request.auth),
  });

  app.route({
    ...fromContract(c.search),
    config: { publicRead: 'cache', forViewer: contentForViewer(ctx.database.db) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => searchContent(deps(), request.query, request.auth),
  });

  app.route({
    ...fromContract(c.feed),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => listFollowingFeed(deps(), request.query, currentUser(request)),
  });

  app.route({
    ...fromContract(c.upload),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const form = await readUploadForm(request);
      return reply.status(201).send({ data: await uploadContent(deps(), currentUser(request), form) });
    },
  });

  app.route({
    ...fromContract(c.play),
    preHandler: ctx.auth.optionalAuth,
    config: ctx.config.RATE_LIMIT_DISABLED ? {} : { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request) => ({ data: { playCount: await playContent(deps(), request.params.id, request.auth) } }),
  });

  app.route({
    ...fromContract(c.like),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await likeContent(deps(request.log), request.params.contentId, currentUser(request)) }),
  });

  app.route({
    ...fromContract(c.unlike),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await unlikeContent(deps(request.log), request.params.contentId, currentUser(request)) }),
  });

  app.route({
    ...fromContract(c.comments),
    config: { publicRead: 'etag' },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listComments(deps(), request.params.contentId, request.query.page, request.query.pageSize, request.auth),
  });

  app.route({
    ...fromContract(c.addComment),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createComment(deps(request.log), request.params.contentId, currentUser(request), request.body) }),
  });

  app.route({
    ...fromContract(c.deleteComment),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await deleteComment(deps(request.log), request.params.contentId, request.params.commentId, currentUser(request));
      return { data: null, message: 'Comment deleted' };
    },
  });

  app.route({
    ...fromContract(c.remixes, { security }),
    config: { publicRead: 'etag' },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listRemixes(deps(), request.params.id, request.query, request.auth),
  });

  app.route({
    ...fromContract(c.get, { security }),
    config: { publicRead: 'cache', forViewer: contentForViewer(ctx.database.db) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await getContent(deps(), request.params.id, request.auth) }),
  });

  app.route({
    ...fromContract(c.update),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await updateContent(deps(), request.params.id, currentUser(request), request.body) }),
  });

  app.route({
    ...fromContract(c.remove),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await deleteContent(deps(request.log), request.params.id, currentUser(request));
      return { data: null, message: 'Content deleted' };
    },
  });

  // A person's own items and their archive, and the items a profile shows (under /users).
  app.route({
    ...fromContract(usersContracts.content, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const { page, pageSize, type, status, isPrivate } = request.query;
      const viewer = currentUser(request);
      const result = await listContentByOwner({ db: ctx.database.db, storage: ctx.storage }, viewer.id, { type, status, isPrivate, viewer }, page, pageSize);
      return { data: result.items, pagination: makePagination(page, pageSize, result.total) };
    },
  });

  app.route({
    ...fromContract(usersContracts.contentArchive, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const archive = await buildContentArchive({ db: ctx.database.db, storage: ctx.storage, clock: ctx.clock, log: request.log }, currentUser(request).id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  });

  app.route({
    ...fromContract(usersContracts.userContent),
    config: { publicRead: 'cache', forViewer: contentForViewer(ctx.database.db, (reader, request) => (request.params as { id: string }).id.toLowerCase() === reader.id) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => {
      const { page, pageSize, type } = request.query;
      const viewer = request.auth ?? null;
      const ownerId = await profileItemsOwner(ctx.database.db, request.params.id, viewer);
      if (!ownerId) return { data: [], pagination: makePagination(page, pageSize, 0) };
      const result = await listContentByOwner({ db: ctx.database.db, storage: ctx.storage }, ownerId, { type, viewer }, page, pageSize);
      return { data: result.items, pagination: makePagination(page, pageSize, result.total) };
    },
  });
};
