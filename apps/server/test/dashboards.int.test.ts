import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { contentAt, ledgerAt, userAt } from './dashboards-fixtures.js';

/*
 * One hand-built week, 2025-03-03 (Mon) .. 2025-03-09, queried with startDate/endDate so every
 * figure below is computed by hand from the rows inserted in beforeAll.
 */
let t: TestContext;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const WINDOW = 'startDate=2025-03-03&endDate=2025-03-09';
const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09'];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  alice = await userAt(t, '2025-03-03T10:00:00Z', { username: 'alice_dash', isVerified: true });
  bob = await userAt(t, '2025-03-04T12:00:00Z', { username: 'bob_dash', isVerified: false });
  carol = await userAt(t, '2025-03-10T09:00:00Z', { username: 'carol_dash', isVerified: true });

  ids.a1 = await contentAt(t, alice.id, {
    createdAt: '2025-03-03T11:00:00Z',
    title: 'Sunrise',
    likes: 5,
    comments: 1,
    plays: 10,
  });
  ids.a2 = await contentAt(t, alice.id, {
    createdAt: '2025-03-05T08:00:00Z',
    title: 'Storm',
    contentType: 'video',
    model: 'video-a',
    status: 'failed',
    cost: 25,
    refunded: 25,
  });
  ids.a3 = await contentAt(t, alice.id, {
    createdAt: '2025-03-05T20:00:00Z',
    title: 'Dusk',
    likes: 2,
    comments: 3,
    plays: 1,
  });
  ids.a4 = await contentAt(t, alice.id, { createdAt: '2025-03-17T10:00:00Z', title: 'Later' });
  ids.b1 = await contentAt(t, bob.id, {
    createdAt: '2025-03-12T10:00:00Z',
    contentType: 'video',
    model: 'video-a',
    cost: 25,
  });
  ids.c1 = await contentAt(t, carol.id, { createdAt: '2025-03-10T10:00:00Z' });

  await ledgerAt(t, alice.id, '2025-03-03T10:00:00Z', 100, 'signup_grant');
  await ledgerAt(t, alice.id, '2025-03-03T11:00:00Z', -10, 'generation_charge');
  await ledgerAt(t, alice.id, '2025-03-05T08:00:00Z', -25, 'generation_charge');
  await ledgerAt(t, alice.id, '2025-03-05T08:05:00Z', 25, 'refund');
  await ledgerAt(t, alice.id, '2025-03-05T20:00:00Z', -10, 'generation_charge');
  await ledgerAt(t, alice.id, '2025-03-06T09:00:00Z', 50, 'purchase');
  await ledgerAt(t, bob.id, '2025-03-12T10:00:00Z', 40, 'purchase');
  // Credits bought on a day without a completed checkout: revenue and credit sales are read apart.
  await ledgerAt(t, carol.id, '2025-03-10T12:00:00Z', 80, 'purchase');

  const q = t.deps.database.query;
  await q(`INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, $3)`, [
    bob.id,
    alice.id,
    '2025-03-04T13:00:00Z',
  ]);
  await q(`INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, $3)`, [
    carol.id,
    alice.id,
    '2025-03-10T10:00:00Z',
  ]);
  await q(`INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, $3)`, [
    alice.id,
    bob.id,
    '2025-03-04T14:00:00Z',
  ]);
  await q(`UPDATE users SET referred_by = $1 WHERE id = $2`, [alice.id, carol.id]);

  const checkout = (status: string, amount: number, at: string) =>
    q(
      `INSERT INTO checkouts (user_id, kind, description, credits, amount, currency, status, provider, provider_session_id,
                              client_secret, created_at, expires_at, completed_at)
       VALUES ($1, 'credits', 'Credit pack', 50, $2, 'usd', $3, 'local', gen_random_uuid()::text, 'secret', $4, $4, $5)`,
      [alice.id, amount, status, at, status === 'complete' ? at : null],
    );
  await checkout('complete', 1999, '2025-03-06T09:00:00Z');
  await checkout('open', 500, '2025-03-06T10:00:00Z');
  await checkout('complete', 700, '2025-03-12T10:00:00Z');
  // The test clock stands still; move it past the rows the database stamped with now().
  t.clock.advance(60_000);
});
afterAll(async () => t.close());

