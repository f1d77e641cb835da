import { eq } from 'drizzle-orm';
import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { oneTimeCodes, sessions } from './auth.schema.js';

/** Auth: every session (refresh token, device, address) and every one-time code of the person. */
export const authDeletionStep: AccountDeletionStep = {
  module: 'auth',
  tables: ['sessions', 'one_time_codes'],
  async deleteUser(tx, userId) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  },
};
