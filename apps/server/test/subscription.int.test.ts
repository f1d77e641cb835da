import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditLedger } from '../src/modules/credits/credits.schema.js';
import { handlePaymentEvent } from '../src/modules/billing/billing.events.js';
import { paymentCards } from '../src/modules/billing/billing.schema.js';
import { renewDueSubscriptions } from '../src/modules/billing/subscription.service.js';
import { addInterval } from '../src/providers/payments/types.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { CARDS, api, balanceOf, card, depsOf, pay, signInAgain } from './billing-helpers.js';

let t: TestContext;
let plans: { id: string; name: string; creditsPerPeriod: number; priceMonthly: number; priceYearly: number }[];
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: api('/subscription/plans') });
  plans = res.json().data;
});
afterAll(async () => t.close());

const starter = () => plans.find((p) => p.name === 'Starter')!;
const pro = () => plans.find((p) => p.name === 'Pro')!;

async function current(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: api('/subscription/current'), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function subscribe(user: TestUser, planId: string, frequency: 'monthly' | 'yearly' = 'monthly') {
  const res = await t.app.inject({ method: 'POST', url: api('/subscription/embedded-checkout'), headers: user.headers, payload: { planId, frequency } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { sessionId: string; clientSecret: string };
  const paid = await pay(t, user, body.sessionId);
  expect(paid.statusCode).toBe(200);
  return body.sessionId;
}

async function grants(userId: string) {
  const rows = await t.deps.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return rows.filter((r) => r.kind === 'subscription_grant');
}

async function action(user: TestUser, name: string, payload?: object) {
  return t.app.inject({ method: 'POST', url: api(`/subscription/${name}`), headers: user.headers, ...(payload ? { payload } : {}) });
}

describe('subscribing', () => {
  it('lists the seeded plans and returns a checkout page URL', async () => {
    expect(plans.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Studio']);
    const user = await createUser(t.deps);
    expect(await current(user)).toBeNull();
    const res = await action(user, 'checkout', { planId: pro().id, frequency: 'yearly' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toMatch(/\/checkout\/cs_local_[0-9a-f]+/);
    const portal = await action(user, 'portal');
    expect(portal.json().data.url).toMatch(/\/billing$/);
  });

  it('starts a subscription on payment and grants the period’s credits once', async () => {
    const user = await createUser(t.deps);
    const sessionId = await subscribe(user, starter().id);
    const sub = await current(user);
    expect(sub).toMatchObject({ status: 'active', billingFrequency: 'monthly', cancelAtPeriodEnd: false, plan: { name: 'Starter' } });
    expect(new Date(sub.currentPeriodEnd).getTime()).toBe(addInterval(new Date(sub.currentPeriodStart), 'month').getTime());
    expect(await balanceOf(t, user)).toBe(300);
    const details = await t.app.inject({ method: 'GET', url: api(`/subscription/session/${sessionId}`), headers: user.headers });
    expect(details.json().data).toMatchObject({ status: 'complete', creditsGranted: 300, subscription: { id: sub.id } });
    const again = await action(user, 'embedded-checkout', { planId: pro().id, frequency: 'monthly' });
    expect(again.statusCode).toBe(409);
  });

  it('grants a yearly period twelve months of credits', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id, 'yearly');
    expect(await balanceOf(t, user)).toBe(300 * 12);
  });

  it('handles the period event before the checkout completion (out of order)', async () => {
    const user = await createUser(t.deps);
    const res = await action(user, 'custom-checkout', { planId: pro().id, frequency: 'monthly' });
    const { sessionId } = res.json() as { sessionId: string };
    const deps = depsOf(t);
    await deps.local.pay(sessionId, user.id, card(CARDS.ok));
    const events = await deps.local.sessionEvents(sessionId);
    expect(events.map((e) => e.type)).toEqual(['checkout.completed', 'subscription.period_paid']);
    await handlePaymentEvent(deps, events[1]!);
    expect(await current(user)).toMatchObject({ status: 'active', plan: { name: 'Pro' } });
    expect(await balanceOf(t, user)).toBe(1000);
    await handlePaymentEvent(deps, events[0]!);
    await handlePaymentEvent(deps, events[1]!);
    expect(await balanceOf(t, user)).toBe(1000);
    expect(await grants(user.id)).toHaveLength(1);
    const details = await t.app.inject({ method: 'GET', url: api(`/credits/session/${sessionId}`), headers: user.headers });
    expect(details.json().data).toMatchObject({ status: 'complete', creditsGranted: 1000 });
  });
});

describe('renewal', () => {
  it('renews once per period with the test clock, granting credits once', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id);
    const first = await current(user);
    t.clock.advance(32 * DAY);
    await signInAgain(t, user);
    const deps = depsOf(t);
    const [a, b] = await Promise.all([renewDueSubscriptions(deps), renewDueSubscriptions(deps)]);
    expect(a.renewed + b.renewed).toBeGreaterThanOrEqual(1);
    await renewDueSubscriptions(deps);
    const renewed = await current(user);
    expect(renewed.currentPeriodStart).toBe(first.currentPeriodEnd);
    expect(renewed.status).toBe('active');
    expect(await balanceOf(t, user)).toBe(600);
    expect(await grants(user.id)).toHaveLength(2);
  });

  it('applies a downgrade and a switch of frequency from the next renewal, keeping the plan in force until then', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, pro().id);
    expect(await balanceOf(t, user)).toBe(1000);
    const before = await current(user);
    const preview = await t.app.inject({ method: 'GET', url: api(`/subscription/change-plan/preview?planId=${starter().id}`), headers: user.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      timing: 'renewal',
      amountDue: 0,
      effectiveAt: before.currentPeriodEnd,
      newPrice: starter().priceMonthly,
      creditsNow: 0,
      creditsPerPeriod: 300,
      plan: { name: 'Starter' },
      currentPlan: { name: 'Pro' },
    });
    const changed = await action(user, 'change-plan', { planId: starter().id, expectedAmount: 0 });
    expect(changed.json()).toMatchObject({
      message: 'Your subscription plan has been updated',
      data: { plan: { name: 'Pro' }, pendingPlan: { name: 'Starter' } },
    });
    expect(await balanceOf(t, user)).toBe(1000);
    const freq = await action(user, 'change-frequency', { frequency: 'yearly' });
    expect(freq.json()).toMatchObject({
      message: 'Your billing frequency has been updated',
      data: { billingFrequency: 'monthly', pendingBillingFrequency: 'yearly' },
    });
    t.clock.advance(32 * DAY);
    await signInAgain(t, user);
    await renewDueSubscriptions(depsOf(t));
    expect(await balanceOf(t, user)).toBe(1000 + 300 * 12);
    const sub = await current(user);
    expect(sub).toMatchObject({ plan: { name: 'Starter' }, billingFrequency: 'yearly', pendingPlan: null, pendingBillingFrequency: null });
    expect(new Date(sub.currentPeriodEnd).getTime()).toBe(addInterval(new Date(sub.currentPeriodStart), 'year').getTime());
  });

  it('choosing the plan in force again drops a pending downgrade', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, pro().id);
    await action(user, 'change-plan', { planId: starter().id });
    const kept = await action(user, 'change-plan', { planId: pro().id });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ plan: { name: 'Pro' }, pendingPlan: null });
    expect((await action(user, 'change-plan', { planId: pro().id })).statusCode).toBe(409);
  });
});

