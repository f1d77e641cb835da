import { z } from 'zod';
import {
  MESSAGING_TEXT,
  chatUserSchema,
  conversationPage,
  conversationsQuery,
  messagePage,
  messagesQuery,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import type { AppModule } from '../../platform/http/types.js';
import * as messaging from './messaging.service.js';
import { registerMessagingSocket } from './messaging.socket.js';
import { webhooksFor } from '../developers/index.js';

const userParams = z.object({ userId: z.uuid({ error: MESSAGING_TEXT.recipientMissing }) });
const supportQuery = z.object({
  asSupport: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
const security = [{ bearer: [] }];

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
    webhooks: webhooksFor(ctx, app.log),
  };
  ctx.realtime.onConnection((socket) => registerMessagingSocket(deps, ctx.tokens, socket));

  app.get(
    '/messages/conversations',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'Your conversations, most recent first',
        security,
        querystring: conversationsQuery,
        response: { 200: conversationPage },
      },
    },
    async (request) =>
      messaging.listConversations(deps, currentUser(request).id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/messages/conversations/:userId/messages',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'A thread, oldest to newest, paged backwards with `before` (a time or a message id)',
        security,
        params: userParams,
        querystring: messagesQuery,
        response: { 200: messagePage },
      },
    },
    async (request) => {
      const viewerId = await messaging.actingId(deps, currentUser(request), request.query.asSupport);
      return messaging.listMessages(deps, viewerId, request.params.userId, request.query);
    },
  );

  app.post(
    '/messages/conversations/:userId/read',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'Mark every message from this person as read',
        security,
        params: userParams,
        querystring: supportQuery,
        response: { 200: z.object({ data: z.object({ count: z.number().int(), readAt: z.string().nullable() }) }) },
      },
    },
    async (request) => {
      const viewerId = await messaging.actingId(deps, currentUser(request), request.query.asSupport);
      return { data: await messaging.markConversationRead(deps, viewerId, request.params.userId) };
    },
  );

  app.get(
    '/messages/users/:userId',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'Who a thread is with, before any message exists',
        security,
        params: userParams,
        response: { 200: z.object({ data: chatUserSchema.extend({ isOnline: z.boolean() }) }) },
      },
    },
    async (request) => ({ data: await messaging.chatPartner(deps, currentUser(request).id, request.params.userId) }),
  );

  app.get(
    '/messages/unread-count',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'Messages to you not read yet',
        security,
        response: { 200: z.object({ data: z.object({ count: z.number().int() }) }) },
      },
    },
    async (request) => ({ data: { count: await messaging.unreadCount(deps, currentUser(request).id) } }),
  );

  app.get(
    '/messages/support',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['messaging'],
        summary: 'The fixed recipient of the support chat',
        security,
        response: { 200: z.object({ data: z.object({ supportUser: chatUserSchema }) }) },
      },
    },
    async () => ({ data: { supportUser: await messaging.supportAccount(deps) } }),
  );

  app.get(
    '/messages/support/inbox',
    {
      preHandler: ctx.auth.requireAdmin,
      schema: {
        tags: ['messaging'],
        summary: "The support account's conversations (admins)",
        security,
        querystring: conversationsQuery,
        response: { 200: conversationPage.extend({ supportUser: chatUserSchema }) },
      },
    },
    async (request) => {
      const supportUser = await messaging.supportAccount(deps);
      const page = await messaging.listConversations(deps, supportUser.id, request.query.page, request.query.pageSize);
      return { ...page, supportUser };
    },
  );
};
