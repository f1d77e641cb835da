import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage, ChatUser } from '@atelier/shared';
import { buildStatement, type BuiltStatement, type Db } from '../../platform/db/db.js';
import type { Config } from '../../config.js';
import type { Webhooks } from '../../platform/webhooks.js';
import { liveSessionRole, supportAccountId, supportAccountIdAmong, usersTable as users } from '../auth/index.js';
import { privateProfileAs, privateProfileSql as hasPrivateProfile, userBlocksTable } from '../users/index.js';
import { conversations, messages, type ConversationRow, type MessageRow } from './messaging.schema.js';
import { boundedCache } from '../../platform/cache/bounded.js';

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

export interface StoreMessageInput {
  /** Who typed it: the send limit is theirs. */
  authorId: string;
  /** The author themselves, or (an admin answering the support inbox) the support account. */
  sender: 'author' | 'support';
  /** The session the author sends from; when given, it must still be live, checked in the same statement. */
  sessionId?: string;
  /** Names the support account (auth's rule), for `sender: 'support'` and for routing. */
  support: Pick<Config, 'SUPPORT_EMAIL'>;
  recipientId: string;
  content: string;
  now: Date;
  limit: { count: number; windowMs: number };
  /** Whether the recipient's webhook endpoints listen (AppDeps.webhooks); without it, never. */
  webhookListening?: Webhooks['listening'];
}

export interface StoreMessageResult {
  /** The author's role while the session is live; null once it has ended (always null without a session). */
  role: string | null;
  /** The support account: always when sending as it, else only when it is one of the two people (null otherwise). */
  supportId: string | null;
  /** The sending account, null when it is the support account and there is none. */
  senderId: string | null;
  /** A live (not deleted) recipient exists. */
  recipientFound: boolean;
  /** A block stands between sender and recipient (either side's): nothing was stored. */
  isBlocked: boolean;
  /** The recipient has a webhook endpoint listening for `message.received`. */
  recipientListens: boolean;
  /** What was stored, or null when something above refused it or the send limit was reached. */
  stored: { message: MessageRow; conversation: ConversationRow; sides: ConversationSide[] } | null;
}

interface StoreRow {
  role: string | null;
  support_id: string | null;
  sender_id: string | null;
  recipient_found: boolean;
  is_blocked: boolean;
  recipient_listens: boolean;
  message: (Omit<MessageRow, 'seq' | 'createdAt' | 'readAt'> & { seq: string | number; createdAt: string; readAt: string | null }) | null;
  conversation: (Omit<ConversationRow, 'lastMessageAt' | 'createdAt' | 'updatedAt'> & { lastMessageAt: string | null; createdAt: string; updatedAt: string }) | null;
  sides: ConversationSide[] | null;
}

/**
 * One send in one statement: the author's session is still live (when given) and, to act as
 * support, an admin's; the recipient is a live account; the send limit has room (`limit.count`
 * messages per `limit.windowMs`, a sliding window); then the pair's conversation is created or
 * moved to the top, the message stored, and both sides read as each sees the conversation now.
 *
 * The limit is a row per author holding the times of their sends in the window, taken with a
 * conditional upsert. A concurrent send of the same author, from any process, makes it wait, and
 * PostgreSQL then evaluates the condition again on the row as the other send left it, so racing
 * sends cannot overshoot the limit (a count of stored messages in the same statement could: its
 * snapshot would predate the other send).
 */
const P = {
  author: sql.placeholder('author'),
  session: sql.placeholder('session'),
  recipient: sql.placeholder('recipient'),
  content: sql.placeholder('content'),
  now: sql.placeholder('now'),
  since: sql.placeholder('since'),
  limit: sql.placeholder('limit'),
};

/** Send statements by shape (sender, with a session or not, the support account's email); a handful exist. */
const sendStatements = boundedCache<string, BuiltStatement<StoreRow>>(50);

/**
 * The send statement of one shape, built once with placeholders: every message runs it, and
 * building its text took a share of the server's CPU per message; on PostgreSQL it is a named
 * prepared statement, parsed and planned once per connection.
 */