const get = async (url: string, user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const zeros = <T extends object>(extra: T) => DAYS.map((date) => ({ date, ...extra }));

describe('user dashboard', () => {
  it('overview: totals, daily series with empty days, and top content by likes plus plays', async () => {
    const data = await get(`/users/dashboard/overview?${WINDOW}`, alice);
    expect(data.range).toMatchObject({
      start: '2025-03-03T00:00:00.000Z',
      end: '2025-03-10T00:00:00.000Z',
      bucket: 'day',
    });
    expect(data.totals).toEqual({
      content: 3,
      ready: 2,
      failed: 1,
      creditsSpent: 45,
      creditsRefunded: 25,
      likes: 7,
      comments: 4,
      plays: 11,
    });
    const expected = zeros({ generations: 0, creditsSpent: 0 });
    expected[0] = { date: '2025-03-03', generations: 1, creditsSpent: 10 };
    expected[2] = { date: '2025-03-05', generations: 2, creditsSpent: 35 };
    expect(data.series).toEqual(expected);
    expect(data.topContent.map((c: { id: string }) => c.id)).toEqual([ids.a1, ids.a3, ids.a2]);
    expect(data.topContent[0]).toMatchObject({
      title: 'Sunrise',
      likes: 5,
      comments: 1,
      plays: 10,
      contentType: 'photo',
    });
  });

  it('overview only counts the caller’s own rows', async () => {
    const data = await get(`/users/dashboard/overview?${WINDOW}`, bob);
    expect(data.totals).toMatchObject({ content: 0, creditsSpent: 0, likes: 0 });
    expect(data.topContent).toEqual([]);
  });

  it('content engagement: counters bucketed by creation day, by type, and filtered by type', async () => {
    const data = await get(`/users/dashboard/content-engagement?${WINDOW}`, alice);
    const expected = zeros({ likes: 0, comments: 0, plays: 0 });
    expected[0] = { date: '2025-03-03', likes: 5, comments: 1, plays: 10 };
    expected[2] = { date: '2025-03-05', likes: 2, comments: 3, plays: 1 };
    expect(data.series).toEqual(expected);
    expect(data.byType).toEqual([
      { contentType: 'photo', count: 2, likes: 7, comments: 4, plays: 11 },
      { contentType: 'video', count: 1, likes: 0, comments: 0, plays: 0 },
    ]);
    const videos = await get(`/users/dashboard/content-engagement?${WINDOW}&contentType=video`, alice);
    expect(videos.series).toEqual(zeros({ likes: 0, comments: 0, plays: 0 }));
    expect(videos.byType).toEqual([{ contentType: 'video', count: 1, likes: 0, comments: 0, plays: 0 }]);
  });

  it('social stats: followers, following, new followers in the window and referrals', async () => {
    const data = await get(`/users/dashboard/social-stats?${WINDOW}`, alice);
    const expected = zeros({ count: 0 });
    expected[1] = { date: '2025-03-04', count: 1 };
    expect(data).toMatchObject({ followers: 2, following: 1, referrals: 1 });
    expect(data.newFollowers).toEqual(expected);
  });

  it('social stats of someone nobody follows: zeros with an empty-but-complete series', async () => {
    const data = await get('/users/dashboard/social-stats?startDate=2025-03-03&endDate=2025-03-05', admin);
    expect(data).toMatchObject({ followers: 0, following: 0, referrals: 0 });
    expect(data.newFollowers).toEqual([
      { date: '2025-03-03', count: 0 },
      { date: '2025-03-04', count: 0 },
      { date: '2025-03-05', count: 0 },
    ]);
  });

  it('named ranges end now, pick a bucket for the span, and need a session', async () => {
    const day = await get('/users/dashboard/overview?timeRange=day', alice);
    expect(day.range).toMatchObject({ bucket: 'hour', timeRange: 'day' });
    expect(day.series.length).toBeGreaterThanOrEqual(24);
    expect(day.series.length).toBeLessThanOrEqual(25);
    const month = await get('/users/dashboard/overview', alice);
    expect(month.range).toMatchObject({ bucket: 'day', timeRange: 'month' });
    const all = await get('/users/dashboard/overview?timeRange=all', alice);
    // From alice's signup (2025-03-03) until now, so every one of her rows is in.
    expect(all.range.start).toBe('2025-03-03T10:00:00.000Z');
    expect(all.totals.content).toBe(4);

    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/users/dashboard/overview' });
    expect(anon.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/dashboard/overview?startDate=2025-03-09&endDate=2025-03-01',
      headers: alice.headers,
    });
    expect(bad.statusCode).toBe(400);
    const badRange = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/dashboard/overview?timeRange=decade',
      headers: alice.headers,
    });
    expect(badRange.statusCode).toBe(400);
  });
});