describe('upgrading', () => {
  async function purchases(user: TestUser) {
    const res = await t.app.inject({ method: 'GET', url: api('/billing/checkouts'), headers: user.headers });
    return res.json().data as { description: string; amount: number; credits: number; status: string }[];
  }

  it('charges the prorated difference now, exactly as previewed, grants the prorated credits, once', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id);
    t.clock.advance(10 * DAY + 3600 * 1000);
    await signInAgain(t, user);
    const res = await t.app.inject({ method: 'GET', url: api(`/subscription/change-plan/preview?planId=${pro().id}`), headers: user.headers });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    const sub = await current(user);
    const daysInPeriod = Math.round((Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart)) / DAY);
    const daysLeft = Math.ceil((Date.parse(sub.currentPeriodEnd) - t.clock.now().getTime()) / DAY);
    const amountDue = Math.round(((pro().priceMonthly - starter().priceMonthly) * daysLeft) / daysInPeriod);
    const creditsNow = Math.round(((1000 - 300) * daysLeft) / daysInPeriod);
    expect(preview).toMatchObject({ timing: 'now', daysLeft, daysInPeriod, amountDue, creditsNow, newPrice: pro().priceMonthly, periodEnd: sub.currentPeriodEnd });
    expect(amountDue).toBeGreaterThan(0);
    expect(amountDue).toBeLessThan(pro().priceMonthly - starter().priceMonthly);

    // An amount other than the one due is refused, and nothing happens.
    const stale = await action(user, 'change-plan', { planId: pro().id, expectedAmount: amountDue + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^The amount due is now \$\d+\.\d\d; review the change again$/);
    expect((await current(user)).plan.name).toBe('Starter');

    const [first, second] = await Promise.all([
      action(user, 'change-plan', { planId: pro().id, expectedAmount: amountDue }),
      action(user, 'change-plan', { planId: pro().id, expectedAmount: amountDue }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const again = await action(user, 'change-plan', { planId: pro().id, expectedAmount: amountDue });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ plan: { name: 'Pro' }, pendingPlan: null, currentPeriodEnd: sub.currentPeriodEnd });

    expect(await balanceOf(t, user)).toBe(300 + creditsNow);
    const upgradeRows = (await purchases(user)).filter((p) => p.description.startsWith('Upgrade to Pro'));
    expect(upgradeRows).toEqual([expect.objectContaining({ amount: amountDue, credits: creditsNow, status: 'complete' })]);

    // The next renewal bills and grants the new plan in full.
    t.clock.advance(25 * DAY);
    await signInAgain(t, user);
    await renewDueSubscriptions(depsOf(t));
    expect(await balanceOf(t, user)).toBe(300 + creditsNow + 1000);
  });

  it('leaves the plan unchanged when the saved card declines', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id);
    await t.deps.database.db.update(paymentCards).set({ declinesRenewals: true }).where(eq(paymentCards.userId, user.id));
    const res = await action(user, 'change-plan', { planId: pro().id });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('The saved card was declined. Your plan is unchanged.');
    expect((await current(user)).plan.name).toBe('Starter');
    expect(await balanceOf(t, user)).toBe(300);
    expect((await purchases(user)).filter((p) => p.description.startsWith('Upgrade'))).toEqual([]);
  });

  it('needs a live subscription and a plan id to preview', async () => {
    const user = await createUser(t.deps);
    const none = await t.app.inject({ method: 'GET', url: api(`/subscription/change-plan/preview?planId=${pro().id}`), headers: user.headers });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: api('/subscription/change-plan/preview?planId=x'), headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a plan');
  });
  it('cancels at period end with no renewal, and reactivation undoes a pending cancel', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id);
    const canceled = await action(user, 'cancel');
    expect(canceled.json()).toMatchObject({ message: 'Subscription will be canceled at the end of the billing period', data: { cancelAtPeriodEnd: true, status: 'active' } });
    const reactivated = await action(user, 'reactivate');
    expect(reactivated.json()).toMatchObject({ message: 'Your subscription has been reactivated', data: { cancelAtPeriodEnd: false } });
    expect((await action(user, 'reactivate')).statusCode).toBe(409);
    await action(user, 'cancel');
    t.clock.advance(32 * DAY);
    await signInAgain(t, user);
    await renewDueSubscriptions(depsOf(t));
    expect(await current(user)).toBeNull();
    expect(await balanceOf(t, user)).toBe(300);
    expect((await action(user, 'reactivate')).statusCode).toBe(404);
    // A new subscription can be taken after the old one ended.
    await subscribe(user, starter().id);
    expect(await balanceOf(t, user)).toBe(600);
  });

  it('leaves a subscription past due when the saved card declines, and catches up when it pays', async () => {
    const user = await createUser(t.deps);
    await subscribe(user, starter().id);
    await t.deps.database.db.update(paymentCards).set({ declinesRenewals: true }).where(eq(paymentCards.userId, user.id));
    t.clock.advance(32 * DAY);
    await signInAgain(t, user);
    const report = await renewDueSubscriptions(depsOf(t));
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect((await current(user)).status).toBe('past_due');
    expect(await balanceOf(t, user)).toBe(300);
    await t.deps.database.db.update(paymentCards).set({ declinesRenewals: false }).where(eq(paymentCards.userId, user.id));
    await renewDueSubscriptions(depsOf(t));
    expect((await current(user)).status).toBe('active');
    expect(await balanceOf(t, user)).toBe(600);
  });

  it('needs a subscription for the management calls and a sign-in for all', async () => {
    const user = await createUser(t.deps);
    expect((await action(user, 'cancel')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: api('/subscription/cancel') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: api('/subscription/current') })).statusCode).toBe(401);
  });
});
