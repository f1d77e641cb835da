import type { AccountDeletionStep } from '../platform/account-deletion.js';

/**
 * Records the business keeps after an account is deleted, pointing only at the anonymised row:
 * the credit ledger (the balance must stay the sum of its entries, and payments are accounted)
 * and the admin audit trail (who changed whose role).
 */
export const keptRecordsDeletionStep: AccountDeletionStep = {
  module: 'credits, admin',
  tables: ['credit_ledger', 'admin_audit'],
  keeps: 'credit ledger entries and audit trail entries, pointing at the anonymised account',
  async deleteUser() {},
};
