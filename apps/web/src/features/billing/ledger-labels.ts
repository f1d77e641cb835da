import type { LedgerKind } from '@atelier/shared';

export type { LedgerEntry, LedgerKind } from '@atelier/shared';
export { LEDGER_KINDS } from '@atelier/shared';

/** How each kind of ledger entry is named in the credit history. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  signup_grant: 'Sign-up grant',
  generation_charge: 'Generation',
  refund: 'Refund',
  admin_add: 'Added by admin',
  admin_deduct: 'Deducted by admin',
  purchase: 'Purchase',
  subscription_grant: 'Subscription',
  referral_bonus: 'Referral bonus',
};
