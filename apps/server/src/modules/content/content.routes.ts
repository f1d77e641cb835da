import { contentContracts as c } from '@atelier/shared';
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

  app.route({
    ...fromContract(c.list, { security }),
    config: { publicRead: 'cache' },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => listContent(deps(), request.query, request.auth),
  });

  app.route({
    ...fromContract(c.search),
    config: { publicRead: 'cache' },
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
    config: { publicRead: 'cache' },
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
};
