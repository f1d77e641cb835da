import { SOCKET_EVENTS, notificationsContracts as c } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import {
  NOTIFICATIONS_TEXT,
  getSettings,
  listNotifications,
  markRead,
  missedNotifications,
  unreadCount,
  unsubscribe,
  updateSettings,
} from './notifications.service.js';
import { notificationsDeps, notificationsQueueDefinition } from './notifications.worker.js';

/** The signed-in person's notifications and their settings; unsubscribe works from an email's link. */
export const notificationsRoutes: AppModule = async (app, ctx) => {
  // Requests queue activities here, so the queue exists in every API process.
  await ctx.queue.define(notificationsQueueDefinition);
  const deps = notificationsDeps(ctx, app.log);
  // A reconnecting socket hears the notifications it missed, in order, each as `notification`.
  ctx.realtime.onCatchUp(async (socket, since, limit) => {
    const missed = await missedNotifications(deps, socket.data.user.id, since, limit);
    for (const notification of missed.notifications)
      socket.emit(SOCKET_EVENTS.notification, { notification, unread: missed.unread });
    return { sent: missed.notifications.length, complete: missed.complete };
  });

  app.route({
    ...fromContract(c.list),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => listNotifications(deps, currentUser(request).id, request.query),
  });

  app.route({
    ...fromContract(c.unreadCount),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { unread: await unreadCount(deps, currentUser(request).id) } }),
  });

  app.route({
    ...fromContract(c.read),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { unread: await markRead(deps, currentUser(request).id, request.params.id) } }),
  });

  app.route({
    ...fromContract(c.readAll),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { unread: await markRead(deps, currentUser(request).id) } }),
  });

  app.route({
    ...fromContract(c.settings),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => getSettings(deps, currentUser(request).id),
  });

  app.route({
    ...fromContract(c.updateSettings),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => updateSettings(deps, currentUser(request).id, request.body),
  });

  app.route({
    ...fromContract(c.unsubscribe),
    handler: async (request) => {
      const kind = await unsubscribe(deps, request.query.token);
      return { data: { kind }, message: NOTIFICATIONS_TEXT.unsubscribed(kind) };
    },
  });
};
