import { z } from 'zod';
import { content, idParam, updateContentBody } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import type { AppModule } from '../../platform/http/types.js';
import { deleteContent, getContent, updateContent, type ContentDeps } from './content.service.js';

const bearer = [{ bearer: [] }];

/** Spec §7 "Content": one item. Lists, search, likes and comments register beside these. */
export const contentRoutes: AppModule = (app, ctx) => {
  const deps = (log?: ContentDeps['log']): ContentDeps => ({
    db: ctx.database.db,
    storage: ctx.storage,
    realtime: ctx.realtime,
    clock: ctx.clock,
    log,
  });

  app.get(
    '/content/:id',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['content'],
        summary: 'One content item; private items only for their owner',
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
