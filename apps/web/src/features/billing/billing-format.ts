import type { CheckoutStatus, SubscriptionStatus } from '@atelier/shared';
import type { BadgeTone } from '../../components/ui';

export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  open: 'Pending',
  complete: 'Paid',
  declined: 'Declined',
  expired: 'Expired',
};

export const CHECKOUT_STATUS_TONES: Record<CheckoutStatus, BadgeTone> = {
  open: 'warning',
  complete: 'success',
  declined: 'danger',
  expired: 'neutral',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
