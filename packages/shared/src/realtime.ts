import type { Content, ContentStatus } from './schemas/content.js';
import type { ChatMessage, Conversation } from './schemas/messaging.js';
import type { Notification } from './schemas/notifications.js';

/**
 * Socket.IO event names and payloads, both directions (DESIGN.md §4: `auth: { token }` in the
 * handshake). Each user's sockets share the room `user:<id>`, so an event reaches every open tab.
 */
export const SOCKET_EVENTS = {
  generationProgress: 'generation:progress',
  generationCompleted: 'generation:completed',
  generationFailed: 'generation:failed',
  creditsUpdated: 'credits:updated',
  applicationUpdated: 'application:updated',
  notification: 'notification',
  notificationsUnread: 'notifications:unread',
} as const;

export const userRoom = (userId: string): string => `user:${userId}`;

export interface GenerationProgressPayload {
  contentId: string;
  status: ContentStatus;
  /** 0-100. */
  progress: number;
}

export interface GenerationCompletedPayload {
  content: Content;
}

export interface GenerationFailedPayload {
  contentId: string;
  reason: string;
  /** Credits given back for this item (0 when nothing was charged). */
  refunded: number;
}

export interface CreditsUpdatedPayload {
  credits: number;
}

/** To the applicant when someone else (the job's owner or an admin) changes their application's status. */
export interface ApplicationUpdatedPayload {
  applicationId: string;
  jobId: string;
  jobTitle: string;
  company: string;
  status: string;
}

/** A new notification, or a grouped one updated (more likes), with the person's unread count. */
export interface NotificationPayload {
  notification: Notification;
  unread: number;
}

/** The unread count after it changed otherwise: read (in another tab, say), or one withdrawn. */
export interface NotificationsUnreadPayload {
  unread: number;
}

export interface ServerToClientEvents {
  'generation:progress': (payload: GenerationProgressPayload) => void;
  'generation:completed': (payload: GenerationCompletedPayload) => void;
  'generation:failed': (payload: GenerationFailedPayload) => void;
  'credits:updated': (payload: CreditsUpdatedPayload) => void;
  'application:updated': (payload: ApplicationUpdatedPayload) => void;
  notification: (payload: NotificationPayload) => void;
  'notifications:unread': (payload: NotificationsUnreadPayload) => void;
  /**
   * To the sender's socket that sent it, once the message is stored, when `sendMessage` asked for no
   * acknowledgement; otherwise the acknowledgement carries the message instead.
   */
  messageSent: (payload: ChatMessage) => void;
  messageError: (payload: MessageErrorPayload) => void;
  /** To every socket of the recipient and the sender's other tabs. */
  newMessage: (payload: ChatMessage) => void;
  typing: (payload: TypingPayload) => void;
  stopTyping: (payload: TypingPayload) => void;
  /** Latest messages (oldest first) on joinConversation. */
  messageHistory: (payload: MessageHistoryPayload) => void;
  /** Read receipt to the sender. */
  messageRead: (payload: MessageReadPayload) => void;
  presence: (payload: PresencePayload) => void;
  /** The conversation as the receiving user sees it (their unread count). */
  conversationUpdated: (payload: ConversationUpdatedPayload) => void;
  /**
   * This process may have missed events from the others (its LISTEN connection came back): the
   * client asks for what it missed with `catchUp` and its cursor.
   */
  resync: () => void;
  /** Ends a catch-up (on every connect, and after `catchUp`): what was replayed before it, and the new floor. */
  caughtUp: (payload: CaughtUpPayload) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Messaging. `asSupport` is honoured only for admins: they then act as the support account (the
 * fixed recipient of the support chat), whoever of them is answering.
 */
export interface MessageErrorPayload {
  message: string;
}
export interface TypingPayload {
  senderId: string;
  /** The other participant, from the receiver's side (the support account for agents). */
  recipientId: string;
}
export interface MessageHistoryPayload {
  otherUserId: string;
  messages: ChatMessage[];
  hasMore: boolean;
}
export interface MessageReadPayload {
  messageId: string;
  messageIds: string[];
  readAt: string;
  readerId: string;
}
export interface PresencePayload {
  userId: string;
  isOnline: boolean;
}
export interface ConversationUpdatedPayload {
  conversation: Conversation;
  /** Set when the conversation belongs to the support inbox (sent to agents). */
  isSupport?: boolean;
}

export interface SendMessageRequest {
  recipientId: string;
  content: string;
  asSupport?: boolean;
  /** The client's own id for the message, echoed back so an optimistic copy can be replaced. */
  clientId?: string;
}
export type SendMessageAck = { ok: true; message: ChatMessage; clientId?: string } | { ok: false; error: string };
export interface TypingRequest {
  recipientId: string;
  asSupport?: boolean;
}
export interface ConversationRequest {
  otherUserId: string;
  asSupport?: boolean;
}
export interface MarkAsReadRequest {
  messageId?: string;
  messageIds?: string[];
  asSupport?: boolean;
}
export type MarkAsReadAck = { ok: true; readAt: string | null; messageIds: string[] } | { ok: false; error: string };
export interface OnlineUsersRequest {
  userIds: string[];
}
/**
 * What a client already holds, sent in the handshake (`auth.since`, `{}` when it holds nothing
 * yet; a client that sends no `since` gets no `caughtUp`) and with `catchUp`: the server
 * replays to that socket, in order, the messages of the person's conversations stored after
 * `messageId` (else after `at`) as `newMessage`, and the notifications updated after
 * `notificationsAt` (else after `at`) as `notification`, then sends `caughtUp`. Without a cursor
 * nothing is replayed.
 */
export interface CatchUpCursor {
  /** The newest message the client holds. */
  messageId?: string;
  /** The `updatedAt` of the newest notification the client holds. */
  notificationsAt?: string;
  /** The `at` of the last `caughtUp`: the floor when nothing newer was heard since. */
  at?: string;
}
export interface CaughtUpPayload {
  /** The server's time when the replay began; the client's next floor. */
  at: string;
  /** How many events were replayed before this one. */
  replayed: number;
  /** False when there was more to replay than one catch-up sends: the client reloads its lists instead. */
  complete: boolean;
}
export type CatchUpAck = { ok: true } & CaughtUpPayload;

export type OnlineUsersAck = { ok: true; online: Record<string, boolean> } | { ok: false; error: string };

export interface ClientToServerEvents {
  goOnline: () => void;
  goOffline: () => void;
  typing: (payload: TypingRequest) => void;
  stopTyping: (payload: TypingRequest) => void;
  joinConversation: (payload: ConversationRequest) => void;
  leaveConversation: (payload: ConversationRequest) => void;
  sendMessage: (payload: SendMessageRequest, ack?: (result: SendMessageAck) => void) => void;
  markAsRead: (payload: MarkAsReadRequest | string, ack?: (result: MarkAsReadAck) => void) => void;
  getOnlineUsers: (payload: OnlineUsersRequest | string[], ack?: (result: OnlineUsersAck) => void) => void;
  catchUp: (since: CatchUpCursor, ack?: (result: CatchUpAck) => void) => void;
}
