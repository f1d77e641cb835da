import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { desc } from '../../platform/db/table-helpers.js';

/** Mirrors migrations/0007_messaging.sql, 0012_messaging_presence.sql and 0024_message_send_windows.sql. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userAId: uuid('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: uuid('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userAId, t.userBId),
    index('conversations_user_b_idx').on(t.userBId),
    check('conversations_ordered_pair', sql`${t.userAId} < ${t.userBId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Who typed it: the sender, or the admin answering as support (the send limit is theirs). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, desc(t.seq)),
    index('messages_unread_idx')
      .on(t.recipientId, t.conversationId)
      .where(sql`${t.readAt} IS NULL`),
    index('messages_author_recent_idx')
      .on(t.authorId, desc(t.createdAt))
      .where(sql`${t.authorId} IS NOT NULL`),
    check('messages_content_check', sql`char_length(${t.content}) BETWEEN 1 AND 2000`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/**
 * The send limit's window, one row per person who typed a message: the times of their sends still
 * inside it (messaging.repository.ts `storeMessage` keeps it).
 */
export const messageSendWindows = pgTable('message_send_windows', {
  authorId: uuid('author_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  recent: timestamp('recent', { withTimezone: true, mode: 'date' }).array().notNull(),
});

/** Running API processes, kept alive by their heartbeat (messaging.presence.ts). */
export const presenceNodes = pgTable('presence_nodes', {
  nodeId: text('node_id').primaryKey(),
  lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Sockets that announced themselves online, per process. */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => presenceNodes.nodeId, { onDelete: 'cascade' }),
    socketId: text('socket_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'presence_sockets_pkey', columns: [t.nodeId, t.socketId] }),
    index('presence_sockets_user_idx').on(t.userId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
