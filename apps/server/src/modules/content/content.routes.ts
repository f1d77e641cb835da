import { z } from 'zod';
import {
  comment,
  content,
  contentListQuery,
  contentSearchQuery,
  createCommentBody,
  idParam,
  likeResult,
  pagination,
  paginationQuery,
  playResult,
  updateContentBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { deleteContent, getContent, updateContent, type ContentDeps } from './content.service.js';
import {
  createComment,
  deleteComment,
  likeContent,
  listComments,
  listContent,
  playContent,
  searchContent,
  unlikeContent,
} from './content-community.service.js';
import { readUploadForm, uploadContent } from './content-upload.service.js';

const contentPage = z.object({ data: z.array(content), pagination });
const contentIdParam = z.object({ contentId: z.string().uuid() });
const commentParams = z.object({ contentId: z.string().uuid(), commentId: z.string().uuid() });

const bearer = [{ bearer: [] }];

/** Spec §7 "Content": lists, search, one item, uploads, plays, likes and threaded comments. */
export const contentRoutes: AppModule = (app, ctx) => {
  const deps = (log?: ContentDeps['log']): ContentDeps => ({
    db: ctx.database.db,
    storage: ctx.storage,
    realtime: ctx.realtime,
    clock: ctx.clock,
    log,
    hooks: ctx.hooks,
  });

  app.get(
    '/content',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['content'],
        summary: 'Public, ready content; filter by type, category (with its descendants), owner, tag or text; sort newest, popular or trending',
        security: bearerOrApiKey('content:read'),
        querystring: contentListQuery,
        response: { 200: contentPage },
      },
    },
    async (request) => listContent(deps(), request.query, request.auth),
  );

  app.get(
    '/content/search',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['content'],
        summary: 'Full-text search over title, tags, description and prompt, best match first',
        querystring: contentSearchQuery,
        response: { 200: contentPage },
      },
    },
    async (request) => searchContent(deps(), request.query, request.auth),
  );

  app.post(
    '/content',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Upload your own file as content',
        description:
          'multipart/form-data: `file` plus title, description?, contentType, isPrivate?, categoryId?, tags? (comma-separated or a JSON array). ' +
          'The file is judged by its bytes: PNG, JPEG, WebP, GIF or SVG images (at most 10 MB), MP4 or WebM videos (at most 100 MB).',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: content }) },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request);
      return reply.status(201).send({ data: await uploadContent(deps(), currentUser(request), form) });
    },
  );

  app.post(
    '/content/:id/play',
    {
      preHandler: ctx.auth.optionalAuth,
      config: ctx.config.RATE_LIMIT_DISABLED ? {} : { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['content'],
        summary: 'Count one play of a video, loop or animation',
        params: idParam,
        response: { 200: z.object({ data: playResult }) },
      },
    },
    async (request) => ({ data: { playCount: await playContent(deps(), request.params.id, request.auth) } }),
  );

  app.post(
    '/content/:contentId/like',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Like content (once per user; liking again changes nothing)',
        security: bearer,
        params: contentIdParam,
        response: { 200: z.object({ data: likeResult }) },
      },
    },
    async (request) => ({ data: await likeContent(deps(), request.params.contentId, currentUser(request)) }),
  );

  app.delete(
    '/content/:contentId/like',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Take back your like',
        security: bearer,
        params: contentIdParam,
        response: { 200: z.object({ data: likeResult }) },
      },
    },
    async (request) => ({ data: await unlikeContent(deps(), request.params.contentId, currentUser(request)) }),
  );

  app.get(
    '/content/:contentId/comments',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['content'],
        summary: 'Top-level comments, newest first, each with its replies oldest first',
        params: contentIdParam,
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(comment), pagination }) },
      },
    },
    async (request) => listComments(deps(), request.params.contentId, request.query.page, request.query.pageSize, request.auth),
  );

  app.post(
    '/content/:contentId/comments',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Comment on content, or reply to a comment on the same content',
        security: bearer,
        params: contentIdParam,
        body: createCommentBody,
        response: { 201: z.object({ data: comment }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createComment(deps(), request.params.contentId, currentUser(request), request.body) }),
  );

  app.delete(
    '/content/:contentId/comments/:commentId',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: "Delete a comment (its author, the content's owner or an admin) with its replies",
        security: bearer,
        params: commentParams,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await deleteComment(deps(), request.params.contentId, request.params.commentId, currentUser(request));
      return { data: null, message: 'Comment deleted' };
    },
  );

  app.get(
    '/content/:id',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['content'],
        summary: 'One content item; private items only for their owner',
        security: bearerOrApiKey('content:read'),
        params: idParam,
        response: { 200: z.object({ data: content }) },
      },
    },
    async (request) => ({ data: await getContent(deps(), request.params.id, request.auth) }),
  );

  app.put(
    '/content/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Rename, describe or change the privacy of your content',
        security: bearer,
        params: idParam,
        body: updateContentBody,
        response: { 200: z.object({ data: content }) },
      },
    },
    async (request) => ({ data: await updateContent(deps(), request.params.id, currentUser(request), request.body) }),
  );

  app.delete(
    '/content/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Delete your content (admins: any content) and its files',
        security: bearer,
        params: idParam,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await deleteContent(deps(request.log), request.params.id, currentUser(request));
      return { data: null, message: 'Content deleted' };
    },
  );
};
