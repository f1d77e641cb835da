import { messagesSent } from '../../platform/observability/metrics.js';
import {
  MODERATION_TEXT,
  MESSAGE_HISTORY_SIZE,
  MESSAGE_RATE_LIMIT,
  MESSAGING_TEXT,
  MSG,
  makePagination,
  messageContent,
  userRoom,
  type CatchUpCursor,
  type ChatMessage,
  type ChatUser,
  type Conversation,
  type ConversationPage,
  type MessagePage,
  type ServerEventName,
  type ServerEventPayload,
} from '@atelier/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/db.js';
import { sessionEnded, type AuthUser } from '../../platform/http/auth.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../platform/http/errors.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { findLiveSession, findSupportAccount } from '../auth/index.js';
import type { Presence } from './messaging.presence.js';
import * as repo from './messaging.repository.js';
import type { ConversationRow } from './messaging.schema.js';
import type { WebhookEmitter, Webhooks } from '../../platform/webhooks.js';

/** Admins' sockets share this room, so whichever of them is on duty hears the support inbox. */
export const SUPPORT_AGENTS_ROOM = 'support:agents';

export interface MessagingDeps {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'SUPPORT_EMAIL'>;
  realtime: Realtime;
  /** Shared by every process through the database; see messaging.presence.ts. */
  presence: Presence;
  /** Tells the recipient's webhook endpoints (`message.received`). */
  webhooks?: WebhookEmitter;
  /** Lets the send statement say whether the recipient's endpoints listen (with `webhooks`). */
  webhookListening?: Webhooks['listening'];
}

/** The text a socket client is shown: the reason when it is meant for them, else the spec's default. */
export const messagingErrorText = (err: unknown): string =>
  err instanceof AppError ? err.message : MSG.messaging.sendFailed;

export async function supportAccount(deps: MessagingDeps): Promise<ChatUser> {
  const row = await findSupportAccount(deps.db, deps.config);
  if (!row) throw notFound(MESSAGING_TEXT.noSupport);
  return { id: row.id, username: row.username, fullName: row.fullName, avatar: row.avatar };
}

async function supportIdOrNull(deps: MessagingDeps): Promise<string | null> {
  return (await findSupportAccount(deps.db, deps.config))?.id ?? null;
}

/**
 * The account a person acts as: themselves, or (admins only, with `asSupport`) the support account,
 * so every admin answers the support chat under the one fixed support identity.
 */
export async function actingId(deps: MessagingDeps, user: AuthUser, asSupport: boolean | undefined): Promise<string> {
  if (!asSupport) return user.id;
  if (user.role !== 'admin') throw forbidden(MESSAGING_TEXT.supportOnlyAdmins);
  return (await supportAccount(deps)).id;
}

/** The rooms of every socket of these people (and the support agents when one is the support account). */
function roomsOf(supportId: string | null, userIds: readonly string[]): string[] {
  const rooms = userIds.map(userRoom);
  if (supportId !== null && userIds.includes(supportId)) rooms.push(SUPPORT_AGENTS_ROOM);
  return rooms;
}

/**
 * Sends to every socket of `userId` (and the support agents when it is the support account), or
 * of several people at once: one broadcast, so the payload is encoded and published once, and a
 * socket in several of the rooms hears it once.
 */
function emitTo<E extends ServerEventName>(
  deps: MessagingDeps,
  supportId: string | null,
  userId: string | readonly string[],
  event: E,
  payload: ServerEventPayload<E>,
  exceptSocketId?: string,
): void {
  const rooms = roomsOf(supportId, typeof userId === 'string' ? [userId] : userId);
  let target = deps.realtime.io.to(rooms);
  if (exceptSocketId) target = target.except(exceptSocketId);
  (target.emit as (e: string, p: unknown) => boolean)(event, payload);
}

function toConversation(view: repo.ConversationView, online: Set<string>): Conversation {
  return {
    id: view.conversation.id,
    otherUser: { ...view.otherUser, isOnline: online.has(view.otherUser.id) },
    lastMessage: view.lastMessage ? repo.toChatMessage(view.lastMessage) : null,
    unreadCount: view.unreadCount,
    updatedAt: (view.conversation.lastMessageAt ?? view.conversation.updatedAt).toISOString(),
  };
}

