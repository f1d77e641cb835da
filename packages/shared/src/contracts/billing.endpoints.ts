import { endpoint } from './contract.js';

/** Payments: the local test checkout, purchase history and Stripe's webhook. Schemas: `./billing.ts`. */
export const paymentsEndpoints = {
  stripeWebhook: endpoint('POST', '/billing/webhooks/stripe'),
  localPay: endpoint('POST', '/payments/local/sessions/:sessionId/pay'),
  localConfirm3ds: endpoint('POST', '/payments/local/sessions/:sessionId/confirm-3ds'),
  checkouts: endpoint('GET', '/billing/checkouts'),
  dismissCheckout: endpoint('POST', '/billing/checkouts/:id/dismiss'),
} as const;

/** Subscription (spec §7 "Subscription"). Schemas: `./billing.ts`. */
export const subscriptionEndpoints = {
  plans: endpoint('GET', '/subscription/plans'),
  current: endpoint('GET', '/subscription/current'),
  checkout: endpoint('POST', '/subscription/checkout'),
  embeddedCheckout: endpoint('POST', '/subscription/embedded-checkout'),
  customCheckout: endpoint('POST', '/subscription/custom-checkout'),
  portal: endpoint('POST', '/subscription/portal'),
  session: endpoint('GET', '/subscription/session/:id'),
  cancel: endpoint('POST', '/subscription/cancel'),
  reactivate: endpoint('POST', '/subscription/reactivate'),
  changePlan: endpoint('POST', '/subscription/change-plan'),
  changePlanPreview: endpoint('GET', '/subscription/change-plan/preview'),
  changeFrequency: endpoint('POST', '/subscription/change-frequency'),
} as const;
