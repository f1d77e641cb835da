import type { CheckoutStatus, SubscriptionStatus } from '@atelier/shared';
import type { BadgeTone } from '../../components/ui';

/** An open checkout nobody is paying is a purchase that did not happen, not one "pending". */
export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  open: 'Not completed',
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
