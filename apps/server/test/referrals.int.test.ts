import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@atelier/shared';
import { creditLedger } from '../src/modules/credits/credits.schema.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { grantReferralBonus } from '../src/modules/users/referrals.service.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, registerUser } from './auth-helpers.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_CREDITS: '50', REFERRAL_BONUS_CREDITS: '20', PUBLIC_URL: 'https://atelier.example' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const balance = async (token: string) => (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: bearer(token) })).json().data.credits as number;

async function verify(token: string, email: string) {
  await t.app.inject({ method: 'POST', url: api('/auth/request-verification'), headers: bearer(token) });
  return t.app.inject({ method: 'POST', url: api('/auth/verify-email'), headers: bearer(token), payload: { code: t.mailer.lastCode(email) } });
}

describe('referrals', () => {
  it('grants both sides the bonus exactly once, when the referred account verifies its email', async () => {
    const referrer = await registerUser(t);
    const friend = await registerUser(t, { referralCode: referrer.user.referralCode.toLowerCase() });
    expect(await balance(referrer.accessToken)).toBe(50);
    expect(await balance(friend.accessToken)).toBe(50);

    const before = await t.app.inject({ method: 'GET', url: api('/users/referrals'), headers: bearer(referrer.accessToken) });
    expect(before.json().data).toMatchObject({
      stats: { total: 1, verified: 0, creditsEarned: 0 },
      referralCode: referrer.user.referralCode,
      referralLink: `https://atelier.example/?ref=${referrer.user.referralCode}`,
    });
    expect(before.json().data.referrals[0]).toMatchObject({ id: friend.user.id, username: friend.signup.username, isVerified: false, bonusGranted: false });

    const res = await verify(friend.accessToken, friend.signup.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.credits).toBe(70);
    expect(await balance(referrer.accessToken)).toBe(70);

    // A second verification is refused and a repeated grant changes nothing.
    expect((await verify(friend.accessToken, friend.signup.email).catch(() => null))?.statusCode ?? 409).toBe(409);
    expect(await grantReferralBonus(t.deps.database.db, friend.user.id)).toBe(0);
    expect(await balance(referrer.accessToken)).toBe(70);
    expect(await balance(friend.accessToken)).toBe(70);
    const rows = await t.deps.database.db.select().from(creditLedger).where(eq(creditLedger.kind, 'referral_bonus'));
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual([`referral:referee:${friend.user.id}`, `referral:referrer:${friend.user.id}`]);

    const after = await t.app.inject({ method: 'GET', url: api('/users/referrals'), headers: bearer(referrer.accessToken) });
    expect(after.json().data.stats).toEqual({ total: 1, verified: 1, creditsEarned: 20 });
    expect(after.json().data.referrals[0]).toMatchObject({ isVerified: true, bonusGranted: true });
    expect(after.json().pagination).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    const stats = await t.app.inject({ method: 'GET', url: api('/users/stats'), headers: bearer(referrer.accessToken) });
    expect(stats.json().data.stats).toMatchObject({ referrals: 1, credits: 70 });
  });

  it('gives nothing to someone who signed up without a code', async () => {
    const solo = await registerUser(t);
    const res = await verify(solo.accessToken, solo.signup.email);
    expect(res.json().data.user.credits).toBe(50);
    const rows = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, solo.user.id), eq(creditLedger.kind, 'referral_bonus')));
    expect(rows).toEqual([]);
  });

  it('concurrent grants for the same account still pay once', async () => {
    const referrer = await registerUser(t);
    const friend = await registerUser(t, { referralCode: referrer.user.referralCode });
    await verify(friend.accessToken, friend.signup.email);
    const again = await Promise.all([grantReferralBonus(t.deps.database.db, friend.user.id), grantReferralBonus(t.deps.database.db, friend.user.id)]);
    expect(again).toEqual([0, 0]);
    expect(await balance(referrer.accessToken)).toBe(70);
  });

  it('announces both new balances over realtime, once', async () => {
    const referrer = await registerUser(t);
    const friend = await registerUser(t, { referralCode: referrer.user.referralCode });
    await t.deps.database.db.update(users).set({ isVerified: true }).where(eq(users.id, friend.user.id));
    const toUser = vi.fn();
    const program = { bonusCredits: 20, realtime: { toUser }, publicUrl: 'https://atelier.example' };
    expect(await grantReferralBonus(t.deps.database.db, friend.user.id, program)).toBe(40);
    expect(toUser.mock.calls).toEqual([
      [referrer.user.id, SOCKET_EVENTS.creditsUpdated, { credits: 70 }],
      [friend.user.id, SOCKET_EVENTS.creditsUpdated, { credits: 70 }],
    ]);
    expect(await grantReferralBonus(t.deps.database.db, friend.user.id, program)).toBe(0);
    expect(toUser).toHaveBeenCalledTimes(2);
  });

  it('pays nothing before the referred account is verified', async () => {
    const referrer = await registerUser(t);
    const friend = await registerUser(t, { referralCode: referrer.user.referralCode });
    expect(await grantReferralBonus(t.deps.database.db, friend.user.id)).toBe(0);
    expect(await balance(referrer.accessToken)).toBe(50);
  });
});
