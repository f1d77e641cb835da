import { z } from 'zod';
import { INVALID_TEXT_MESSAGE, isValidText } from './text.js';
import { pagination, paginationQuery } from './common.js';

/** Direct messages and the support chat (spec §2 "Support chat", §3 "Chat message", DESIGN.md §6). */

export const MESSAGE_MAX_LENGTH = 2000;
/** Messages a thread loads at once, and what `joinConversation` sends as history. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_HISTORY_SIZE = 50;
/** Sends allowed per user in a sliding window. */
export const MESSAGE_RATE_LIMIT = { count: 10, windowMs: 5000 } as const;

export const MESSAGING_TEXT = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  self: 'You cannot message yourself',
  recipientMissing: 'Recipient not found',
  tooFast: 'You are sending messages too fast',
  notParticipant: 'You are not part of this conversation',
  messageMissing: 'Message not found',
  noSupport: 'Support is not available right now',
  supportOnlyAdmins: 'Only administrators can answer as support',
  sessionExpired: 'Your session has expired, please sign in again',
} as const;

export const messageContent = z
  .string({ error: MESSAGING_TEXT.empty })
  .trim()
  .min(1, MESSAGING_TEXT.empty)
  .max(MESSAGE_MAX_LENGTH, MESSAGING_TEXT.tooLong)
  // Socket messages do not pass the HTTP hooks; the same text rule applies to them here.
  .refine(isValidText, INVALID_TEXT_MESSAGE);

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** When the recipient read it; null while unread. */
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: chatUserSchema.extend({ isOnline: z.boolean() }),
  lastMessage: chatMessageSchema.nullable(),
  /** Messages to the viewer not read yet. */
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsQuery = paginationQuery;
export const conversationPage = z.object({ data: z.array(conversationSchema), pagination });
export type ConversationPage = z.infer<typeof conversationPage>;

export const messagesQuery = z.object({
  /** An ISO time or a message id: only messages older than it. */
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  /** Admins reading the support account's thread. */
  asSupport: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const messagePage = z.object({ data: z.array(chatMessageSchema), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;
