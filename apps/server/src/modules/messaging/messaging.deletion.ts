import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteMessagingOf } from './messaging-deletion.repository.js';

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
    await deleteMessagingOf(tx, userId);
  },
};
