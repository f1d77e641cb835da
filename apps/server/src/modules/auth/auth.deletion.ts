import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import { deleteSessionsAndCodesOf } from './auth.repository.js';

/** Auth: every session (refresh token, device, address) and every one-time code of the person. */
export const authDeletionStep: AccountDeletionStep = {
  module: 'auth',
  tables: ['sessions', 'one_time_codes'],
  async deleteUser(tx, userId) {
    await deleteSessionsAndCodesOf(tx, userId);
  },
};