function sendStatement(input: StoreMessageInput): BuiltStatement<StoreRow> {
  const key = `${input.sender}|${input.sessionId ? 's' : ''}|${input.webhookListening ? 'w' : ''}|${input.support.SUPPORT_EMAIL ?? ''}`;
  const found = sendStatements.get(key);
  if (found) return found;
  const recipient = sql`${P.recipient}::uuid`;
  const now = sql`${P.now}::timestamptz`;
  const since = sql`${P.since}::timestamptz`;
  const role = input.sessionId ? liveSessionRole(P.session, P.author) : sql`NULL::text`;
  const sender = input.sender === 'support' ? sql`support_id` : sql`${P.author}::uuid`;
  const allowed = !input.sessionId
    ? sql`true`
    : input.sender === 'support'
      ? sql`w.role = 'admin'`
      : sql`w.role IS NOT NULL`;
  // Writing as themselves, the support account matters only when it is one of the two people.
  const supportId =
    input.sender === 'support'
      ? supportAccountId(input.support)
      : supportAccountIdAmong(input.support, [sql`${P.author}::uuid`, recipient]);
  const statement = buildStatement<StoreRow>('message_store', sql`
    WITH who AS (
      SELECT role, support_id, ${sender} AS sender_id
      FROM (SELECT ${role} AS role, ${supportId} AS support_id) a
    ), recipient AS (
      SELECT id FROM ${users} WHERE id = ${recipient} AND deleted_at IS NULL
    ), blocked AS (
      SELECT 1 FROM who w JOIN ${userBlocksTable} ub
        ON (ub.blocker_id = w.sender_id AND ub.blocked_id = ${recipient})
        OR (ub.blocker_id = ${recipient} AND ub.blocked_id = w.sender_id)
    ), gate AS (
      SELECT w.sender_id FROM who w
      WHERE ${allowed} AND w.sender_id IS NOT NULL AND w.sender_id <> ${recipient}
        AND EXISTS (SELECT 1 FROM recipient) AND NOT EXISTS (SELECT 1 FROM blocked)
    ), slot AS (
      INSERT INTO message_send_windows AS sw (author_id, recent)
      SELECT ${P.author}::uuid, ARRAY[${now}] FROM gate
      ON CONFLICT (author_id) DO UPDATE
        SET recent = ARRAY(SELECT t FROM unnest(sw.recent) AS t WHERE t > ${since} ORDER BY t) || EXCLUDED.recent
        WHERE (SELECT count(*) FROM unnest(sw.recent) AS t WHERE t > ${since}) < ${P.limit}::int
      RETURNING author_id
    ), conv AS (
      INSERT INTO conversations AS c (user_a_id, user_b_id, last_message_at, created_at, updated_at)
      SELECT least(g.sender_id, ${recipient}), greatest(g.sender_id, ${recipient}), ${now}, ${now}, ${now}
      FROM gate g CROSS JOIN slot
      ON CONFLICT (user_a_id, user_b_id)
        DO UPDATE SET last_message_at = EXCLUDED.last_message_at, updated_at = EXCLUDED.updated_at
      RETURNING c.*
    ), msg AS (
      INSERT INTO messages (conversation_id, sender_id, author_id, recipient_id, content, created_at)
      SELECT conv.id, g.sender_id, ${P.author}::uuid, ${recipient}, ${P.content}, ${now}
      FROM conv CROSS JOIN gate g
      RETURNING *
    )
    SELECT w.role, w.support_id, w.sender_id, EXISTS (SELECT 1 FROM recipient) AS recipient_found,
      EXISTS (SELECT 1 FROM blocked) AS is_blocked,
      ${input.webhookListening?.(recipient, 'message.received') ?? sql`false`} AS recipient_listens,
      CASE WHEN m.id IS NULL THEN NULL ELSE json_build_object(
        'id', m.id, 'seq', m.seq::text, 'conversationId', m.conversation_id, 'senderId', m.sender_id,
        'recipientId', m.recipient_id, 'content', m.content, 'createdAt', m.created_at, 'readAt', m.read_at,
        'authorId', m.author_id) END AS message,
      CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
        'id', c.id, 'userAId', c.user_a_id, 'userBId', c.user_b_id, 'lastMessageAt', c.last_message_at,
        'createdAt', c.created_at, 'updatedAt', c.updated_at) END AS conversation,
      -- Unread counts read the statement's snapshot, which does not hold the new message yet.
      (SELECT json_agg(json_build_object(
          'user', json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name, 'avatar', u.avatar),
          'isDeleted', u.deleted_at IS NOT NULL,
          'hasPrivateProfile', ${privateProfileAs('u')},
          'isAdmin', u.role = 'admin',
          'unreadCount', (SELECT count(*)::int FROM messages x
                           WHERE x.conversation_id = c.id AND x.recipient_id = u.id AND x.read_at IS NULL)
                         + CASE WHEN u.id = m.recipient_id THEN 1 ELSE 0 END))
        FROM ${users} u WHERE u.id IN (m.sender_id, m.recipient_id)) AS sides
    FROM who w LEFT JOIN msg m ON true LEFT JOIN conv c ON true`);
  sendStatements.set(key, statement);
  return statement;
}

