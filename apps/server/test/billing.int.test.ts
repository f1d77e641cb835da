import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { creditLedger } from '../src/modules/credits/credits.schema.js';
import { handlePaymentEvent } from '../src/modules/billing/billing.events.js';
import { CHECKOUT_TTL_MS, expireStaleCheckouts } from '../src/modules/billing/billing.service.js';
import { paymentEvents } from '../src/modules/billing/billing.schema.js';
import type { CheckoutCompletedEvent } from '../src/providers/payments/types.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { CARDS, api, balanceOf, card, depsOf, pay, signInAgain } from './billing-helpers.js';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

async function products() {
  const res = await t.app.inject({ method: 'GET', url: api('/credits/products') });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; name: string; credits: number; bonusCredits: number; price: number }[];
}

async function startCheckout(user: TestUser, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: api('/credits/embedded-checkout'), headers: user.headers, payload: body });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { sessionId: string; clientSecret: string };
  expect(data.clientSecret).toContain(data.sessionId);
  return data.sessionId;
}

async function session(user: TestUser, sessionId: string) {
  return t.app.inject({ method: 'GET', url: api(`/credits/session/${sessionId}`), headers: user.headers });
}

async function purchaseEntries(userId: string) {
  const rows = await t.deps.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return rows.filter((r) => r.kind === 'purchase');
}

describe('catalogue and pricing', () => {
  it('lists the seeded packs in order and the pricing', async () => {
    const list = await products();
    expect(list.map((p) => [p.credits, p.bonusCredits, p.price])).toEqual([
      [100, 0, 500],
      [500, 50, 2000],
      [1200, 200, 4000],
    ]);
    const one = await t.app.inject({ method: 'GET', url: api(`/credits/products/${list[1]!.id}`) });
    expect(one.json().data.name).toBe('Creator pack');
    const pricing = await t.app.inject({ method: 'GET', url: api('/credits/pricing') });
    expect(pricing.json().data).toMatchObject({ pricePerCredit: 5, currency: 'usd', minCredits: 50, maxCredits: 100000 });
  });

  it('calculates tiered prices exactly, in minor units', async () => {
    const calc = async (credits: number) => {
      const res = await t.app.inject({ method: 'POST', url: api('/credits/calculate-price'), payload: { credits } });
      return res;
    };
    expect((await calc(999)).json().data).toEqual({ credits: 999, unitPrice: 5, subtotal: 4995, discountPercent: 0, discount: 0, total: 4995, currency: 'usd' });
    expect((await calc(1000)).json().data).toEqual({ credits: 1000, unitPrice: 5, subtotal: 5000, discountPercent: 5, discount: 250, total: 4750, currency: 'usd' });
    // 5003 × 5 = 25015; 10 % = 2501.5, rounded half up to 2502.
    expect((await calc(5003)).json().data).toMatchObject({ subtotal: 25015, discountPercent: 10, discount: 2502, total: 22513 });
    expect((await calc(20000)).json().data).toMatchObject({ discountPercent: 20, discount: 20000, total: 80000 });
    const low = await calc(10);
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Choose between 50 and 100000 credits');
  });
});

