import { z } from 'zod';
import {
  adminApiKey,
  adminApiKeysQuery,
  apiKey,
  createApiKeyBody,
  createdApiKey,
  createdWebhook,
  createWebhookBody,
  idParam,
  pagination,
  updateWebhookBody,
  webhookDelivery,
  webhookDeliveryParams,
  webhookEndpoint,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { errorResponses } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { apiKeysDeps, webhooksDeps } from './developers.deps.js';
import * as keys from './api-keys.service.js';
import * as hooks from './webhooks.service.js';

/**
 * Settings → Developers: personal API keys and outgoing webhooks. Managing either needs a
 * signed-in session; a key can never create, list or revoke keys or endpoints.
 */
export const developersRoutes: AppModule = async (app, ctx) => {
  const deps = apiKeysDeps(ctx);
  const webhooks = webhooksDeps(ctx, app.log);
  // Any process may announce events, so the delivery queue exists wherever the API runs.
  await ctx.queue.define(hooks.webhookQueueDefinition());

  app.get(
    '/developers/keys',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Your API keys, live ones first',
        response: { 200: z.object({ data: z.array(apiKey) }) },
      },
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
    async (request) => ({
      data: await keys.revokeKey(deps, currentUser(request).id, request.params.id),
      message: 'API key revoked',
    }),
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
    async (request) => ({
      data: await keys.adminRevokeKey(deps, currentUser(request).id, request.params.id),
      message: 'API key revoked',
    }),
  );

  app.get(
    '/developers/webhooks',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Your webhook endpoints',
        response: { 200: z.object({ data: z.array(webhookEndpoint) }) },
      },
    },
    async (request) => ({ data: await hooks.listEndpoints(webhooks, currentUser(request).id) }),
  );

  app.post(
    '/developers/webhooks',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Register a webhook endpoint; its signing secret is in this reply only',
        description:
          'Deliveries follow Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret). ' +
          'Endpoints on loopback, private or link-local addresses are refused.',
        body: createWebhookBody,
        response: { 201: z.object({ data: createdWebhook, message: z.string() }), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const data = await hooks.createEndpoint(webhooks, currentUser(request).id, request.body);
      return reply
        .status(201)
        .send({ data, message: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.' });
    },
  );

  app.patch(
    '/developers/webhooks/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Change an endpoint’s URL or events, or turn it off and on',
        params: idParam,
        body: updateWebhookBody,
        response: { 200: z.object({ data: webhookEndpoint, message: z.string() }) },
      },
    },
    async (request) => ({
      data: await hooks.updateEndpoint(webhooks, currentUser(request).id, request.params.id, request.body),
      message: 'Webhook endpoint updated',
    }),
  );

  app.delete(
    '/developers/webhooks/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Delete a webhook endpoint and its delivery log',
        params: idParam,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await hooks.deleteEndpoint(webhooks, currentUser(request).id, request.params.id);
      return { data: null, message: 'Webhook endpoint deleted' };
    },
  );

  app.get(
    '/developers/webhooks/:id/deliveries',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'The endpoint’s latest 50 deliveries, each with every attempt',
        params: idParam,
        response: { 200: z.object({ data: z.array(webhookDelivery) }) },
      },
    },
    async (request) => ({ data: await hooks.listDeliveries(webhooks, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/developers/webhooks/:id/deliveries/:deliveryId/resend',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['developers'],
        summary: 'Send a delivery again now',
        params: webhookDeliveryParams,
        response: { 202: z.object({ data: z.null(), message: z.string() }), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await hooks.resendDelivery(webhooks, currentUser(request).id, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ data: null, message: 'Delivery queued' });
    },
  );
};
