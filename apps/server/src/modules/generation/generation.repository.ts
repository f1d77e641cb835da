import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { generationBatches } from './generation.schema.js';

/** Deletes the person's batches (their account's deletion). */
export async function deleteBatchesOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(generationBatches).where(eq(generationBatches.userId, userId));
}
