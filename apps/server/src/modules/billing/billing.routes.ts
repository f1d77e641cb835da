import { z } from 'zod';
import {
  MSG,
  changeFrequencyBody,
  changePlanBody,
  checkoutSummary,
  confirm3dsBody,
  localPayBody,
  localPayResult,
  plan,
  sessionDetails,
  subscription,
  subscriptionCheckoutBody,
  type LocalPayResult,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import type { AppModule } from '../../platform/http/types.js';
import type { LocalPayOutcome } from '../../providers/payments/local.js';
import { listActivePlans } from '../plans/index.js';
import { handlePaymentEvent } from './billing.events.js';
import { billingDeps, type BillingModuleDeps } from './billing.deps.js';
import { CHECKOUT_TEXT, dismissCheckout, expireStaleCheckouts, getSessionDetails, listCheckouts } from './billing.service.js';
import { registerStripeWebhook } from './stripe-webhook.routes.js';
import {
  billingPortalUrl,
  cancelSubscription,
  changeFrequency,
  changePlan,
  createHostedSubscriptionCheckout,
  createSubscriptionCheckout,
  currentSubscription,
  reactivateSubscription,
  renewDueSubscriptions,
} from './subscription.service.js';

const bearer = [{ bearer: [] }];
const sessionParam = z.object({ sessionId: z.string().min(1).max(200) });
const subReply = z.object({ data: subscription, message: z.string() });

/** How often a process looks for subscriptions whose period has ended and checkouts that expired. */
export const RENEWAL_SWEEP_MS = 60_000;

/** The local checkout's outcome, delivered through the same event path as a webhook. */
async function settle(deps: BillingModuleDeps, sessionId: string, outcome: LocalPayOutcome): Promise<LocalPayResult> {
  if (outcome.status === 'invalid') throw new AppError(outcome.httpStatus, outcome.message);
  for (const event of outcome.events) await handlePaymentEvent(deps, event, deps.clock());
  if (outcome.status === 'declined') throw new AppError(402, outcome.message);
  return { status: outcome.status, requiresAction: outcome.status === 'requires_action', sessionId };
}

/** The local payment provider's checkout, Stripe's webhook, subscriptions (spec §7 "Subscription") and purchase history. */
export const billingRoutes: AppModule = async (app, ctx) => {
  const deps = billingDeps(ctx);
  const db = deps.db;

  await registerStripeWebhook(app, deps);

  // Background sweeps run in every process that is not API-only; both are safe to run concurrently.
  // Renewals: Stripe bills its own (invoice.paid webhooks), so that sweep runs only for `local`.
  // Expiry: unpaid checkouts past their expiry are marked expired, whatever the provider.
  if (ctx.config.NODE_ENV !== 'test' && ctx.config.ROLE !== 'api') {
    const renews = deps.provider.renewals === 'scheduler';
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (renews)
          renewDueSubscriptions(deps).catch((err: unknown) => app.log.error({ err }, 'subscription renewal sweep failed'));
        expireStaleCheckouts(deps).catch((err: unknown) => app.log.error({ err }, 'checkout expiry sweep failed'));
      }, RENEWAL_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }

  app.post(
    '/payments/local/sessions/:sessionId/pay',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'Pay a checkout session with the local test checkout',
        description:
          '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402); 4000 0025 0000 3155 needs 3-D Secure ' +
          '(requiresAction, then confirm-3ds); any other number is invalid (400).',
        security: bearer,
        params: sessionParam,
        body: localPayBody,
        response: { 200: z.object({ data: localPayResult }) },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      const outcome = await deps.local.pay(sessionId, currentUser(request).id, request.body);
      return { data: await settle(deps, sessionId, outcome) };
    },
  );

  app.post(
    '/payments/local/sessions/:sessionId/confirm-3ds',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'Approve or fail the 3-D Secure step of a local payment',
        security: bearer,
        params: sessionParam,
        body: confirm3dsBody,
        response: { 200: z.object({ data: localPayResult }) },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      const outcome = await deps.local.confirm3ds(sessionId, currentUser(request).id, request.body.approve);
      return { data: await settle(deps, sessionId, outcome) };
    },
  );

  app.get(
    '/billing/checkouts',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['payments'], summary: 'Your purchases, newest first', security: bearer, response: { 200: z.object({ data: z.array(checkoutSummary) }) } },
    },
    async (request) => ({ data: await listCheckouts(db, currentUser(request).id) }),
  );

  app.post(
    '/billing/checkouts/:id/dismiss',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'Dismiss an unfinished checkout of yours: it leaves your purchase history and can no longer be paid',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'Checkout session not found' }) }),
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await dismissCheckout(deps, currentUser(request).id, request.params.id);
      return { data: null, message: CHECKOUT_TEXT.dismissed };
    },
  );

  app.get(
    '/subscription/plans',
    { schema: { tags: ['subscription'], summary: 'Plans one can subscribe to', response: { 200: z.object({ data: z.array(plan) }) } } },
    async () => ({ data: await listActivePlans(db) }),
  );

  app.get(
    '/subscription/current',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['subscription'], summary: 'Your live subscription, or null', security: bearer, response: { 200: z.object({ data: subscription.nullable() }) } },
    },
    async (request) => ({ data: await currentSubscription(db, currentUser(request).id) }),
  );

  app.post(
    '/subscription/checkout',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['subscription'],
        summary: 'Start a subscription; answers the URL of the checkout page',
        security: bearer,
        body: subscriptionCheckoutBody,
        response: { 200: z.object({ data: z.object({ url: z.string(), sessionId: z.string() }) }) },
      },
    },
    async (request) => ({ data: await createHostedSubscriptionCheckout(deps, currentUser(request).id, request.body) }),
  );

  for (const kind of ['embedded-checkout', 'custom-checkout'] as const) {
    app.post(
      `/subscription/${kind}`,
      {
        preHandler: ctx.auth.requireAuth,
        schema: {
          tags: ['subscription'],
          summary: kind === 'embedded-checkout' ? 'Start a subscription in the embedded checkout' : 'Start a subscription in a custom checkout form',
          description: 'The reply is used whole (not wrapped in data), as the spec says.',
          security: bearer,
          body: subscriptionCheckoutBody,
          response: { 200: z.object({ clientSecret: z.string(), sessionId: z.string() }) },
        },
      },
      async (request) => {
        const session = await createSubscriptionCheckout(deps, currentUser(request).id, request.body, kind === 'custom-checkout' ? 'custom' : 'embedded');
        return { clientSecret: session.clientSecret, sessionId: session.sessionId };
      },
    );
  }

  app.post(
    '/subscription/portal',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['subscription'], summary: 'Where to manage your subscription', security: bearer, response: { 200: z.object({ data: z.object({ url: z.string() }) }) } },
    },
    async (request) => ({ data: { url: await billingPortalUrl(deps, currentUser(request).id) } }),
  );

  app.get(
    '/subscription/session/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['subscription'],
        summary: 'A subscription checkout session of yours, reconciled with the provider',
        security: bearer,
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: z.object({ data: sessionDetails.extend({ subscription: subscription.nullable() }) }) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const details = await getSessionDetails(deps, userId, request.params.id);
      return { data: { ...details, subscription: await currentSubscription(db, userId) } };
    },
  );

  const actions = [
    ['cancel', MSG.subscription.canceled, (userId: string) => cancelSubscription(deps, userId)],
    ['reactivate', MSG.subscription.reactivated, (userId: string) => reactivateSubscription(deps, userId)],
  ] as const;
  for (const [name, message, run] of actions) {
    app.post(
      `/subscription/${name}`,
      {
        preHandler: ctx.auth.requireAuth,
        schema: {
          tags: ['subscription'],
          summary: name === 'cancel' ? 'Cancel at the end of the billing period' : 'Undo a pending cancellation',
          security: bearer,
          response: { 200: subReply },
        },
      },
      async (request) => ({ data: await run(currentUser(request).id), message }),
    );
  }

  app.post(
    '/subscription/change-plan',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['subscription'],
        summary: 'Switch plan; the new plan is billed and granted from the next renewal',
        security: bearer,
        body: changePlanBody,
        response: { 200: subReply },
      },
    },
    async (request) => ({ data: await changePlan(deps, currentUser(request).id, request.body.planId), message: MSG.subscription.planChanged }),
  );

  app.post(
    '/subscription/change-frequency',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['subscription'],
        summary: 'Switch between monthly and yearly billing from the next renewal',
        security: bearer,
        body: changeFrequencyBody,
        response: { 200: subReply },
      },
    },
    async (request) => ({
      data: await changeFrequency(deps, currentUser(request).id, request.body.frequency),
      message: MSG.subscription.frequencyChanged,
    }),
  );
};
