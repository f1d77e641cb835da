import type { Db } from '../../platform/db/db.js';
import { deleteUserApiKeys } from './api-keys.service.js';
import { deleteUserWebhooks } from './webhooks.service.js';

/** Account deletion's step for this module: API keys, webhook endpoints, their events and deliveries. */
export async function deleteUserApiData(tx: Db, userId: string): Promise<void> {
  await deleteUserApiKeys(tx, userId);
  await deleteUserWebhooks(tx, userId);
}