describe('admin dashboard', () => {
  it('overview counts the window and reads revenue from completed checkouts', async () => {
    const data = await get(`/admin/dashboard?${WINDOW}`, admin);
    expect(data).toMatchObject({
      users: 2,
      newUsers: 2,
      content: 3,
      generations: 3,
      failures: 1,
      refunds: 1,
      creditsRefunded: 25,
      creditsSpent: 45,
      revenue: 1999,
      activeSubscriptions: 0,
    });
  });

  it('defaults to the last month', async () => {
    const data = await get('/admin/dashboard', admin);
    expect(data.range).toMatchObject({ timeRange: 'month', bucket: 'day' });
    // Only the admin signed up within the last month.
    expect(data.newUsers).toBe(1);
  });

  it('user metrics: sign-ups, verified share, activation within 7 days, weekly cohort retention', async () => {
    const data = await get(`/admin/dashboard/users?${WINDOW}`, admin);
    const signups = zeros({ count: 0 });
    signups[0] = { date: '2025-03-03', count: 1 };
    signups[1] = { date: '2025-03-04', count: 1 };
    expect(data.signups).toEqual(signups);
    expect(data).toMatchObject({ totalUsers: 2, verifiedUsers: 1, verifiedShare: 0.5 });
    // Alice generated an hour after signing up; Bob's first piece came 8 days later.
    expect(data.activation).toEqual({ newUsers: 2, activated: 1, rate: 0.5 });
    // Week 0: Alice; week 1: Bob (03-12); week 2: Alice (03-17).
    expect(data.cohorts).toEqual([{ week: '2025-03-03', size: 2, retention: [0.5, 0.5, 0.5, 0, 0, 0, 0, 0, 0] }]);
  });

  it('cohort weeks that have not begun are null', async () => {
    const data = await get('/admin/dashboard/users?timeRange=week', admin);
    expect(data.cohorts).toHaveLength(1);
    expect(data.cohorts[0].size).toBe(1);
    expect(data.cohorts[0].retention[0]).toBe(0);
    expect(data.cohorts[0].retention.slice(2)).toEqual([null, null, null, null, null, null, null]);
  });

  it('content metrics: by type, status and model with failure and refund rates', async () => {
    const data = await get(`/admin/dashboard/content?${WINDOW}`, admin);
    expect(data.byType).toEqual([
      { contentType: 'photo', count: 2 },
      { contentType: 'video', count: 1 },
    ]);
    expect(data.byStatus).toEqual([
      { status: 'ready', count: 2 },
      { status: 'failed', count: 1 },
    ]);
    expect(data.byModel).toEqual([
      { model: 'photo-a', generations: 2, failures: 0, failureRate: 0, refunds: 0, refundRate: 0, creditsCharged: 20 },
      { model: 'video-a', generations: 1, failures: 1, failureRate: 1, refunds: 1, refundRate: 1, creditsCharged: 25 },
    ]);
    const series = zeros({ generations: 0, failures: 0 });
    series[0] = { date: '2025-03-03', generations: 1, failures: 0 };
    series[2] = { date: '2025-03-05', generations: 2, failures: 1 };
    expect(data.series).toEqual(series);
  });

  it('revenue: completed checkouts and credit purchases from the ledger', async () => {
    const data = await get(`/admin/dashboard/revenue?${WINDOW}`, admin);
    expect(data.totals).toEqual({
      revenue: 1999,
      payments: 1,
      creditsPurchased: 50,
      creditPurchases: 1,
      activeSubscriptions: 0,
    });
    const series = zeros({ revenue: 0, creditsPurchased: 0 });
    series[3] = { date: '2025-03-06', revenue: 1999, creditsPurchased: 50 };
    expect(data.series).toEqual(series);
  });

  it('revenue without a completed checkout is zero, and credit sales still count', async () => {
    const window = 'startDate=2025-03-09&endDate=2025-03-11';
    const data = await get(`/admin/dashboard/revenue?${window}`, admin);
    expect(data.totals).toEqual({
      revenue: 0,
      payments: 0,
      creditsPurchased: 80,
      creditPurchases: 1,
      activeSubscriptions: 0,
    });
    expect(data.series[1]).toEqual({ date: '2025-03-10', revenue: 0, creditsPurchased: 80 });
    const overview = await get(`/admin/dashboard?${window}`, admin);
    expect(overview).toMatchObject({ revenue: 0, activeSubscriptions: 0 });
  });

  it('engagement and combined graph series', async () => {
    const engagement = await get(`/admin/dashboard/engagement?${WINDOW}`, admin);
    expect(engagement.totals).toEqual({ likes: 7, comments: 4, plays: 11 });
    expect(engagement.series[0]).toEqual({ date: '2025-03-03', likes: 5, comments: 1, plays: 10 });

    const graphs = await get(`/admin/dashboard/graphs?${WINDOW}`, admin);
    const empty = {
      signups: 0,
      generations: 0,
      failures: 0,
      creditsSpent: 0,
      creditsPurchased: 0,
      likes: 0,
      comments: 0,
      plays: 0,
    };
    const expected = zeros(empty);
    expected[0] = { ...expected[0]!, signups: 1, generations: 1, creditsSpent: 10, likes: 5, comments: 1, plays: 10 };
    expected[1] = { ...expected[1]!, signups: 1 };
    expected[2] = { ...expected[2]!, generations: 2, failures: 1, creditsSpent: 35, likes: 2, comments: 3, plays: 1 };
    expected[3] = { ...expected[3]!, creditsPurchased: 50 };
    expect(graphs.series).toEqual(expected);
  });

  it('distributions and recent lists', async () => {
    expect(await get(`/admin/dashboard/content-types?${WINDOW}`, admin)).toEqual([
      { label: 'photo', count: 2, share: 2 / 3 },
      { label: 'video', count: 1, share: 1 / 3 },
    ]);
    expect(await get(`/admin/dashboard/user-roles?${WINDOW}`, admin)).toEqual([{ label: 'user', count: 2, share: 1 }]);
    const roles = await get('/admin/dashboard/user-roles', admin);
    expect(roles).toEqual([
      { label: 'user', count: 3, share: 0.75 },
      { label: 'admin', count: 1, share: 0.25 },
    ]);

    const recentUsers = await get(`/admin/dashboard/recent-users?${WINDOW}&limit=1`, admin);
    expect(recentUsers).toHaveLength(1);
    expect(recentUsers[0]).toMatchObject({ id: bob.id, username: 'bob_dash', contentCount: 1, isVerified: false });
    const defaultUsers = await get('/admin/dashboard/recent-users', admin);
    expect(defaultUsers.map((u: { id: string }) => u.id)).toEqual([admin.id, carol.id, bob.id, alice.id]);

    const recentContent = await get(`/admin/dashboard/recent-content?${WINDOW}&limit=2`, admin);
    expect(recentContent.map((c: { id: string }) => c.id)).toEqual([ids.a3, ids.a2]);
    expect(recentContent[1]).toMatchObject({
      status: 'failed',
      model: 'video-a',
      owner: { id: alice.id, username: 'alice_dash' },
    });

    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard/recent-users?limit=101',
      headers: admin.headers,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
