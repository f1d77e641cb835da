import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { creditLedger } from '../src/modules/credits/credits.schema.js';
import { billingDeps } from '../src/modules/billing/billing.deps.js';
import { checkouts, paymentEvents, subscriptions } from '../src/modules/billing/billing.schema.js';
import { plans as planRows } from '../src/modules/plans/plans.schema.js';
import { renewDueSubscriptions } from '../src/modules/billing/subscription.service.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { api, balanceOf, depsOf, signInAgain } from './billing-helpers.js';
import { FakeStripeServer, stripeEvent, type FakeSubscription } from './fake-stripe-server.js';

const WEBHOOK_SECRET = 'whsec_test_atelier';
const DAY = 86400;

let t: TestContext;
let fake: FakeStripeServer;
// Only for signing test payloads, as Stripe would; it sends nothing.
const signer = new Stripe('sk_test_signer');

type Product = { id: string; name: string; credits: number; bonusCredits: number; price: number };
type Plan = { id: string; name: string; creditsPerPeriod: number; priceMonthly: number; priceYearly: number };
let products: Product[];
let plans: Plan[];

beforeAll(async () => {
  fake = new FakeStripeServer();
  await fake.start();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_atelier',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier',
    STRIPE_API_URL: fake.url,
  });
  products = (await t.app.inject({ method: 'GET', url: api('/credits/products') })).json().data;
  plans = (await t.app.inject({ method: 'GET', url: api('/subscription/plans') })).json().data;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const pack = () => products.find((p) => p.name === 'Creator pack')!;
const starter = () => plans.find((p) => p.name === 'Starter')!;
const pro = () => plans.find((p) => p.name === 'Pro')!;

function sign(payload: string): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
}

async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: api('/billing/webhooks/stripe'),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? sign(payload) },
    payload,
  });
}

async function buyPack(user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: api('/credits/embedded-checkout'), headers: user.headers, payload: { productId: pack().id } });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { sessionId: string; clientSecret: string };
  expect(data.sessionId).toMatch(/^cs_test_/);
  expect(data.clientSecret).toContain(data.sessionId);
  return data.sessionId;
}

async function checkoutOf(sessionId: string) {
  const rows = await t.deps.database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
  return rows[0]!;
}

async function ledger(userId: string) {
  return t.deps.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}

