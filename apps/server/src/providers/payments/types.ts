/**
 * The payment provider seam. The embedded default is `local` (a checkout of Atelier's own, see
 * local.ts); a hosted provider (Stripe) would implement the same interface, turn its verified
 * webhooks into PaymentEvents and hand them to billing's handlePaymentEvent.
 */
export type BillingInterval = 'month' | 'year';

interface EventBase {
  /** The provider's event id; an event is processed at most once per id. */
  id: string;
  provider: string;
  /** Our checkout id (the reference given when the session was created). */
  checkoutId: string;
}

/** The session's payment succeeded. */
export interface CheckoutCompletedEvent extends EventBase {
  type: 'checkout.completed';
  sessionId: string;
  paidAt: string;
}

/** A payment attempt on the session was declined; the customer may try another card. */
export interface CheckoutDeclinedEvent extends EventBase {
  type: 'checkout.declined';
  sessionId: string;
  message: string;
}

/** One period of a subscription was paid (the first one with the checkout, then each renewal). */
export interface PeriodPaidEvent extends EventBase {
  type: 'subscription.period_paid';
  periodStart: string;
  periodEnd: string;
}

export type PaymentEvent = CheckoutCompletedEvent | CheckoutDeclinedEvent | PeriodPaidEvent;

export interface CreateSessionInput {
  reference: string;
  userId: string;
  amount: number;
  currency: string;
  description: string;
  /** Set for a subscription's first payment. */
  interval: BillingInterval | null;
  expiresAt: Date;
}

export interface RenewalChargeInput {
  userId: string;
  /** The subscription's originating checkout id. */
  reference: string;
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

export type RenewalChargeResult = { ok: true; event: PeriodPaidEvent } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: string;
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; clientSecret: string }>;
  /**
   * The events the provider has produced for a session, with their ids, so a checkout can be
   * reconciled when a delivery was lost. Replaying them is harmless: ids are recorded once.
   */
  sessionEvents(sessionId: string): Promise<PaymentEvent[]>;
  /** Charges the customer's saved payment method for a renewal period. */
  chargeRenewal(input: RenewalChargeInput): Promise<RenewalChargeResult>;
}

/** Adds one billing interval in UTC; a day past the new month's end is clamped (Jan 31 + 1 month = Feb 28/29). */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
