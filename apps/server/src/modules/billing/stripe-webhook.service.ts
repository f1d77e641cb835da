import type Stripe from 'stripe';
import { badRequest } from '../../platform/http/errors.js';
import { handlePaymentEvent } from './billing.events.js';
import type { BillingModuleDeps } from './billing.deps.js';

export const WEBHOOK_MESSAGES = {
  notConfigured: 'Stripe webhooks are not configured on this server',
  missingSignature: 'The Stripe-Signature header is missing',
  badSignature: 'The Stripe signature does not match this payload',
} as const;

export interface WebhookOutcome {
  received: true;
  /** Our events this delivery was turned into, and how many of them were new. */
  events: number;
  recorded: number;
}

/**
 * Verifies the signature over the exact bytes Stripe sent (a re-serialised body would not match),
 * then feeds the event through billing's exactly-once path. Nothing is read from a payload whose
 * signature fails.
 */
export async function receiveStripeWebhook(deps: BillingModuleDeps, rawBody: unknown, signature: string | undefined): Promise<WebhookOutcome> {
  const stripe = deps.stripe;
  if (!stripe?.webhookSecret) throw badRequest(WEBHOOK_MESSAGES.notConfigured);
  if (!signature) throw badRequest(WEBHOOK_MESSAGES.missingSignature);
  if (!Buffer.isBuffer(rawBody)) throw badRequest(WEBHOOK_MESSAGES.badSignature);
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.badSignature);
  }
  const events = await stripe.provider.toPaymentEvents(event);
  let recorded = 0;
  for (const paymentEvent of events) {
    const handled = await handlePaymentEvent(deps, paymentEvent, deps.clock());
    if (handled.isNew) recorded += 1;
  }
  return { received: true, events: events.length, recorded };
}
