import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { api, pay } from './billing-helpers.js';

let t: TestContext;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  user = await createUser(t.deps);
});
afterAll(async () => t.close());

const body = (name: string, extra: object = {}) => ({
  name,
  description: `${name} plan`,
  features: ['One', 'Two'],
  priceMonthly: 1500,
  priceYearly: 15000,
  creditsPerPeriod: 700,
  sortOrder: 5,
  ...extra,
});

describe('plans', () => {
  it('lists active plans publicly and all plans to admins only', async () => {
    const active = await t.app.inject({ method: 'GET', url: api('/plans/active') });
    expect(active.json().data.plans.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Pro', 'Studio']);
    expect((await t.app.inject({ method: 'GET', url: api('/plans') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: api('/plans'), headers: user.headers })).statusCode).toBe(403);
    const all = await t.app.inject({ method: 'GET', url: api('/plans?page=1&pageSize=2'), headers: admin.headers });
    expect(all.json().data.pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
  });

  it('refuses every write to users (403) and anonymous callers (401)', async () => {
    const id = (await t.app.inject({ method: 'GET', url: api('/plans/active') })).json().data.plans[0].id;
    const calls = [
      { method: 'POST' as const, url: api('/plans'), payload: body('Nope') },
      { method: 'POST' as const, url: api('/plans/bulk'), payload: { plans: [body('Nope')] } },
      { method: 'PUT' as const, url: api(`/plans/${id}`), payload: { name: 'Nope' } },
      { method: 'PATCH' as const, url: api(`/plans/${id}/stripe`), payload: { stripeProductId: 'prod_x' } },
      { method: 'DELETE' as const, url: api(`/plans/${id}`) },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: user.headers })).statusCode).toBe(403);
    }
  });

  it('creates, updates, sets provider ids, finds by product id and deletes', async () => {
    const created = await t.app.inject({ method: 'POST', url: api('/plans'), headers: admin.headers, payload: body('Agency') });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Plan created successfully', data: { name: 'Agency', currency: 'usd', isActive: true } });
    const id = created.json().data.id as string;
    const updated = await t.app.inject({ method: 'PUT', url: api(`/plans/${id}`), headers: admin.headers, payload: { priceMonthly: 1700 } });
    expect(updated.json()).toMatchObject({ message: 'Plan updated successfully', data: { priceMonthly: 1700, description: 'Agency plan', sortOrder: 5 } });
    const ids = { stripeProductId: 'prod_agency', stripePriceIdMonthly: 'price_m', stripePriceIdYearly: 'price_y' };
    const patched = await t.app.inject({ method: 'PATCH', url: api(`/plans/${id}/stripe`), headers: admin.headers, payload: ids });
    expect(patched.json()).toMatchObject({ message: 'Plan Stripe IDs updated successfully', data: ids });
    const found = await t.app.inject({ method: 'GET', url: api('/plans/stripe/prod_agency'), headers: admin.headers });
    expect(found.json().data.id).toBe(id);
    const one = await t.app.inject({ method: 'GET', url: api(`/plans/${id}`) });
    expect(one.json().data.name).toBe('Agency');
    const deleted = await t.app.inject({ method: 'DELETE', url: api(`/plans/${id}`), headers: admin.headers });
    expect(deleted.json().message).toBe('Plan deleted successfully');
    expect((await t.app.inject({ method: 'GET', url: api(`/plans/${id}`) })).statusCode).toBe(404);
  });

  it('creates plans in bulk all or nothing', async () => {
    const ok = await t.app.inject({ method: 'POST', url: api('/plans/bulk'), headers: admin.headers, payload: { plans: [body('Bulk A'), body('Bulk B')] } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe('Plans created successfully');
    expect(ok.json().data.map((p: { name: string }) => p.name)).toEqual(['Bulk A', 'Bulk B']);
    const dup = await t.app.inject({
      method: 'POST',
      url: api('/plans/bulk'),
      headers: admin.headers,
      payload: { plans: [body('Bulk C', { stripeProductId: 'prod_same' }), body('Bulk D', { stripeProductId: 'prod_same' })] },
    });
    expect(dup.statusCode).toBe(409);
    const all = await t.app.inject({ method: 'GET', url: api('/plans?pageSize=100'), headers: admin.headers });
    const names = all.json().data.plans.map((p: { name: string }) => p.name);
    expect(names).toContain('Bulk A');
    expect(names).not.toContain('Bulk C');
  });

  it('refuses to delete a plan with a live subscription', async () => {
    const created = await t.app.inject({ method: 'POST', url: api('/plans'), headers: admin.headers, payload: body('Busy') });
    const planId = created.json().data.id as string;
    const checkout = await t.app.inject({ method: 'POST', url: api('/subscription/embedded-checkout'), headers: user.headers, payload: { planId, frequency: 'monthly' } });
    await pay(t, user, checkout.json().sessionId);
    const refused = await t.app.inject({ method: 'DELETE', url: api(`/plans/${planId}`), headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This plan has active subscriptions; deactivate it instead of deleting it');
  });
});
