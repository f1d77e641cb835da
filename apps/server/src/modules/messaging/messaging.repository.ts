import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage, ChatUser } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { conversations, messages, type ConversationRow, type MessageRow } from './messaging.schema.js';

/** The stored order of a pair: uuid order equals the order of their lowercase text. */
export const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    recipientId: row.recipientId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

const chatUserColumns = { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar };
const hasPrivateProfile = sql<boolean>`coalesce(${users.settings}->>'profileVisibility' = 'private', false)`;

/** A live (not deleted) account, in the shape chats show. */
export async function findChatUser(db: Db, userId: string): Promise<ChatUser | null> {
  const rows = await db
    .select(chatUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findConversation(db: Db, a: string, b: string): Promise<ConversationRow | null> {
  const [first, second] = pairOf(a, b);
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userAId, first), eq(conversations.userBId, second)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores a message, creating the pair's conversation on the first one, in one transaction; or
 * stores nothing and returns null when its author already sent `limit.count` messages within
 * `limit.windowMs` (a sliding window over the stored messages themselves). An advisory lock on the
 * author makes concurrent sends, from any process, take turns, so the count cannot be overshot.
 */
export async function insertMessage(
  db: Db,
  input: {
    senderId: string;
    authorId: string;
    recipientId: string;
    content: string;
    now: Date;
    limit: { count: number; windowMs: number };
  },
): Promise<{ message: MessageRow; conversation: ConversationRow } | null> {
  const [first, second] = pairOf(input.senderId, input.recipientId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`messaging.send:${input.authorId}`}))`);
    const since = new Date(input.now.getTime() - input.limit.windowMs);
    const [recent] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.authorId, input.authorId), gt(messages.createdAt, since)));
    if ((recent?.n ?? 0) >= input.limit.count) return null;
    const [conversation] = await tx
      .insert(conversations)
      .values({ userAId: first, userBId: second, lastMessageAt: input.now, createdAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({
        target: [conversations.userAId, conversations.userBId],
        set: { lastMessageAt: input.now, updatedAt: input.now },
      })
      .returning();
    if (!conversation) throw new Error('conversation upsert returned nothing');
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: input.senderId,
        authorId: input.authorId,
        recipientId: input.recipientId,
        content: input.content,
        createdAt: input.now,
      })
      .returning();
    if (!message) throw new Error('message insert returned nothing');
    return { message, conversation };
  });
}

/** A page of a thread, newest first from the database, handed back oldest first (storage order). */
export async function listMessages(
  db: Db,
  conversationId: string,
  opts: { before?: { createdAt: Date } | { seq: number }; limit: number },
): Promise<{ messages: MessageRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (opts.before)
    conditions.push(
      'seq' in opts.before ? lt(messages.seq, opts.before.seq) : lt(messages.createdAt, opts.before.createdAt),
    );
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.seq))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  return { messages: rows.slice(0, opts.limit).reverse(), hasMore };
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | null> {
  const rows = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findMessages(db: Db, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(messages).where(inArray(messages.id, ids));
}

/**
 * Marks messages to `readerId` as read: the given ids, or every unread one in the conversation.
 * Only rows that were unread change, so a repeated call reports nothing new.
 */
export async function markRead(
  db: Db,
  input: { readerId: string; conversationId?: string; messageIds?: string[]; now: Date },
): Promise<MessageRow[]> {
  const conditions: SQL[] = [eq(messages.recipientId, input.readerId), isNull(messages.readAt)];
  if (input.conversationId) conditions.push(eq(messages.conversationId, input.conversationId));
  if (input.messageIds) {
    if (input.messageIds.length === 0) return [];
    conditions.push(inArray(messages.id, input.messageIds));
  }
  return db
    .update(messages)
    .set({ readAt: input.now })
    .where(and(...conditions))
    .returning();
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.recipientId, userId), isNull(messages.readAt), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

export interface ConversationView {
  conversation: ConversationRow;
  otherUser: ChatUser;
  lastMessage: MessageRow | null;
  unreadCount: number;
}

/** Conversations of one account, most recent first. */
export async function listConversations(
  db: Db,
  userId: string,
  opts: { page: number; pageSize: number },
): Promise<{ items: ConversationView[]; total: number }> {
  const otherId = sql`CASE WHEN ${conversations.userAId} = ${userId} THEN ${conversations.userBId} ELSE ${conversations.userAId} END`;
  const conditions: SQL[] = [
    or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)) as SQL,
    isNull(users.deletedAt),
    sql`${conversations.lastMessageAt} IS NOT NULL`,
  ];
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(users, sql`${users.id} = ${otherId}`)
    .where(where);
  const rows = await db
    .select({
      conversation: conversations,
      otherUser: chatUserColumns,
      unreadCount: sql<number>`(SELECT count(*)::int FROM messages u WHERE u.conversation_id = ${conversations.id} AND u.recipient_id = ${userId} AND u.read_at IS NULL)`,
    })
    .from(conversations)
    .innerJoin(users, sql`${users.id} = ${otherId}`)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const ids = rows.map((r) => r.conversation.id);
  const lastRows = ids.length
    ? await db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(inArray(messages.conversationId, ids))
        .orderBy(messages.conversationId, desc(messages.seq))
    : [];
  const lastByConversation = new Map(lastRows.map((m) => [m.conversationId, m]));
  return {
    total: totalRow?.n ?? 0,
    items: rows.map((r) => ({
      conversation: r.conversation,
      otherUser: r.otherUser,
      lastMessage: lastByConversation.get(r.conversation.id) ?? null,
      unreadCount: Number(r.unreadCount),
    })),
  };
}

/**
 * Both sides of one conversation as each sees it after a send: the person, whether their account is
 * deleted, their unread count in it, and the thread's latest message. Two queries for what
 * `listConversations` would need two calls (four queries) to say, on the path every message takes.
 */
export async function conversationSides(
  db: Db,
  conversationId: string,
): Promise<{ sides: ConversationSide[]; lastMessage: MessageRow | null }> {
  const rows = await db
    .select({
      user: chatUserColumns,
      deletedAt: users.deletedAt,
      hasPrivateProfile: hasPrivateProfile,
      isAdmin: sql<boolean>`${users.role} = 'admin'`,
      unreadCount: sql<number>`(SELECT count(*)::int FROM messages u WHERE u.conversation_id = ${conversations.id} AND u.recipient_id = ${users.id} AND u.read_at IS NULL)`,
    })
    .from(conversations)
    .innerJoin(users, or(eq(users.id, conversations.userAId), eq(users.id, conversations.userBId)))
    .where(eq(conversations.id, conversationId));
  const [lastMessage] = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(1);
  return {
    sides: rows.map((r) => ({
      user: r.user,
      isDeleted: r.deletedAt !== null,
      unreadCount: Number(r.unreadCount),
      hasPrivateProfile: Boolean(r.hasPrivateProfile),
      isAdmin: Boolean(r.isAdmin),
    })),
    lastMessage: lastMessage ?? null,
  };
}

/**
 * Everyone who shares a conversation with `userId` and may see their presence: all of them when
 * the profile is public, only admins when it is private.
 */
export async function conversationPartners(db: Db, userId: string): Promise<string[]> {
  const partner = sql<string>`CASE WHEN ${conversations.userAId} = ${userId} THEN ${conversations.userBId} ELSE ${conversations.userAId} END`;
  const rows = await db
    .select({ id: users.id })
    .from(conversations)
    .innerJoin(users, eq(users.id, partner))
    .where(
      and(
        or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)),
        or(
          eq(users.role, 'admin'),
          sql`NOT EXISTS (SELECT 1 FROM users p WHERE p.id = ${userId} AND p.settings->>'profileVisibility' = 'private')`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Of `ids`, the people whose presence `viewerId` may see: those whose profile they may see (a
 * public profile, their own; any profile for an admin). Presence is part of the profile.
 */
export async function presenceVisibleTo(db: Db, viewerId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        or(
          sql`NOT ${hasPrivateProfile}`,
          eq(users.id, viewerId),
          sql`EXISTS (SELECT 1 FROM users v WHERE v.id = ${viewerId} AND v.role = 'admin')`,
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface ConversationSide {
  user: ChatUser;
  isDeleted: boolean;
  unreadCount: number;
  /** Their presence is shown only to themselves and admins (profile privacy). */
  hasPrivateProfile: boolean;
  isAdmin: boolean;
}
