import { z } from 'zod';
import { adminApiKey, adminApiKeysQuery, apiKey, createApiKeyBody, createdApiKey, idParam, pagination } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { errorResponses } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { apiKeysDeps } from './developers.deps.js';
import * as keys from './api-keys.service.js';

/**
 * Settings → Developers: personal API keys. Managing keys needs a signed-in session; a key can
 * never create, list or revoke keys.
 */
export const developersRoutes: AppModule = (app, ctx) => {
  const deps = apiKeysDeps(ctx);

  app.get(
    '/developers/keys',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['developers'], summary: 'Your API keys, live ones first', response: { 200: z.object({ data: z.array(apiKey) }) } },
    },
    async (request) => ({ data: await keys.listKeys(deps, currentUser(request).id) }),
  );

  app.post(
    '/developers/keys',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Create an API key; its secret is in this reply only',
        description: 'The key is stored as a hash: copy `token` now, it cannot be shown again.',
        body: createApiKeyBody,
        response: { 201: z.object({ data: createdApiKey, message: z.string() }), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const data = await keys.createKey(deps, currentUser(request).id, request.body);
      return reply.status(201).send({ data, message: 'API key created. Copy it now: it will not be shown again.' });
    },
  );

  app.delete(
    '/developers/keys/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Revoke one of your API keys (at once, for good)',
        params: idParam,
        response: { 200: z.object({ data: apiKey, message: z.string() }) },
      },
    },
    async (request) => ({ data: await keys.revokeKey(deps, currentUser(request).id, request.params.id), message: 'API key revoked' }),
  );

  app.get(
    '/admin/api-keys',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['developers', 'admin'],
        summary: 'Everyone’s API keys, newest first (admin)',
        querystring: adminApiKeysQuery,
        response: { 200: z.object({ data: z.array(adminApiKey), pagination }) },
      },
    },
    async (request) => keys.adminListKeys(deps, request.query),
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['developers', 'admin'],
        summary: 'Revoke anyone’s API key (admin); recorded in the audit trail',
        params: idParam,
        response: { 200: z.object({ data: apiKey, message: z.string() }) },
      },
    },
    async (request) => ({ data: await keys.adminRevokeKey(deps, currentUser(request).id, request.params.id), message: 'API key revoked' }),
  );
};
