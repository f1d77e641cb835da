import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable } from '../auth/index.js';
import { messages } from './messaging.schema.js';

/** A reported message as moderation sees it. */
export interface ReportedMessageRow {
  id: string;
  senderId: string | null;
  senderUsername: string | null;
  content: string;
  createdAt: string;
}

/**
 * The message, if `viewerId` is one of its two people (sender or recipient); else null, so nobody
 * can report (and so expose to admins) a message they never saw.
 */
export async function findMessageTarget(
  db: Db,
  id: string,
  viewerId: string,
): Promise<{ ownerId: string; summary: string; isHidden: boolean } | null> {
  const [row] = await db
    .select({ senderId: messages.senderId, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.id, id),
        or(eq(messages.senderId, viewerId), eq(messages.recipientId, viewerId), eq(messages.authorId, viewerId)),
      ),
    );
  return row ? { ownerId: row.senderId, summary: row.content.slice(0, 200), isHidden: false } : null;
}

/**
 * What an admin may read of a reported message's conversation: the message and the `before`
 * messages just before it, oldest first. Nothing after it, nothing older.
 */
export async function messageWithContext(db: Db, id: string, before: number): Promise<ReportedMessageRow[]> {
  const result = await db.execute(
    sql`SELECT m.id, m.sender_id, u.username, m.content, m.created_at
     FROM messages r
     JOIN LATERAL (
       SELECT * FROM messages x WHERE x.conversation_id = r.conversation_id AND x.seq <= r.seq
       ORDER BY x.seq DESC LIMIT ${before + 1}
     ) m ON true
     LEFT JOIN ${usersTable} u ON u.id = m.sender_id
     WHERE r.id = ${id}
     ORDER BY m.seq`,
  );
  const { rows } = result as unknown as {
    rows: { id: string; sender_id: string | null; username: string | null; content: string; created_at: Date | string }[];
  };
  return rows.map((r) => ({
    id: r.id,
    senderId: r.sender_id,
    senderUsername: r.username,
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
