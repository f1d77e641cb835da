import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { contactMessages } from './contact.schema.js';

export async function insertContactMessage(
  db: Db,
  values: typeof contactMessages.$inferInsert,
): Promise<{ id: string }> {
  const rows = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return rows[0]!;
}

/** Deletes the contact-form messages the person sent (their account's deletion). */
export async function deleteContactMessagesOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
}