export async function storeMessage(db: Db, input: StoreMessageInput): Promise<StoreMessageResult> {
  const rows = await sendStatement(input).run(db, {
    author: input.authorId,
    ...(input.sessionId ? { session: input.sessionId } : {}),
    recipient: input.recipientId,
    content: input.content,
    now: input.now.toISOString(),
    since: new Date(input.now.getTime() - input.limit.windowMs).toISOString(),
    limit: input.limit.count,
  });
  const row = rows[0];
  if (!row) throw new Error('the send statement returned no row');
  const { message, conversation, sides } = row;
  return {
    role: row.role,
    supportId: row.support_id,
    senderId: row.sender_id,
    recipientFound: Boolean(row.recipient_found),
    isBlocked: Boolean(row.is_blocked),
    recipientListens: Boolean(row.recipient_listens),
    stored:
      message && conversation
        ? {
            message: {
              ...message,
              seq: Number(message.seq),
              createdAt: new Date(message.createdAt),
              readAt: message.readAt ? new Date(message.readAt) : null,
            },
            conversation: {
              ...conversation,
              lastMessageAt: conversation.lastMessageAt ? new Date(conversation.lastMessageAt) : null,
              createdAt: new Date(conversation.createdAt),
              updatedAt: new Date(conversation.updatedAt),
            },
            sides: sides ?? [],
          }
        : null,
  };
}

/**
 * Stores a message as its author, under the send limit (storeMessage without a session): null
 * when the limit was reached.
 */
export async function insertMessage(
  db: Db,
  input: Omit<StoreMessageInput, 'sender' | 'sessionId' | 'support'> & { senderId: string },
): Promise<{ message: MessageRow; conversation: ConversationRow } | null> {
  const { senderId, ...rest } = input;
  if (senderId !== input.authorId) throw new Error('insertMessage stores a message as its author');
  const { stored } = await storeMessage(db, { ...rest, sender: 'author', support: { SUPPORT_EMAIL: undefined } });
  return stored;
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
          sql`NOT EXISTS (SELECT 1 FROM ${users} p WHERE p.id = ${userId} AND ${privateProfileAs('p')})`,
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
          sql`EXISTS (SELECT 1 FROM ${users} v WHERE v.id = ${viewerId} AND v.role = 'admin')`,
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

/**
 * The messages of these people's conversations stored after a point, in the order they were
 * stored (a reconnecting client's catch-up): after the message `afterId` when it is one of theirs,
 * else after the time `afterAt`. `limit + 1` rows at most, so the caller can tell there were more.
 */
export async function messagesAfter(
  db: Db,
  userIds: readonly string[],
  after: { afterId?: string; afterAt?: Date },
  limit: number,
): Promise<MessageRow[]> {
  if (userIds.length === 0) return [];
  const theirs = inArray(
    messages.conversationId,
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(or(inArray(conversations.userAId, [...userIds]), inArray(conversations.userBId, [...userIds]))),
  );
  let position: SQL | undefined;
  if (after.afterId) {
    const [known] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.id, after.afterId), theirs))
      .limit(1);
    if (known) position = gt(messages.seq, known.seq);
  }
  if (!position && after.afterAt) position = gt(messages.createdAt, after.afterAt);
  if (!position) return [];
  return db
    .select()
    .from(messages)
    .where(and(theirs, position))
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
}
