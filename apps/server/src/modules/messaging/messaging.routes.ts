import { messagingContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import * as messaging from './messaging.service.js';
import { messagingCatchUp, registerMessagingSocket } from './messaging.socket.js';

/**
 * Direct messages and the support chat. Sockets carry the live traffic (messaging.socket.ts); these
 * routes serve lists, older pages and read marks. Admins pass `asSupport=true` to act as the support
 * account, which is how every admin answers the support inbox under one identity.
 */
export const messagingRoutes: AppModule = (app, ctx) => {
  const deps: messaging.MessagingDeps = {
    db: ctx.database.db,
    clock: ctx.clock,
    config: ctx.config,
    realtime: ctx.realtime,
    presence: ctx.presence,
    webhooks: ctx.webhooks.emitter(app.log),
    webhookListening: ctx.webhooks.listening,
  };
  ctx.realtime.onConnection((socket) => registerMessagingSocket(deps, ctx.tokens, socket));
  ctx.realtime.onCatchUp(messagingCatchUp(deps));

  const c = messagingContracts;

  app.route({
    ...fromContract(c.conversations),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) =>
      messaging.listConversations(deps, currentUser(request).id, request.query.page, request.query.pageSize),
  });

  app.route({
    ...fromContract(c.thread),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const viewerId = await messaging.actingId(deps, currentUser(request), request.query.asSupport);
      return messaging.listMessages(deps, viewerId, request.params.userId, request.query);
    },
  });

  app.route({
    ...fromContract(c.markRead),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const viewerId = await messaging.actingId(deps, currentUser(request), request.query.asSupport);
      return { data: await messaging.markConversationRead(deps, viewerId, request.params.userId) };
    },
  });

  app.route({
    ...fromContract(c.partner),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await messaging.chatPartner(deps, currentUser(request).id, request.params.userId) }),
  });

  app.route({
    ...fromContract(c.unreadCount),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { count: await messaging.unreadCount(deps, currentUser(request).id) } }),
  });

  app.route({
    ...fromContract(c.support),
    preHandler: ctx.auth.requireAuth,
    handler: async () => ({ data: { supportUser: await messaging.supportAccount(deps) } }),
  });

  app.route({
    ...fromContract(c.supportInbox),
    preHandler: ctx.auth.requireAdmin,
    handler: async (request) => {
      const supportUser = await messaging.supportAccount(deps);
      const page = await messaging.listConversations(deps, supportUser.id, request.query.page, request.query.pageSize);
      return { ...page, supportUser };
    },
  });
};
