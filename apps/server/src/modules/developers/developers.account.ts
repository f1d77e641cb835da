import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import type { Db } from '../../platform/db/db.js';
import { deleteUserApiKeys, revokeAllKeysOf } from './api-keys-account.repository.js';
import { deleteUserWebhooks } from './webhooks.repository.js';

/** Account deletion's step for this module: API keys, webhook endpoints, their events and deliveries. */
export const developersDeletionStep: AccountDeletionStep = {
  module: 'developers',
  tables: ['api_keys', 'webhook_endpoints', 'webhook_events'],
  async deleteUser(tx, userId) {
    await deleteUserApiKeys(tx, userId);
    await deleteUserWebhooks(tx, userId);
  },
};

/** When an account's credentials are voided, its API keys stop answering at once. */
export async function revokeKeysOnCredentialsVoided(tx: Db, userId: string, at: Date): Promise<void> {
  await revokeAllKeysOf(tx, userId, at);
}
