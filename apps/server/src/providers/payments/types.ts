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
  /**
   * A hosted provider's subscription: its ids and the period the first payment paid for. The
   * period start keys the first grant, so it must equal the periodStart of the provider's first
   * invoice event for the same subscription (both then grant under one ledger key).
   */
  providerSubscriptionId?: string;
  providerCustomerId?: string;
  periodStart?: string;
  periodEnd?: string;
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
  providerSubscriptionId?: string;
}

/** A renewal charge made by the provider failed; the subscription is past due until one succeeds. */
export interface PaymentFailedEvent extends EventBase {
  type: 'subscription.payment_failed';
  providerSubscriptionId: string;
  /** When the provider saw it; an older state change never overwrites a newer one. */
  occurredAt: string;
}

export type ProviderSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';

/**
 * A hosted provider's view of a subscription changed (status, cancellation, period, price). It
 * never grants credits: only paid periods do.
 */
export interface SubscriptionStateEvent extends EventBase {
  type: 'subscription.updated';
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  status: ProviderSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  periodStart: string;
  periodEnd: string;
  canceledAt: string | null;
  /** Our plan and frequency when the provider's price tells them (metadata or a plan's price id). */
  planId: string | null;
  frequency: 'monthly' | 'yearly' | null;
  /** The provider's price id, matched against plans when planId is not known. */
  priceId: string | null;
  occurredAt: string;
}

export type PaymentEvent =
  | CheckoutCompletedEvent
  | CheckoutDeclinedEvent
  | PeriodPaidEvent
  | PaymentFailedEvent
  | SubscriptionStateEvent;

export interface CreateSessionInput {
  reference: string;
  userId: string;
  amount: number;
  currency: string;
  description: string;
  /** Set for a subscription's first payment. */
  interval: BillingInterval | null;
  expiresAt: Date;
  /** Which checkout the customer sees; a provider without the choice shows its own page. */
  uiMode?: CheckoutUiMode;
  /** The provider's own price for what is bought (a credit product's or plan's), when one is set. */
  providerPriceId?: string | null;
  /** Our plan and frequency, kept on a hosted subscription so its later events can be mapped back. */
  planId?: string | null;
  frequency?: 'monthly' | 'yearly' | null;
}

export type CheckoutUiMode = 'embedded' | 'hosted' | 'custom';

export interface CreatedSession {
  sessionId: string;
  clientSecret: string;
  /** The hosted page to send the customer to, when the provider has one. */
  url?: string | null;
}

/** What a hosted provider's subscription looks like after a change made through its API. */
export interface ProviderSubscriptionState {
  status: ProviderSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
}

export interface PriceChange {
  providerSubscriptionId: string;
  planId: string;
  frequency: 'monthly' | 'yearly';
  /** The plan's provider price id for that frequency, else the amount to bill per interval. */
  providerPriceId: string | null;
  amount: number;
  currency: string;
  description: string;
}

/** Subscriptions whose billing lives at the provider (Stripe): changes are made there first. */
export interface ProviderSubscriptions {
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<ProviderSubscriptionState>;
  changePrice(change: PriceChange): Promise<ProviderSubscriptionState>;
  /** The provider's self-service page for a customer's billing. */
  portalUrl(userId: string, returnUrl: string): Promise<string | null>;
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

/** A one-off charge of the saved payment method (a plan upgrade's prorated amount). */
export interface ChargeNowInput {
  userId: string;
  /** Our idempotency reference: the same reference is the same charge, made once. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
}

export type ChargeNowResult = { ok: true; chargeId: string } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: string;
  /**
   * 'scheduler': our renewal sweep charges each period (local). 'provider': the provider bills
   * renewals itself and reports them as events (Stripe's invoice.paid); the sweep leaves them alone.
   */
  readonly renewals: 'scheduler' | 'provider';
  /** Present when subscriptions are managed at the provider. */
  readonly subscriptions?: ProviderSubscriptions;
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /**
   * The events the provider has produced for a session, with their ids, so a checkout can be
   * reconciled when a delivery was lost. Replaying them is harmless: ids are recorded once.
   */
  sessionEvents(sessionId: string): Promise<PaymentEvent[]>;
  /** Charges the customer's saved payment method for a renewal period. */
  chargeRenewal(input: RenewalChargeInput): Promise<RenewalChargeResult>;
  /**
   * Charges the saved payment method once per reference (a replay answers the same charge).
   * Present for a provider whose subscriptions we bill ourselves (local).
   */
  chargeNow?(input: ChargeNowInput): Promise<ChargeNowResult>;
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