describe('admin-only writes', () => {
  it('refuses anonymous callers with 401 and users with 403', async () => {
    const user = await createUser(t.deps);
    const product = { name: 'Mega', credits: 10, price: 100 };
    const calls = [
      { method: 'POST' as const, url: api('/credits/admin/products'), payload: product },
      { method: 'PUT' as const, url: api(`/credits/admin/products/${(await products())[0]!.id}`), payload: { name: 'x' } },
      { method: 'DELETE' as const, url: api(`/credits/admin/products/${(await products())[0]!.id}`) },
      { method: 'PUT' as const, url: api('/credits/admin/pricing'), payload: { pricePerCredit: 1, minCredits: 1, maxCredits: 10 } },
      { method: 'GET' as const, url: api('/credits/admin/stats') },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: user.headers })).statusCode).toBe(403);
    }
    expect((await products()).length).toBe(3);
  });

  it('lets an admin manage products and pricing with the spec texts', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: api('/credits/admin/products'),
      headers: admin.headers,
      payload: { name: 'Tiny pack', credits: 10, price: 99, sortOrder: 9 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Credit product created successfully');
    const id = created.json().data.id as string;
    const updated = await t.app.inject({ method: 'PUT', url: api(`/credits/admin/products/${id}`), headers: admin.headers, payload: { price: 149 } });
    expect(updated.json()).toMatchObject({ message: 'Credit product updated successfully', data: { name: 'Tiny pack', price: 149, credits: 10 } });
    expect((await products()).map((p) => p.name)).toContain('Tiny pack');
    const deleted = await t.app.inject({ method: 'DELETE', url: api(`/credits/admin/products/${id}`), headers: admin.headers });
    expect(deleted.json().message).toBe('Credit product deleted successfully');
    expect((await products()).map((p) => p.name)).not.toContain('Tiny pack');

    const pricing = { pricePerCredit: 4, currency: 'usd', minCredits: 20, maxCredits: 5000, tiers: [{ minCredits: 100, discountPercent: 50 }] };
    const put = await t.app.inject({ method: 'PUT', url: api('/credits/admin/pricing'), headers: admin.headers, payload: pricing });
    expect(put.json()).toEqual({ data: pricing, message: 'Credit pricing updated successfully' });
    const calc = await t.app.inject({ method: 'POST', url: api('/credits/calculate-price'), payload: { credits: 101 } });
    expect(calc.json().data).toMatchObject({ subtotal: 404, discount: 202, total: 202 });
    await t.app.inject({
      method: 'PUT',
      url: api('/credits/admin/pricing'),
      headers: admin.headers,
      payload: { pricePerCredit: 5, minCredits: 50, maxCredits: 100000, tiers: [{ minCredits: 1000, discountPercent: 5 }, { minCredits: 5000, discountPercent: 10 }, { minCredits: 20000, discountPercent: 20 }] },
    });
  });
});

