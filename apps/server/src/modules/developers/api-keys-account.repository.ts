import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { apiKeys } from './developers.schema.js';

/** Revokes every live key of a person, as if they had revoked each themselves. */
export async function revokeAllKeysOf(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: now, revokedBy: userId })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/** Account deletion: the person's keys stop working and are gone. */
export async function deleteUserApiKeys(tx: Db, userId: string): Promise<void> {
  await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
}
