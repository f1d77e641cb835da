import { z } from 'zod';
import {
  changeFrequencyBody,
  changePlanBody,
  checkoutSummary,
  confirm3dsBody,
  localPayBody,
  localPayResult,
  plan,
  planChangePreview,
  planChangePreviewQuery,
  sessionDetails,
  subscription,
  subscriptionCheckoutBody,
} from '../schemas/billing.js';
import { paymentsEndpoints as p, subscriptionEndpoints as s } from './billing.endpoints.js';
import { contract } from './contract.js';

const sessionParam = z.object({ sessionId: z.string().min(1).max(200) });

export const paymentsContracts = {
  /** Read from the raw bytes, which the signature covers: no body schema. */
  stripeWebhook: contract(p.stripeWebhook, {
    tags: ['payments'],
    summary: 'Stripe webhook (signed)',
    description:
      'Verifies Stripe-Signature over the raw body with STRIPE_WEBHOOK_SECRET; a missing or wrong signature is 400 and changes nothing. ' +
      'Each event is recorded once by its id; the credits of a payment are granted once whatever the order or number of deliveries.',
    reply: { 200: z.object({ data: z.object({ received: z.literal(true), events: z.number().int(), recorded: z.number().int() }) }) },
  }),
  localPay: contract(p.localPay, {
    tags: ['payments'],
    summary: 'Pay a checkout session with the local test checkout',
    description:
      '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402); 4000 0025 0000 3155 needs 3-D Secure ' +
      '(requiresAction, then confirm-3ds); any other number is invalid (400).',
    params: sessionParam,
    body: localPayBody,
    reply: { 200: z.object({ data: localPayResult }) },
  }),
  localConfirm3ds: contract(p.localConfirm3ds, {
    tags: ['payments'],
    summary: 'Approve or fail the 3-D Secure step of a local payment',
    params: sessionParam,
    body: confirm3dsBody,
    reply: { 200: z.object({ data: localPayResult }) },
  }),
  checkouts: contract(p.checkouts, {
    tags: ['payments'],
    summary: 'Your purchases, newest first: completed ones, and failed payments while their checkout can still be paid (a checkout opened and left is not a purchase)',
    reply: { 200: z.object({ data: z.array(checkoutSummary) }) },
  }),
  dismissCheckout: contract(p.dismissCheckout, {
    tags: ['payments'],
    summary: 'Dismiss an unfinished checkout of yours: it leaves your purchase history and can no longer be paid',
    params: z.object({ id: z.uuid({ error: 'Checkout session not found' }) }),
    reply: { 200: z.object({ data: z.null(), message: z.string() }) },
  }),
} as const;

const subscriptionReply = z.object({ data: subscription, message: z.string() });
const clientCheckout = z.object({ clientSecret: z.string(), sessionId: z.string() });
const clientCheckoutDescription = 'The reply is used whole (not wrapped in data), as the spec says.';

export const subscriptionContracts = {
  plans: contract(s.plans, { tags: ['subscription'], summary: 'Plans one can subscribe to', reply: { 200: z.object({ data: z.array(plan) }) } }),
  current: contract(s.current, {
    tags: ['subscription'],
    summary: 'Your live subscription, or null',
    reply: { 200: z.object({ data: subscription.nullable() }) },
  }),
  checkout: contract(s.checkout, {
    tags: ['subscription'],
    summary: 'Start a subscription; answers the URL of the checkout page',
    body: subscriptionCheckoutBody,
    reply: { 200: z.object({ data: z.object({ url: z.string(), sessionId: z.string() }) }) },
  }),
  embeddedCheckout: contract(s.embeddedCheckout, {
    tags: ['subscription'],
    summary: 'Start a subscription in the embedded checkout',
    description: clientCheckoutDescription,
    body: subscriptionCheckoutBody,
    reply: { 200: clientCheckout },
  }),
  customCheckout: contract(s.customCheckout, {
    tags: ['subscription'],
    summary: 'Start a subscription in a custom checkout form',
    description: clientCheckoutDescription,
    body: subscriptionCheckoutBody,
    reply: { 200: clientCheckout },
  }),
  portal: contract(s.portal, {
    tags: ['subscription'],
    summary: 'Where to manage your subscription',
    reply: { 200: z.object({ data: z.object({ url: z.string() }) }) },
  }),
  session: contract(s.session, {
    tags: ['subscription'],
    summary: 'A subscription checkout session of yours, reconciled with the provider',
    params: z.object({ id: z.string().min(1).max(200) }),
    reply: { 200: z.object({ data: sessionDetails.extend({ subscription: subscription.nullable() }) }) },
  }),
  cancel: contract(s.cancel, { tags: ['subscription'], summary: 'Cancel at the end of the billing period', reply: { 200: subscriptionReply } }),
  reactivate: contract(s.reactivate, { tags: ['subscription'], summary: 'Undo a pending cancellation', reply: { 200: subscriptionReply } }),
  changePlanPreview: contract(s.changePlanPreview, {
    tags: ['subscription'],
    summary: 'What switching to a plan would cost now, when it starts and what it does to credits',
    description:
      'An upgrade (a higher price) starts now: the price difference for the days left of the period is due now, and the credit difference for those days is granted now. Any other change starts at the next renewal, with nothing due now.',
    query: planChangePreviewQuery,
    reply: { 200: z.object({ data: planChangePreview }) },
  }),
  changePlan: contract(s.changePlan, {
    tags: ['subscription'],
    summary: 'Switch plan: an upgrade is charged its prorated amount now and starts now; a downgrade starts at the next renewal',
    description:
      'Charges exactly the amount the preview gives (send it as expectedAmount to be refused with 409 when it changed). Repeating a completed upgrade charges nothing again.',
    body: changePlanBody,
    reply: { 200: subscriptionReply },
    errors: [402, 409],
  }),
  changeFrequency: contract(s.changeFrequency, {
    tags: ['subscription'],
    summary: 'Switch between monthly and yearly billing from the next renewal',
    body: changeFrequencyBody,
    reply: { 200: subscriptionReply },
  }),
} as const;