/**
 * `conversationUpdated` to both people of a conversation (after a send or a read), each seeing the
 * other person, the latest message and their own unread count; both sides are read in one go.
 */
async function announceBothSides(deps: MessagingDeps, supportId: string | null, conversation: ConversationRow) {
  const { sides, lastMessage } = await repo.conversationSides(deps.db, conversation.id);
  await announceSides(deps, supportId, conversation, sides, lastMessage);
}

async function announceSides(
  deps: MessagingDeps,
  supportId: string | null,
  conversation: ConversationRow,
  sides: repo.ConversationSide[],
  lastMessage: repo.ConversationView['lastMessage'],
) {
  const online = await deps.presence.knownOnline(sides.map((s) => s.user.id));
  for (const viewer of sides) {
    const other = sides.find((s) => s.user.id !== viewer.user.id);
    // listConversations hides a conversation whose other side deleted their account; so does this.
    if (!other || other.isDeleted) continue;
    // Presence follows profile privacy: a private profile's presence is for admins only.
    const shown = other.hasPrivateProfile && !viewer.isAdmin ? new Set<string>() : online;
    const view = { conversation, otherUser: other.user, lastMessage, unreadCount: viewer.unreadCount };
    emitTo(deps, supportId, viewer.user.id, 'conversationUpdated', {
      conversation: toConversation(view, shown),
      isSupport: viewer.user.id === supportId,
    });
  }
}

export async function listConversations(
  deps: MessagingDeps,
  viewerId: string,
  page: number,
  pageSize: number,
): Promise<ConversationPage> {
  const { items, total } = await repo.listConversations(deps.db, viewerId, { page, pageSize });
  const online = await shownOnline(deps, viewerId, items.map((v) => v.otherUser.id));
  return { data: items.map((v) => toConversation(v, online)), pagination: makePagination(page, pageSize, total) };
}

async function requireOther(deps: MessagingDeps, viewerId: string, otherUserId: string): Promise<ChatUser> {
  if (otherUserId === viewerId) throw badRequest(MESSAGING_TEXT.self);
  const other = await repo.findChatUser(deps.db, otherUserId);
  if (!other) throw notFound(MESSAGING_TEXT.recipientMissing);
  return other;
}

export async function chatPartner(deps: MessagingDeps, viewerId: string, userId: string): Promise<ChatUser & { isOnline: boolean }> {
  const other = await repo.findChatUser(deps.db, userId);
  if (!other) throw notFound(MESSAGING_TEXT.recipientMissing);
  return { ...other, isOnline: (await shownOnline(deps, viewerId, [other.id])).has(other.id) };
}

/**
 * Who of `ids` is online, as `viewerId` may know it: presence is shown only for people whose
 * profile the viewer may see (REST and sockets both ask here).
 */
export async function shownOnline(deps: MessagingDeps, viewerId: string, ids: readonly string[]): Promise<Set<string>> {
  const online = await deps.presence.onlineAmong(ids);
  if (online.size === 0) return online;
  const visible = await repo.presenceVisibleTo(deps.db, viewerId, [...online]);
  return new Set([...online].filter((id) => visible.has(id)));
}

export async function listMessages(
  deps: MessagingDeps,
  viewerId: string,
  otherUserId: string,
  opts: { before?: string; limit: number },
): Promise<MessagePage> {
  await requireOther(deps, viewerId, otherUserId);
  const conversation = await repo.findConversation(deps.db, viewerId, otherUserId);
  if (!conversation) return { data: [], hasMore: false };
  let before: { createdAt: Date } | { seq: number } | undefined;
  if (opts.before) {
    if (/^[0-9a-f-]{36}$/i.test(opts.before)) {
      const anchor = await repo.findMessage(deps.db, opts.before);
      if (!anchor || anchor.conversationId !== conversation.id) throw notFound(MESSAGING_TEXT.messageMissing);
      before = { seq: anchor.seq };
    } else {
      const at = new Date(opts.before);
      if (Number.isNaN(at.getTime())) throw badRequest('before must be a time or a message id');
      before = { createdAt: at };
    }
  }
  const page = await repo.listMessages(deps.db, conversation.id, { before, limit: opts.limit });
  return { data: page.messages.map(repo.toChatMessage), hasMore: page.hasMore };
}

