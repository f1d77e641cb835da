import { developersContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
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
  const c = developersContracts;
  // Any process may announce events, so the delivery queue exists wherever the API runs.
  await ctx.queue.define(hooks.webhookQueueDefinition());

  app.route({
    ...fromContract(c.listKeys),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await keys.listKeys(deps, currentUser(request).id) }),
  });

  app.route({
    ...fromContract(c.createKey),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const data = await keys.createKey(deps, currentUser(request).id, request.body);
      return reply.status(201).send({ data, message: 'API key created. Copy it now: it will not be shown again.' });
    },
  });

  app.route({
    ...fromContract(c.revokeKey),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await keys.revokeKey(deps, currentUser(request).id, request.params.id),
      message: 'API key revoked',
    }),
  });

  app.route({
    ...fromContract(c.adminListKeys),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => keys.adminListKeys(deps, request.query),
  });

  app.route({
    ...fromContract(c.adminRevokeKey),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => ({
      data: await keys.adminRevokeKey(deps, currentUser(request).id, request.params.id),
      message: 'API key revoked',
    }),
  });

  app.route({
    ...fromContract(c.listWebhooks),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await hooks.listEndpoints(webhooks, currentUser(request).id) }),
  });

  app.route({
    ...fromContract(c.createWebhook),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const data = await hooks.createEndpoint(webhooks, currentUser(request).id, request.body);
      return reply
        .status(201)
        .send({ data, message: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.' });
    },
  });

  app.route({
    ...fromContract(c.updateWebhook),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await hooks.updateEndpoint(webhooks, currentUser(request).id, request.params.id, request.body),
      message: 'Webhook endpoint updated',
    }),
  });

  app.route({
    ...fromContract(c.deleteWebhook),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await hooks.deleteEndpoint(webhooks, currentUser(request).id, request.params.id);
      return { data: null, message: 'Webhook endpoint deleted' };
    },
  });

  app.route({
    ...fromContract(c.listDeliveries),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await hooks.listDeliveries(webhooks, currentUser(request).id, request.params.id) }),
  });

  app.route({
    ...fromContract(c.resendDelivery),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      await hooks.resendDelivery(webhooks, currentUser(request).id, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ data: null, message: 'Delivery queued' });
    },
  });
};
