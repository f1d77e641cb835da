import { z } from 'zod';
import { MESSAGING_TEXT, chatUserSchema, conversationPage, conversationsQuery, messagePage, messagesQuery } from '../schemas/messaging.js';
import { contract } from './contract.js';
import { messagingEndpoints as m } from './messaging.endpoints.js';

const userParams = z.object({ userId: z.uuid({ error: MESSAGING_TEXT.recipientMissing }) });
/** Admins act as the support account with `asSupport=true`. */
const supportQuery = z.object({
  asSupport: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
const tags = ['messaging'];

export const messagingContracts = {
  conversations: contract(m.conversations, {
    tags,
    summary: 'Your conversations, most recent first',
    query: conversationsQuery,
    reply: { 200: conversationPage },
  }),
  thread: contract(m.thread, {
    tags,
    summary: 'A thread, oldest to newest, paged backwards with `before` (a time or a message id)',
    params: userParams,
    query: messagesQuery,
    reply: { 200: messagePage },
  }),
  markRead: contract(m.markRead, {
    tags,
    summary: 'Mark every message from this person as read',
    params: userParams,
    query: supportQuery,
    reply: { 200: z.object({ data: z.object({ count: z.number().int(), readAt: z.string().nullable() }) }) },
  }),
  partner: contract(m.partner, {
    tags,
    summary: 'Who a thread is with, before any message exists',
    params: userParams,
    reply: { 200: z.object({ data: chatUserSchema.extend({ isOnline: z.boolean() }) }) },
  }),
  unreadCount: contract(m.unreadCount, {
    tags,
    summary: 'Messages to you not read yet',
    reply: { 200: z.object({ data: z.object({ count: z.number().int() }) }) },
  }),
  support: contract(m.support, {
    tags,
    summary: 'The fixed recipient of the support chat',
    reply: { 200: z.object({ data: z.object({ supportUser: chatUserSchema }) }) },
  }),
  supportInbox: contract(m.supportInbox, {
    tags,
    summary: "The support account's conversations (admins)",
    query: conversationsQuery,
    reply: { 200: conversationPage.extend({ supportUser: chatUserSchema }) },
  }),
} as const;
