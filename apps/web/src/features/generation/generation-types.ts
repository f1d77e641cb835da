import type { ContentStatus, LedgerKind } from '@atelier/shared';

export type { Content, ContentOwner, ContentStatus, EditOperation, LedgerEntry, LedgerKind } from '@atelier/shared';
export { LEDGER_KINDS } from '@atelier/shared';

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

export function isInProgress(status: ContentStatus): boolean {
  return status === 'queued' || status === 'processing';
}
