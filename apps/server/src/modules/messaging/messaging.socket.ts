import { decodeJwt } from 'jose';
import { MESSAGING_TEXT } from '@atelier/shared';
import { resolveAuth, type TokenService } from '../../platform/http/auth.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { CatchUpHandler, RealtimeSocket } from '../../platform/realtime/realtime.js';
import * as messaging from './messaging.service.js';

type Ack<T> = ((result: T) => void) | undefined;

/** The handshake's access token, which the server already checked on connect. */
function handshakeToken(socket: RealtimeSocket): string {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const header = socket.handshake.headers.authorization;
  const raw =
    typeof auth?.token === 'string' && auth.token !== '' ? auth.token : typeof header === 'string' ? header : '';
  return raw.replace(/^Bearer\s+/i, '');
}

/** The access token's expiry (ms since epoch). */
function tokenExpiry(token: string): number | null {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const flag = (v: unknown): boolean => v === true;

/**
 * The messaging events of one authenticated socket (spec §7 "Real-time socket"). Every event is
 * refused once the access token has expired: the socket is told why and dropped, and the client
 * reconnects with its refreshed token.
 */
export function registerMessagingSocket(
  deps: messaging.MessagingDeps,
  tokens: TokenService,
  socket: RealtimeSocket,
): void {
  const user = socket.data.user;
  const token = handshakeToken(socket);
  const expiresAt = tokenExpiry(token);
  /**
   * Privileged events are checked against the live session, so signing out stops a socket at once;
   * the role comes back with it from the database, not from when the socket connected.
   */
  const requireLiveSession = async () => {
    try {
      return await resolveAuth(deps.db, tokens, token);
    } catch (err) {
      setTimeout(() => socket.disconnect(true), 0);
      throw err;
    }
  };
  /** Acting as the support account is for admins as they are now: the role is read again first. */
  const actorId = async (asSupport: boolean) =>
    asSupport ? messaging.actingId(deps, await requireLiveSession(), true) : user.id;
  if (user.role === 'admin') void socket.join(messaging.SUPPORT_AGENTS_ROOM);

  const expire = () => {
    socket.emit('messageError', { message: MESSAGING_TEXT.sessionExpired });
    socket.disconnect(true);
  };
  const isExpired = () => expiresAt !== null && deps.clock().getTime() >= expiresAt;
  // The timer covers an idle socket; the per-event check covers a clock that runs differently.
  const timer =
    expiresAt !== null ? setTimeout(expire, Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1))) : null;
  timer?.unref();

  // Presence announces changes itself (its onChange) and runs one socket's changes in order.
  const goOnline = () => deps.presence.add(user.id, socket.id);
  const goOffline = () => deps.presence.remove(user.id, socket.id);
  void goOnline().catch(() => undefined);

  /** Runs one event: refuses it after expiry, turns failures into `messageError` and a failed ack. */
  function handle<T>(work: () => Promise<T>, ack?: Ack<T | { ok: false; error: string }>, reportErrors = true) {
    if (isExpired()) {
      ack?.({ ok: false, error: MESSAGING_TEXT.sessionExpired });
      expire();
      return;
    }
    work().then(
      (result) => ack?.(result),
      (err: unknown) => {
        const message = messaging.messagingErrorText(err);
        // Refusals the person can act on are expected; anything else is worth a log line.
        if (!(err instanceof AppError)) socket.data.log.error({ err }, 'socket event failed');
        if (reportErrors) socket.emit('messageError', { message });
        ack?.({ ok: false, error: message });
      },
    );
  }

  // A presence hiccup is not the person's to act on: nothing is shown, the next change corrects it.
  socket.on('goOnline', () => handle(async () => void (await goOnline()), undefined, false));
  socket.on('goOffline', () => handle(async () => void (await goOffline()), undefined, false));

  for (const event of ['typing', 'stopTyping'] as const) {
    socket.on(event, (payload) =>
      handle(
        async () => {
          const p = asObject(payload);
          const senderId = await actorId(flag(p.asSupport));
          await messaging.relayTyping(deps, event, senderId, p.recipientId);
        },
        undefined,
        false,
      ),
    );
  }

  socket.on('joinConversation', (payload) =>
    handle(async () => {
      const p = asObject(payload);
      const viewerId = await actorId(flag(p.asSupport));
      if (typeof p.otherUserId !== 'string' || !/^[0-9a-f-]{36}$/i.test(p.otherUserId))
        throw notFound(MESSAGING_TEXT.recipientMissing);
      socket.emit('messageHistory', await messaging.history(deps, viewerId, p.otherUserId));
    }),
  );
  // Nothing is held per open thread on the server: history is sent on join and new messages reach
  // every socket of the participants anyway, so leaving needs no work.
  socket.on('leaveConversation', () => handle(async () => undefined));

  // The sender hears its message once: in the acknowledgement when it asked for one, else as
  // `messageSent` (spec §7), never both.
  socket.on('sendMessage', (payload, ack) =>
    handle(
      async () => {
        const p = asObject(payload);
        // The session is checked by the statement that stores the message, not by one of its own.
        const message = await messaging
          .sendMessage(deps, {
            author: { id: user.id, sessionId: user.sessionId },
            asSupport: flag(p.asSupport),
            recipientId: p.recipientId,
            content: p.content,
            exceptSocketId: socket.id,
          })
          .catch((err: unknown) => {
            if (err instanceof AppError && err.statusCode === 401) setTimeout(() => socket.disconnect(true), 0);
            throw err;
          });
        if (typeof ack !== 'function') socket.emit('messageSent', message);
        const clientId = typeof p.clientId === 'string' ? p.clientId : undefined;
        return { ok: true as const, message, ...(clientId ? { clientId } : {}) };
      },
      typeof ack === 'function' ? ack : undefined,
    ),
  );

  socket.on('markAsRead', (payload, ack) =>
    handle(
      async () => {
        const p = typeof payload === 'string' ? { messageId: payload } : asObject(payload);
        const readerId = await actorId(flag(p.asSupport));
        const ids = Array.isArray(p.messageIds) ? p.messageIds : [p.messageId];
        const result = await messaging.markMessagesRead(deps, readerId, ids as string[]);
        return { ok: true as const, ...result };
      },
      typeof ack === 'function' ? ack : undefined,
    ),
  );

  socket.on('getOnlineUsers', (payload, ack) =>
    handle(
      async () => {
        const ids = Array.isArray(payload) ? payload : asObject(payload).userIds;
        const asked = Array.isArray(ids) ? ids.slice(0, 500).filter((id): id is string => typeof id === 'string') : [];
        const live = await messaging.shownOnline(deps, user.id, asked);
        const online: Record<string, boolean> = {};
        for (const id of asked) online[id] = live.has(id);
        return { ok: true as const, online };
      },
      typeof ack === 'function' ? ack : undefined,
    ),
  );

  socket.on('disconnect', () => {
    if (timer) clearTimeout(timer);
    void goOffline().catch(() => undefined);
  });
}

/** The messages part of a reconnecting socket's catch-up: each missed message as `newMessage`, in order. */
export function messagingCatchUp(deps: messaging.MessagingDeps): CatchUpHandler {
  return async (socket, since, limit) => {
    const { messages, complete } = await messaging.missedMessages(deps, socket.data.user, since, limit);
    for (const message of messages) socket.emit('newMessage', message);
    return { sent: messages.length, complete };
  };
}