async function subscribe(user: TestUser, planId: string, frequency: 'monthly' | 'yearly' = 'monthly') {
  const res = await t.app.inject({ method: 'POST', url: api('/subscription/embedded-checkout'), headers: user.headers, payload: { planId, frequency } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { sessionId: string }).sessionId;
}

async function current(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: api('/subscription/current'), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A subscription paid through Stripe's embedded checkout five days ago, its webhook delivered. */
async function paidSubscription(user: TestUser, planId = starter().id): Promise<{ sessionId: string; sub: FakeSubscription }> {
  const sessionId = await subscribe(user, planId);
  const session = fake.completeSession(sessionId, { periodStart: Math.floor(Date.now() / 1000) - 5 * DAY });
  expect((await deliver(stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
  return { sessionId, sub: fake.subscriptionOfSession(sessionId) };
}

beforeEach(() => {
  fake.requests.length = 0;
});

describe('configuration', () => {
  it('tells the web app that Stripe is the provider, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/config') });
    expect(res.json().data).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_atelier' });
  });
});

describe('credit packs through Stripe', () => {
  it('creates an embedded Checkout Session for the pack and grants it when the webhook arrives', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);
    const checkout = await checkoutOf(sessionId);

    const [customer] = fake.received('POST', '/v1/customers');
    expect(customer?.body).toMatchObject({ email: user.email, metadata: { userId: user.id } });
    const [created] = fake.received('POST', '/v1/checkout/sessions');
    expect(created?.body).toMatchObject({
      mode: 'payment',
      ui_mode: 'embedded_page',
      client_reference_id: checkout.id,
      metadata: { checkoutId: checkout.id, userId: user.id },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: String(pack().price), product_data: { name: checkout.description } } }],
    });
    expect(String(created?.body.return_url)).toContain('/checkout/{CHECKOUT_SESSION_ID}');
    expect(created?.idempotencyKey).toBe(`atelier-checkout-${checkout.id}`);

    // A second purchase reuses the customer.
    await buyPack(user);
    expect(fake.received('POST', '/v1/customers')).toHaveLength(1);

    const res = await deliver(stripeEvent('checkout.session.completed', fake.completeSession(sessionId)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ received: true, events: 1, recorded: 1 });
    expect(await balanceOf(t, user)).toBe(before + pack().credits + pack().bonusCredits);

    const details = await t.app.inject({ method: 'GET', url: api(`/credits/session/${sessionId}`), headers: user.headers });
    expect(details.json().data).toMatchObject({ status: 'complete', creditsGranted: pack().credits + pack().bonusCredits });
  });

  it('grants once when the same event is delivered ten times, one after another and at once', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);
    const event = stripeEvent('checkout.session.completed', fake.completeSession(sessionId));
    for (let i = 0; i < 5; i += 1) expect((await deliver(event)).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(t, user)).toBe(before + pack().credits + pack().bonusCredits);
    const purchases = (await ledger(user.id)).filter((e) => e.kind === 'purchase');
    expect(purchases).toHaveLength(1);
    const recorded = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, String(event.id)));
    expect(recorded).toHaveLength(1);
  });

  it('grants once when checkout.session.completed and async_payment_succeeded arrive together', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);
    const session = fake.completeSession(sessionId);
    const results = await Promise.all([
      deliver(stripeEvent('checkout.session.completed', session)),
      deliver(stripeEvent('checkout.session.async_payment_succeeded', session)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(t, user)).toBe(before + pack().credits + pack().bonusCredits);
    expect((await ledger(user.id)).filter((e) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('waits while a completed session is unpaid, grants on async success, and records an async failure', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);
    const unpaid = fake.completeSession(sessionId, { paid: false });
    expect((await deliver(stripeEvent('checkout.session.completed', unpaid))).json().data.events).toBe(0);
    expect(await balanceOf(t, user)).toBe(before);
    expect((await checkoutOf(sessionId)).status).toBe('open');

    const paid = fake.completeSession(sessionId);
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', paid));
    expect(await balanceOf(t, user)).toBe(before + pack().credits + pack().bonusCredits);

    const other = await buyPack(user);
    const failed = fake.completeSession(other, { paid: false });
    await deliver(stripeEvent('checkout.session.async_payment_failed', failed));
    const row = await checkoutOf(other);
    expect(row.status).toBe('declined');
    expect(row.declineMessage).toBeTruthy();
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);
    const event = stripeEvent('checkout.session.completed', fake.completeSession(sessionId));
    const payload = JSON.stringify(event);

    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const tampered = { ...event, id: 'evt_tampered' };
    const cases = [
      await deliver(event, wrongSecret),
      await deliver(event, 't=1,v1=deadbeef'),
      await deliver(tampered, sign(payload)),
      await t.app.inject({ method: 'POST', url: api('/billing/webhooks/stripe'), headers: { 'content-type': 'application/json' }, payload }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', error: 'Bad Request' });
      expect(typeof res.json().message).toBe('string');
    }
    expect(await balanceOf(t, user)).toBe(before);
    expect((await checkoutOf(sessionId)).status).toBe('open');
    const recorded = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, String(event.id)));
    expect(recorded).toHaveLength(0);
  });

  it('reconciles GET /credits/session before the webhook, and the later webhook grants nothing more', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await buyPack(user);

    const open = await t.app.inject({ method: 'GET', url: api(`/credits/session/${sessionId}`), headers: user.headers });
    expect(open.json().data).toMatchObject({ status: 'open', creditsGranted: 0 });

    const session = fake.completeSession(sessionId);
    const reconciled = await t.app.inject({ method: 'GET', url: api(`/credits/session/${sessionId}`), headers: user.headers });
    expect(reconciled.json().data).toMatchObject({ status: 'complete', creditsGranted: pack().credits + pack().bonusCredits });
    expect(fake.received('GET', `/v1/checkout/sessions/${sessionId}`).length).toBeGreaterThan(0);

    const late = await deliver(stripeEvent('checkout.session.completed', session));
    expect(late.json().data).toMatchObject({ events: 1, recorded: 1 });
    expect(await balanceOf(t, user)).toBe(before + pack().credits + pack().bonusCredits);
    expect((await ledger(user.id)).filter((e) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('ignores events for checkouts that are not ours', async () => {
    const res = await deliver(stripeEvent('checkout.session.completed', { id: 'cs_other', object: 'checkout.session', status: 'complete', payment_status: 'paid', client_reference_id: 'order-42', metadata: {} }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.events).toBe(0);
    const unhandled = await deliver(stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(unhandled.statusCode).toBe(200);
  });
});

describe('subscriptions through Stripe', () => {
  it('starts a subscription Checkout Session with the plan price, by price_data or the plan’s price id', async () => {
    const user = await createUser(t.deps);
    const sessionId = await subscribe(user, starter().id, 'yearly');
    const checkout = await checkoutOf(sessionId);
    const [created] = fake.received('POST', '/v1/checkout/sessions');
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      client_reference_id: checkout.id,
      line_items: [{ price_data: { unit_amount: String(starter().priceYearly), recurring: { interval: 'year' } } }],
      subscription_data: { metadata: { checkoutId: checkout.id, planId: starter().id, frequency: 'yearly' } },
    });

    const db = t.deps.database.db;
    await db.update(planRows).set({ stripePriceIdMonthly: 'price_pro_monthly' }).where(eq(planRows.id, pro().id));
    const other = await createUser(t.deps);
    fake.requests.length = 0;
    await subscribe(other, pro().id, 'monthly');
    expect(fake.received('POST', '/v1/checkout/sessions')[0]?.body).toMatchObject({ line_items: [{ price: 'price_pro_monthly', quantity: '1' }] });
    await db.update(planRows).set({ stripePriceIdMonthly: null }).where(eq(planRows.id, pro().id));
  });

  it('answers the hosted checkout URL, the custom checkout client secret and the portal URL from Stripe', async () => {
    const user = await createUser(t.deps);
    const hosted = await t.app.inject({ method: 'POST', url: api('/subscription/checkout'), headers: user.headers, payload: { planId: starter().id, frequency: 'monthly' } });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(fake.received('POST', '/v1/checkout/sessions')[0]?.body).toMatchObject({ ui_mode: 'hosted_page' });

    const other = await createUser(t.deps);
    const custom = await t.app.inject({ method: 'POST', url: api('/subscription/custom-checkout'), headers: other.headers, payload: { planId: starter().id, frequency: 'monthly' } });
    expect(custom.statusCode).toBe(200);
    expect(custom.json().clientSecret).toContain(custom.json().sessionId);
    expect(fake.received('POST', '/v1/checkout/sessions')[1]?.body).toMatchObject({ ui_mode: 'elements' });

    const portal = await t.app.inject({ method: 'POST', url: api('/subscription/portal'), headers: user.headers });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().data.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [portalCall] = fake.received('POST', '/v1/billing_portal/sessions');
    expect(portalCall?.body.customer).toMatch(/^cus_/);
    expect(String(portalCall?.body.return_url)).toMatch(/\/billing$/);
  });

  it('grants the first period once whether checkout.session.completed or invoice.paid comes first', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await subscribe(user, starter().id);
    const session = fake.completeSession(sessionId);
    const sub = fake.subscriptionOfSession(sessionId);
    const item = sub.items.data[0]!;
    const invoice = fake.invoice(sub, { start: item.current_period_start, end: item.current_period_end }, { reason: 'subscription_create' });
    await Promise.all([deliver(stripeEvent('invoice.paid', invoice)), deliver(stripeEvent('checkout.session.completed', session))]);
    await deliver(stripeEvent('invoice.paid', invoice));
    expect(await balanceOf(t, user)).toBe(before + starter().creditsPerPeriod);
    const mine = await current(user);
    expect(mine).toMatchObject({ status: 'active', billingFrequency: 'monthly', plan: { id: starter().id } });
    expect(mine.currentPeriodStart).toBe(new Date(item.current_period_start * 1000).toISOString());
    const rows = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows[0]).toMatchObject({ provider: 'stripe', providerSubscriptionId: sub.id, providerCustomerId: sub.customer });
  });

  it('reaches one consistent state when subscription.updated arrives before the checkout completes', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await subscribe(user, starter().id);
    const session = fake.completeSession(sessionId);
    const sub = fake.subscriptionOfSession(sessionId);
    const created = Math.floor(Date.now() / 1000);
    sub.cancel_at_period_end = true;
    const newer = stripeEvent('customer.subscription.updated', structuredClone(sub), { created: created + 10 });
    sub.cancel_at_period_end = false;
    sub.status = 'incomplete';
    const older = stripeEvent('customer.subscription.updated', structuredClone(sub), { created });
    sub.status = 'active';

    await deliver(newer);
    expect(await current(user)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await balanceOf(t, user)).toBe(before);
    await deliver(stripeEvent('checkout.session.completed', session));
    // The older state, delivered last, changes nothing.
    await deliver(older);
    expect(await current(user)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: { id: starter().id } });
    expect(await balanceOf(t, user)).toBe(before + starter().creditsPerPeriod);
    expect(await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it('reconciles GET /subscription/session before the webhook without granting twice', async () => {
    const user = await createUser(t.deps);
    const before = await balanceOf(t, user);
    const sessionId = await subscribe(user, starter().id);
    const session = fake.completeSession(sessionId);
    const res = await t.app.inject({ method: 'GET', url: api(`/subscription/session/${sessionId}`), headers: user.headers });
    expect(res.json().data).toMatchObject({ status: 'complete', creditsGranted: starter().creditsPerPeriod, subscription: { status: 'active' } });
    await deliver(stripeEvent('checkout.session.completed', session));
    const sub = fake.subscriptionOfSession(sessionId);
    const item = sub.items.data[0]!;
    await deliver(stripeEvent('invoice.paid', fake.invoice(sub, { start: item.current_period_start, end: item.current_period_end }, { reason: 'subscription_create' })));
    expect(await balanceOf(t, user)).toBe(before + starter().creditsPerPeriod);
  });

  it('grants each renewal from invoice.paid once per period, and nothing for a proration-only invoice', async () => {
    const user = await createUser(t.deps);
    const { sub } = await paidSubscription(user);
    const afterFirst = await balanceOf(t, user);
    const item = sub.items.data[0]!;
    const next = { start: item.current_period_end, end: item.current_period_end + 30 * DAY };
    const renewal = fake.invoice(sub, next);
    await deliver(stripeEvent('invoice.paid', renewal));
    await deliver(stripeEvent('invoice.paid', renewal));
    // Stripe may send a second, different event for the same invoice period: still one grant.
    await deliver(stripeEvent('invoice.paid', fake.invoice(sub, next)));
    expect(await balanceOf(t, user)).toBe(afterFirst + starter().creditsPerPeriod);
    expect((await current(user)).currentPeriodEnd).toBe(new Date(next.end * 1000).toISOString());

    await deliver(stripeEvent('invoice.paid', fake.invoice(sub, { start: next.start + DAY, end: next.end }, { reason: 'subscription_update', prorationOnly: true })));
    expect(await balanceOf(t, user)).toBe(afterFirst + starter().creditsPerPeriod);

    const grants = (await ledger(user.id)).filter((e) => e.kind === 'subscription_grant');
    expect(grants).toHaveLength(2);
  });

  it('leaves Stripe subscriptions to Stripe: the renewal sweep charges nothing', async () => {
    const user = await createUser(t.deps);
    await paidSubscription(user);
    const before = await balanceOf(t, user);
    t.clock.advance(40 * DAY * 1000);
    await signInAgain(t, user);
    fake.requests.length = 0;
    expect(await renewDueSubscriptions(depsOf(t))).toEqual({ renewed: 0, canceled: 0, failed: 0 });
    // Even the local provider's sweep (a deployment switched back) leaves them alone.
    const localDeps = billingDeps({ ...t.deps, config: { ...t.deps.config, STRIPE_SECRET_KEY: undefined } });
    expect(localDeps.provider.name).toBe('local');
    const report = await renewDueSubscriptions(localDeps);
    expect(report.renewed + report.failed + report.canceled).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(await balanceOf(t, user)).toBe(before);
    expect((await current(user)).status).toBe('active');
  });

  it('marks a failed renewal past due, and a deleted subscription canceled', async () => {
    const user = await createUser(t.deps);
    const { sub } = await paidSubscription(user);
    const item = sub.items.data[0]!;
    await deliver(stripeEvent('invoice.payment_failed', fake.invoice(sub, { start: item.current_period_end, end: item.current_period_end + 30 * DAY }, { status: 'open' })));
    expect((await current(user)).status).toBe('past_due');
    sub.status = 'canceled';
    sub.ended_at = Math.floor(Date.now() / 1000) + 5;
    await deliver(stripeEvent('customer.subscription.deleted', structuredClone(sub), { created: Math.floor(Date.now() / 1000) + 5 }));
    expect(await current(user)).toBeNull();
    const rows = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows[0]?.status).toBe('canceled');
  });

  it('cancels and reactivates at Stripe, then on our side', async () => {
    const user = await createUser(t.deps);
    const { sub } = await paidSubscription(user);
    fake.requests.length = 0;

    const cancel = await t.app.inject({ method: 'POST', url: api('/subscription/cancel'), headers: user.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ data: { cancelAtPeriodEnd: true }, message: 'Subscription will be canceled at the end of the billing period' });
    expect(fake.received('POST', `/v1/subscriptions/${sub.id}`).map((r) => r.body)).toEqual([{ cancel_at_period_end: 'true' }]);

    const again = await t.app.inject({ method: 'POST', url: api('/subscription/reactivate'), headers: user.headers });
    expect(again.json()).toMatchObject({ data: { cancelAtPeriodEnd: false }, message: 'Your subscription has been reactivated' });
    expect(fake.received('POST', `/v1/subscriptions/${sub.id}`).map((r) => r.body)[1]).toEqual({ cancel_at_period_end: 'false' });
  });

  it('changes plan and frequency at Stripe with proration, then on our side, granting nothing until a period is paid', async () => {
    const user = await createUser(t.deps);
    const { sub } = await paidSubscription(user);
    const item = sub.items.data[0]!;
    const product = item.price.product;
    const balance = await balanceOf(t, user);
    fake.requests.length = 0;

    // The preview is Stripe's proration as an estimate on the next invoice, with no credits now.
    const preview = await t.app.inject({ method: 'GET', url: api(`/subscription/change-plan/preview?planId=${pro().id}`), headers: user.headers });
    expect(preview.statusCode).toBe(200);
    const { data: estimate } = preview.json();
    expect(estimate).toMatchObject({ estimated: true, timing: 'now', creditsNow: 0, newPrice: pro().priceMonthly, creditsPerPeriod: 1000 });
    expect(estimate.amountDue).toBe(Math.round(((pro().priceMonthly - starter().priceMonthly) * estimate.daysLeft) / estimate.daysInPeriod));
    expect(fake.requests).toHaveLength(0);

    const plan = await t.app.inject({ method: 'POST', url: api('/subscription/change-plan'), headers: user.headers, payload: { planId: pro().id } });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ data: { plan: { id: pro().id }, billingFrequency: 'monthly' }, message: 'Your subscription plan has been updated' });
    const [planUpdate] = fake.received('POST', `/v1/subscriptions/${sub.id}`);
    expect(planUpdate?.body).toEqual({
      items: [{ id: item.id, price_data: { currency: 'usd', product, unit_amount: String(pro().priceMonthly), recurring: { interval: 'month' } } }],
      proration_behavior: 'create_prorations',
      metadata: { planId: pro().id, frequency: 'monthly' },
    });

    const freq = await t.app.inject({ method: 'POST', url: api('/subscription/change-frequency'), headers: user.headers, payload: { frequency: 'yearly' } });
    expect(freq.statusCode).toBe(200);
    expect(freq.json()).toMatchObject({ data: { plan: { id: pro().id }, billingFrequency: 'yearly' }, message: 'Your billing frequency has been updated' });
    const freqUpdate = fake.received('POST', `/v1/subscriptions/${sub.id}`)[1];
    expect(freqUpdate?.body).toMatchObject({
      items: [{ id: item.id, price_data: { unit_amount: String(pro().priceYearly), recurring: { interval: 'year' } } }],
      proration_behavior: 'create_prorations',
      metadata: { planId: pro().id, frequency: 'yearly' },
    });
    expect(await balanceOf(t, user)).toBe(balance);

    // Stripe's own confirmation of the change maps back to the same plan and frequency.
    await deliver(stripeEvent('customer.subscription.updated', structuredClone(sub), { created: Math.floor(Date.now() / 1000) + 20 }));
    expect(await current(user)).toMatchObject({ plan: { id: pro().id }, billingFrequency: 'yearly', status: 'active' });

    // The new yearly period, once paid, grants the yearly credits of the new plan once.
    const newItem = sub.items.data[0]!;
    const yearly = fake.invoice(sub, { start: newItem.current_period_start, end: newItem.current_period_end }, { reason: 'subscription_update' });
    await deliver(stripeEvent('invoice.paid', yearly));
    await deliver(stripeEvent('invoice.paid', yearly));
    expect(await balanceOf(t, user)).toBe(balance + pro().creditsPerPeriod * 12);
  });
});