describe('local checkout', () => {
  it('buys a pack with the test card and shows the outcome and the balance', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const pack = (await products())[1]!;
    const sessionId = await startCheckout(user, { productId: pack.id });
    const before = await session(user, sessionId);
    expect(before.json().data).toMatchObject({ status: 'open', creditsGranted: 0, balance: 10, checkout: { amount: 2000, credits: 550 } });

    const paid = await pay(t, user, sessionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', requiresAction: false });
    const after = await session(user, sessionId);
    expect(after.json().data).toMatchObject({ status: 'complete', creditsGranted: 550, balance: 560 });
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(560);

    const again = await pay(t, user, sessionId);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t, user)).toBe(560);
  });

  it('prices a custom amount when the checkout is created', async () => {
    const user = await createUser(t.deps);
    const sessionId = await startCheckout(user, { credits: 1000 });
    const details = await session(user, sessionId);
    expect(details.json().data.checkout).toMatchObject({ credits: 1000, amount: 4750, currency: 'usd' });
    await pay(t, user, sessionId);
    expect(await balanceOf(t, user)).toBe(1000);
  });

  it('declines the decline card and grants nothing; another card then pays', async () => {
    const user = await createUser(t.deps);
    const sessionId = await startCheckout(user, { productId: (await products())[0]!.id });
    const declined = await pay(t, user, sessionId, CARDS.decline);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    const details = await session(user, sessionId);
    expect(details.json().data).toMatchObject({ status: 'declined', creditsGranted: 0, balance: 0, checkout: { declineMessage: 'Your card was declined.' } });
    expect(await purchaseEntries(user.id)).toHaveLength(0);

    await pay(t, user, sessionId);
    expect(await balanceOf(t, user)).toBe(100);
  });

  it('asks for 3-D Secure and pays after approval, or grants nothing when it fails', async () => {
    const user = await createUser(t.deps);
    const packId = (await products())[0]!.id;
    const first = await startCheckout(user, { productId: packId });
    const needsAuth = await pay(t, user, first, CARDS.threeDs);
    expect(needsAuth.json().data).toEqual({ status: 'requires_action', requiresAction: true, sessionId: first });
    expect(await balanceOf(t, user)).toBe(0);
    const approve = await t.app.inject({ method: 'POST', url: api(`/payments/local/sessions/${first}/confirm-3ds`), headers: user.headers, payload: { approve: true } });
    expect(approve.json().data.status).toBe('paid');
    expect(await balanceOf(t, user)).toBe(100);

    const second = await startCheckout(user, { productId: packId });
    await pay(t, user, second, CARDS.threeDs);
    const reject = await t.app.inject({ method: 'POST', url: api(`/payments/local/sessions/${second}/confirm-3ds`), headers: user.headers, payload: { approve: false } });
    expect(reject.statusCode).toBe(402);
    expect(reject.json().message).toMatch(/unable to authenticate/);
    expect(await balanceOf(t, user)).toBe(100);
  });

  it('marks unpaid checkouts expired once their time is up, and a payment that still arrives grants once', async () => {
    const user = await createUser(t.deps);
    const packs = await products();
    const unpaid = await startCheckout(user, { productId: packs[0]!.id });
    const declined = await startCheckout(user, { productId: packs[0]!.id });
    await pay(t, user, declined, CARDS.decline);
    const paid = await startCheckout(user, { productId: packs[0]!.id });
    await pay(t, user, paid);
    const late = await startCheckout(user, { productId: packs[1]!.id });

    expect(await expireStaleCheckouts(depsOf(t))).toBe(0);
    t.clock.advance(CHECKOUT_TTL_MS + 1000);
    // A day later the old access tokens have expired; everyone signs in again.
    await signInAgain(t, user);
    await signInAgain(t, admin);
    await expireStaleCheckouts(depsOf(t));
    const statusOf = async (sessionId: string) => (await session(user, sessionId)).json().data.status as string;
    expect([await statusOf(unpaid), await statusOf(declined), await statusOf(paid), await statusOf(late)]).toEqual([
      'expired',
      'expired',
      'complete',
      'expired',
    ]);
    // Purchases list what was bought; the expired checkouts (opened and left, or failed) have left it.
    const purchases = await t.app.inject({ method: 'GET', url: api('/billing/checkouts'), headers: user.headers });
    expect((purchases.json().data as { sessionId: string }[]).map((c) => c.sessionId)).toEqual([paid]);
    // The local checkout refuses an expired session, so nothing can be paid after the sweep.
    expect((await pay(t, user, late)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await balanceOf(t, user)).toBe(100);

    // A provider's completion for an expired checkout (a late asynchronous payment) still grants, once.
    const row = (await session(user, late)).json().data.checkout as { id: string };
    const event: CheckoutCompletedEvent = {
      id: `evt_late_${row.id}`,
      provider: 'local',
      type: 'checkout.completed',
      checkoutId: row.id,
      sessionId: late,
      paidAt: t.clock.now().toISOString(),
    };
    await handlePaymentEvent(depsOf(t), event);
    await handlePaymentEvent(depsOf(t), event);
    expect(await balanceOf(t, user)).toBe(650);
  });

  it('lets the owner dismiss an unfinished checkout: it leaves the history and can no longer be paid', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const packId = (await products())[0]!.id;
    const abandoned = await startCheckout(user, { productId: packId });
    const declined = await startCheckout(user, { productId: packId });
    await pay(t, user, declined, CARDS.decline);
    const paid = await startCheckout(user, { productId: packId });
    await pay(t, user, paid);
    const history = async (who: TestUser) => {
      const res = await t.app.inject({ method: 'GET', url: api('/billing/checkouts'), headers: who.headers });
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: string; sessionId: string; status: string; expiresAt: string }[];
    };
    const idOf = async (sessionId: string) => (await session(user, sessionId)).json().data.checkout.id as string;
    const dismiss = (who: TestUser | null, id: string) =>
      t.app.inject({ method: 'POST', url: api(`/billing/checkouts/${id}/dismiss`), ...(who ? { headers: who.headers } : {}) });

    // Opening a checkout is not a purchase: the abandoned one is not listed; the failed payment is, until it expires.
    const listed = await history(user);
    expect(new Map(listed.map((c) => [c.sessionId, c.status]))).toEqual(
      new Map([
        [paid, 'complete'],
        [declined, 'declined'],
      ]),
    );
    expect(Date.parse(listed[0]!.expiresAt)).toBeGreaterThan(t.clock.now().getTime());

    // Nobody else can dismiss it, signed out or signed in as someone else; it stays as it was.
    const abandonedId = await idOf(abandoned);
    expect((await dismiss(null, abandonedId)).statusCode).toBe(401);
    expect((await dismiss(other, abandonedId)).statusCode).toBe(404);
    expect((await dismiss(user, 'not-an-id')).statusCode).toBe(400);
    expect((await session(user, abandoned)).json().data.status).toBe('open');

    const declinedId = await idOf(declined);
    const paidId = await idOf(paid);
    const done = await dismiss(user, abandonedId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: null, message: 'Checkout dismissed' });
    expect((await dismiss(user, declinedId)).statusCode).toBe(200);
    // A paid purchase is a record, not a loose end.
    const refused = await dismiss(user, paidId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A paid purchase stays in your history');

    expect((await history(user)).map((c) => c.sessionId)).toEqual([paid]);
    // The dismissed checkout is closed: paying it now is refused and grants nothing.
    expect((await pay(t, user, abandoned)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await session(user, abandoned)).json().data.status).toBe('expired');
    expect(await balanceOf(t, user)).toBe(100);
  });

  it('refuses invalid card numbers and other people’s sessions', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const sessionId = await startCheckout(user, { productId: (await products())[0]!.id });
    for (const number of ['4242 4242 4242 4241', '1234', '5555 5555 5555 4444']) {
      const res = await pay(t, user, sessionId, number);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Your card number is invalid.');
    }
    expect((await pay(t, other, sessionId)).statusCode).toBe(404);
    expect((await session(other, sessionId)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: api(`/payments/local/sessions/${sessionId}/pay`), payload: card(CARDS.ok) });
    expect(anonymous.statusCode).toBe(401);
    expect(await balanceOf(t, user)).toBe(0);
  });
});

