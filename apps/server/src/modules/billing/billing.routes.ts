import { MSG, paymentsContracts, subscriptionContracts, type LocalPayResult } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { AppError } from '../../platform/http/errors.js';
import type { AppModule } from '../../platform/http/types.js';
import type { LocalPayOutcome } from '../../providers/payments/local.js';
import { listActivePlans } from '../plans/index.js';
import { handlePaymentEvent } from './billing.events.js';
import { billingDeps, type BillingModuleDeps } from './billing.deps.js';
import { CHECKOUT_TEXT, dismissCheckout, getSessionDetails, listCheckouts } from './billing.service.js';
import { registerStripeWebhook } from './stripe-webhook.routes.js';
import {
  billingPortalUrl,
  cancelSubscription,
  changeFrequency,
  changePlan,
  createHostedSubscriptionCheckout,
  createSubscriptionCheckout,
  currentSubscription,
  previewPlanChange,
  reactivateSubscription,
} from './subscription.service.js';

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

  const pay = paymentsContracts;
  const sub = subscriptionContracts;

  app.route({
    ...fromContract(pay.localPay),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const { sessionId } = request.params;
      const outcome = await deps.local.pay(sessionId, currentUser(request).id, request.body);
      return { data: await settle(deps, sessionId, outcome) };
    },
  });

  app.route({
    ...fromContract(pay.localConfirm3ds),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const { sessionId } = request.params;
      const outcome = await deps.local.confirm3ds(sessionId, currentUser(request).id, request.body.approve);
      return { data: await settle(deps, sessionId, outcome) };
    },
  });

  app.route({
    ...fromContract(pay.checkouts),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await listCheckouts(db, currentUser(request).id) }),
  });

  app.route({
    ...fromContract(pay.dismissCheckout),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await dismissCheckout(deps, currentUser(request).id, request.params.id);
      return { data: null, message: CHECKOUT_TEXT.dismissed };
    },
  });

  app.route({
    ...fromContract(sub.plans),
    handler: async () => ({ data: await listActivePlans(db) }),
  });

  app.route({
    ...fromContract(sub.current),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await currentSubscription(db, currentUser(request).id) }),
  });

  app.route({
    ...fromContract(sub.checkout),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await createHostedSubscriptionCheckout(deps, currentUser(request).id, request.body) }),
  });

  const clientCheckouts = [
    [sub.embeddedCheckout, 'embedded'],
    [sub.customCheckout, 'custom'],
  ] as const;
  for (const [at, form] of clientCheckouts) {
    app.route({
      ...fromContract(at),
      preHandler: ctx.auth.requireAuth,
      handler: async (request) => {
        const session = await createSubscriptionCheckout(deps, currentUser(request).id, request.body, form);
        return { clientSecret: session.clientSecret, sessionId: session.sessionId };
      },
    });
  }

  app.route({
    ...fromContract(sub.portal),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { url: await billingPortalUrl(deps, currentUser(request).id) } }),
  });

  app.route({
    ...fromContract(sub.session),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const userId = currentUser(request).id;
      const details = await getSessionDetails(deps, userId, request.params.id);
      return { data: { ...details, subscription: await currentSubscription(db, userId) } };
    },
  });

  const actions = [
    [sub.cancel, MSG.subscription.canceled, (userId: string) => cancelSubscription(deps, userId)],
    [sub.reactivate, MSG.subscription.reactivated, (userId: string) => reactivateSubscription(deps, userId)],
  ] as const;
  for (const [at, message, run] of actions) {
    app.route({
      ...fromContract(at),
      preHandler: ctx.auth.requireAuth,
      handler: async (request) => ({ data: await run(currentUser(request).id), message }),
    });
  }

  app.route({
    ...fromContract(sub.changePlanPreview),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await previewPlanChange(deps, currentUser(request).id, request.query.planId) }),
  });

  app.route({
    ...fromContract(sub.changePlan),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await changePlan(deps, currentUser(request).id, request.body.planId, request.body.expectedAmount),
      message: MSG.subscription.planChanged,
    }),
  });

  app.route({
    ...fromContract(sub.changeFrequency),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await changeFrequency(deps, currentUser(request).id, request.body.frequency),
      message: MSG.subscription.frequencyChanged,
    }),
  });
};
