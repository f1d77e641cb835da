import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { generationBatches, generationWebhookDeliveries } from './generation.schema.js';

/** Deletes the person's batches (their account's deletion). */
export async function deleteBatchesOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(generationBatches).where(eq(generationBatches.userId, userId));
}

/** The batch's id when it is one of the user's; undefined otherwise. */
export async function findOwnBatchId(db: Db, userId: string, batchId: string): Promise<string | undefined> {
  const [batch] = await db
    .select({ id: generationBatches.id })
    .from(generationBatches)
    .where(and(eq(generationBatches.id, batchId), eq(generationBatches.userId, userId)))
    .limit(1);
  return batch?.id;
}

/** Forgets the vendors' webhook deliveries received before `before`. */
export async function deleteWebhookDeliveriesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(generationWebhookDeliveries).where(lt(generationWebhookDeliveries.receivedAt, before));
}

/** Records a vendor's webhook delivery; false when it was recorded before (a replay). */
export async function recordWebhookDelivery(db: Db, vendor: string, deliveryId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .insert(generationWebhookDeliveries)
    .values({ vendor, deliveryId, jobId })
    .onConflictDoNothing()
    .returning({ id: generationWebhookDeliveries.deliveryId });
  return rows.length > 0;
}