describe('exactly-once grants', () => {
  /** Pays at the provider without delivering its events, as when a webhook is delayed. */
  async function paidButUndelivered(user: TestUser) {
    const sessionId = await startCheckout(user, { productId: (await products())[0]!.id });
    const deps = depsOf(t);
    const outcome = await deps.local.pay(sessionId, user.id, card(CARDS.ok));
    expect(outcome.status).toBe('paid');
    const events = await deps.local.sessionEvents(sessionId);
    expect(events).toHaveLength(1);
    return { sessionId, deps, event: events[0]! };
  }

  it('grants once when the same event is delivered ten times', async () => {
    const user = await createUser(t.deps);
    const { deps, event } = await paidButUndelivered(user);
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await handlePaymentEvent(deps, event));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(results.map((r) => r.granted).reduce((a, b) => a + b, 0)).toBe(100);
    expect(await balanceOf(t, user)).toBe(100);
    expect(await purchaseEntries(user.id)).toHaveLength(1);
    const recorded = await t.deps.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('grants once when two deliveries arrive at the same time', async () => {
    const user = await createUser(t.deps);
    const { deps, event } = await paidButUndelivered(user);
    const results = await Promise.all([handlePaymentEvent(deps, event), handlePaymentEvent(deps, event)]);
    expect(results.map((r) => r.granted).sort()).toEqual([0, 100]);
    expect(await balanceOf(t, user)).toBe(100);
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(100);
  });

  it('grants once when a differently named event for the same payment arrives', async () => {
    const user = await createUser(t.deps);
    const { deps, event } = await paidButUndelivered(user);
    await handlePaymentEvent(deps, event);
    const second = await handlePaymentEvent(deps, { ...event, id: `${event.id}_redelivered` });
    expect(second).toEqual({ isNew: true, granted: 0 });
    expect(await balanceOf(t, user)).toBe(100);
  });

  it('reconciles on GET /credits/session before the event arrives, then the event grants nothing more', async () => {
    const user = await createUser(t.deps);
    const { sessionId, deps, event } = await paidButUndelivered(user);
    expect(await balanceOf(t, user)).toBe(0);
    const reconciled = await session(user, sessionId);
    expect(reconciled.json().data).toMatchObject({ status: 'complete', creditsGranted: 100, balance: 100 });
    const late = await handlePaymentEvent(deps, event);
    expect(late.isNew).toBe(false);
    expect(await balanceOf(t, user)).toBe(100);
    expect(await purchaseEntries(user.id)).toHaveLength(1);
  });
});

describe('history export and stats', () => {
  it('exports your credit history as CSV', async () => {
    const user = await createUser(t.deps, { credits: 7 });
    const sessionId = await startCheckout(user, { productId: (await products())[0]!.id });
    await pay(t, user, sessionId);
    const res = await t.app.inject({ method: 'GET', url: api('/credits/history.csv'), headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,change,balance_after,reason,reference');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',signup_grant,7,7,');
    expect(lines[2]).toContain(',purchase,100,107,Starter pack: 100 credits,');
    expect((await t.app.inject({ method: 'GET', url: api('/credits/history.csv') })).statusCode).toBe(401);
  });

  it('shows purchase and revenue totals to admins', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/credits/admin/stats'), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data.stats;
    expect(stats.totalPurchased).toBeGreaterThan(0);
    expect(stats.totalRevenue).toBeGreaterThan(0);
    expect(stats.purchasesByProduct.find((p: { name: string }) => p.name === 'Starter pack').count).toBeGreaterThan(0);
    expect(stats.purchasesByProduct.find((p: { name: string }) => p.name === 'Custom amount')).toMatchObject({ count: 1, credits: 1000, revenue: 4750 });
  });
});
