import { eq, or } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { conversations, messageSendWindows, messages, presenceSockets } from './messaging.schema.js';

/**
 * Messaging: the person's conversations are deleted with every message in them (the other side
 * already stops seeing a conversation with a deleted account, so nothing of theirs is lost that
 * they could still read). Support replies an admin wrote as the support account stay, without
 * the author.
 */
export const messagingDeletionStep: AccountDeletionStep = {
  module: 'messaging',
  tables: ['conversations', 'messages', 'message_send_windows', 'presence_sockets'],
  keeps: 'support replies the person wrote as the support account, with the author removed',
  async deleteUser(tx, userId) {
    await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)));
    await tx.delete(conversations).where(or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)));
    await tx.update(messages).set({ authorId: null }).where(eq(messages.authorId, userId));
    await tx.delete(presenceSockets).where(eq(presenceSockets.userId, userId));
    await tx.delete(messageSendWindows).where(eq(messageSendWindows.authorId, userId));
  },
};