export async function history(deps: MessagingDeps, viewerId: string, otherUserId: string) {
  const page = await listMessages(deps, viewerId, otherUserId, { limit: MESSAGE_HISTORY_SIZE });
  return { otherUserId, messages: page.data, hasMore: page.hasMore };
}

export interface SendInput {
  /** The person typing and the session they type in: the send limit is theirs, the session must be live. */
  author: { id: string; sessionId: string };
  /** An admin answering as the support account; their role is read again with the send. */
  asSupport: boolean;
  recipientId: unknown;
  content: unknown;
  /** The socket that sent it, which is answered rather than sent `newMessage`. */
  exceptSocketId?: string;
}

/** What is wrong with a send before the database is asked, in the order the person is told. */
function formProblem(input: SendInput): { content: string; recipientId: string } | AppError {
  const parsed = messageContent.safeParse(input.content);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? MESSAGING_TEXT.empty);
  if (typeof input.recipientId !== 'string' || input.recipientId === '') return notFound(MESSAGING_TEXT.recipientMissing);
  // Acting as support, the sender is known only once the database names the support account.
  if (!input.asSupport && input.recipientId === input.author.id) return badRequest(MESSAGING_TEXT.self);
  if (!/^[0-9a-f-]{36}$/i.test(input.recipientId)) return notFound(MESSAGING_TEXT.recipientMissing);
  return { content: parsed.data, recipientId: input.recipientId };
}

/** The session and the role come before what is wrong with the message itself. */
async function refuse(deps: MessagingDeps, input: SendInput, problem: AppError): Promise<never> {
  const live = await findLiveSession(deps.db, input.author.sessionId, input.author.id);
  if (!live) throw sessionEnded();
  await actingId(deps, { ...input.author, role: live.role }, input.asSupport);
  throw problem;
}

/**
 * Checks the session, the role (acting as support), the recipient and the send limit, and stores
 * the message, in one statement; then tells everyone: the recipient's sockets, the sender's other
 * tabs (not `exceptSocketId`, the one that sent it, which is answered by the caller), both
 * conversation lists, and the recipient's webhooks. The send limit counts the author even when they act as support.
 */
export async function sendMessage(deps: MessagingDeps, input: SendInput): Promise<ChatMessage> {
  const form = formProblem(input);
  if (form instanceof AppError) return refuse(deps, input, form);
  const result = await repo.storeMessage(deps.db, {
    authorId: input.author.id,
    sessionId: input.author.sessionId,
    sender: input.asSupport ? 'support' : 'author',
    support: deps.config,
    recipientId: form.recipientId,
    content: form.content,
    now: deps.clock(),
    limit: MESSAGE_RATE_LIMIT,
    webhookListening: deps.webhooks ? deps.webhookListening : undefined,
  });
  if (result.role === null) throw sessionEnded();
  if (input.asSupport && result.role !== 'admin') throw forbidden(MESSAGING_TEXT.supportOnlyAdmins);
  if (result.senderId === null) throw notFound(MESSAGING_TEXT.noSupport);
  if (result.senderId === form.recipientId.toLowerCase()) throw badRequest(MESSAGING_TEXT.self);
  if (!result.recipientFound) throw notFound(MESSAGING_TEXT.recipientMissing);
  if (result.isBlocked) throw forbidden(MODERATION_TEXT.cannotMessage);
  if (!result.stored) throw tooManyRequests(MESSAGING_TEXT.tooFast);
  messagesSent.inc();
  const { stored, supportId, senderId } = result;
  const message = repo.toChatMessage(stored.message);
  if (message.recipientId === supportId) {
    // The agents' room may hold the sending socket (an admin writing to support as themselves): it hears it too.
    emitTo(deps, supportId, message.recipientId, 'newMessage', message);
    emitTo(deps, supportId, senderId, 'newMessage', message, input.exceptSocketId);
  } else {
    // The recipient's sockets and the sender's other tabs, in one broadcast.
    emitTo(deps, supportId, [message.recipientId, senderId], 'newMessage', message, input.exceptSocketId);
  }
  await announceSides(deps, supportId, stored.conversation, stored.sides, stored.message);
  // The send statement said whether the recipient listens: usually not, and then there is nothing to record.
  if (result.recipientListens) {
    await deps.webhooks?.emit({
      userId: message.recipientId,
      type: 'message.received',
      key: message.id,
      data: { messageId: message.id, senderId, createdAt: message.createdAt },
    });
  }
  return message;
}

