import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { ledgerAt } from './dashboards-fixtures.js';

/* A database where the follows and payment tables of other modules do not exist (yet). */
let t: TestContext;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  member = await createUser(t.deps);
  await ledgerAt(t, member.id, '2025-03-04T09:00:00Z', 80, 'purchase');
  await t.deps.database.exec(
    'DROP TABLE IF EXISTS follows CASCADE; DROP TABLE IF EXISTS subscriptions CASCADE; DROP TABLE IF EXISTS checkouts CASCADE;',
  );
});
afterAll(async () => t.close());

const get = async (url: string, user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('dashboards without the optional tables', () => {
  it('reports zero followers with an empty-but-complete series', async () => {
    const data = await get('/users/dashboard/social-stats?startDate=2025-03-03&endDate=2025-03-05', member);
    expect(data).toMatchObject({ followers: 0, following: 0, referrals: 0, hasFollowData: false });
    expect(data.newFollowers).toEqual([
      { date: '2025-03-03', count: 0 },
      { date: '2025-03-04', count: 0 },
      { date: '2025-03-05', count: 0 },
    ]);
  });

  it('reports zero revenue and subscriptions but still counts credit sales', async () => {
    const data = await get('/admin/dashboard/revenue?startDate=2025-03-03&endDate=2025-03-05', admin);
    expect(data.hasPayments).toBe(false);
    expect(data.totals).toEqual({
      revenue: 0,
      payments: 0,
      creditsPurchased: 80,
      creditPurchases: 1,
      activeSubscriptions: 0,
    });
    expect(data.series[1]).toEqual({ date: '2025-03-04', revenue: 0, creditsPurchased: 80 });
    const overview = await get('/admin/dashboard?startDate=2025-03-03&endDate=2025-03-05', admin);
    expect(overview).toMatchObject({ revenue: 0, activeSubscriptions: 0 });
  });
});
