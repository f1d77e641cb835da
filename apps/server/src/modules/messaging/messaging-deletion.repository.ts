import { eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { conversations, messageSendWindows, messages, presenceSockets } from './messaging.schema.js';

/**
 * Deletes the person's conversations with every message in them, their sockets and send windows,
 * and removes them as the author of support replies (their account's deletion).
 */
export async function deleteMessagingOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)));
  await tx.delete(conversations).where(or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)));
  await tx.update(messages).set({ authorId: null }).where(eq(messages.authorId, userId));
  await tx.delete(presenceSockets).where(eq(presenceSockets.userId, userId));
  await tx.delete(messageSendWindows).where(eq(messageSendWindows.authorId, userId));
}