async function announceReads(deps: MessagingDeps, readerId: string, rows: Awaited<ReturnType<typeof repo.markRead>>) {
  if (rows.length === 0) return;
  const supportId = await supportIdOrNull(deps);
  const bySender = new Map<string, typeof rows>();
  for (const row of rows) bySender.set(row.senderId, [...(bySender.get(row.senderId) ?? []), row]);
  for (const [senderId, read] of bySender) {
    const messageIds = read.map((r) => r.id);
    emitTo(deps, supportId, senderId, 'messageRead', {
      messageId: messageIds[0] ?? '',
      messageIds,
      readAt: (read[0]?.readAt ?? deps.clock()).toISOString(),
      readerId,
    });
    const conversation = await repo.findConversation(deps.db, readerId, senderId);
    if (conversation) await announceBothSides(deps, supportId, conversation);
  }
}

/** Read receipts for chosen messages; only a participant may name a message. */
export async function markMessagesRead(deps: MessagingDeps, readerId: string, messageIds: string[]) {
  const ids = [...new Set(messageIds.filter((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)))];
  if (ids.length === 0 || ids.length !== messageIds.length) throw notFound(MESSAGING_TEXT.messageMissing);
  const found = await repo.findMessages(deps.db, ids);
  if (found.length !== ids.length) throw notFound(MESSAGING_TEXT.messageMissing);
  if (found.some((m) => m.senderId !== readerId && m.recipientId !== readerId))
    throw forbidden(MESSAGING_TEXT.notParticipant);
  const rows = await repo.markRead(deps.db, { readerId, messageIds: ids, now: deps.clock() });
  await announceReads(deps, readerId, rows);
  return { readAt: rows[0]?.readAt?.toISOString() ?? null, messageIds: rows.map((r) => r.id) };
}

export async function markConversationRead(deps: MessagingDeps, readerId: string, otherUserId: string) {
  await requireOther(deps, readerId, otherUserId);
  const conversation = await repo.findConversation(deps.db, readerId, otherUserId);
  if (!conversation) return { count: 0, readAt: null };
  const rows = await repo.markRead(deps.db, { readerId, conversationId: conversation.id, now: deps.clock() });
  await announceReads(deps, readerId, rows);
  return { count: rows.length, readAt: rows[0]?.readAt?.toISOString() ?? null };
}

export const unreadCount = (deps: MessagingDeps, userId: string) => repo.unreadCount(deps.db, userId);

export async function relayTyping(
  deps: MessagingDeps,
  event: 'typing' | 'stopTyping',
  senderId: string,
  recipientId: unknown,
): Promise<void> {
  if (typeof recipientId !== 'string' || recipientId === senderId || recipientId === '') return;
  const supportId = await supportIdOrNull(deps);
  // The receiver hears who is typing to them; recipientId names the receiver's own side.
  emitTo(deps, supportId, recipientId, event, { senderId, recipientId });
}

/** Tells everyone who shares a conversation with the user that they came or went. */
export async function announcePresence(deps: MessagingDeps, userId: string, isOnline: boolean): Promise<void> {
  const partners = await repo.conversationPartners(deps.db, userId);
  const supportId = await supportIdOrNull(deps);
  for (const partner of partners) emitTo(deps, supportId, partner, 'presence', { userId, isOnline });
}

/**
 * What a reconnecting socket missed (its catch-up): the messages of the person's conversations,
 * and for an admin the support account's, stored after the client's newest, in stored order.
 */
export async function missedMessages(
  deps: MessagingDeps,
  user: Pick<AuthUser, 'id' | 'role'>,
  since: CatchUpCursor,
  limit: number,
): Promise<{ messages: ChatMessage[]; complete: boolean }> {
  if (!since.messageId && !since.at) return { messages: [], complete: true };
  const supportId = user.role === 'admin' ? await supportIdOrNull(deps) : null;
  const rows = await repo.messagesAfter(
    deps.db,
    supportId && supportId !== user.id ? [user.id, supportId] : [user.id],
    { afterId: since.messageId, afterAt: since.at ? new Date(since.at) : undefined },
    limit,
  );
  return { messages: rows.slice(0, limit).map(repo.toChatMessage), complete: rows.length <= limit };
}
