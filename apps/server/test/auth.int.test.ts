import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@atelier/shared';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, loginUser, meStatus, newSignup, registerUser } from './auth-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

async function countUsers(): Promise<number> {
  const res = await t.deps.database.db.execute(sql`select count(*)::int as n from users`);
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('POST /auth/register', () => {
  it('creates the account, signs it in and mails a verification code', async () => {
    const signup = newSignup({ fullName: 'Ada Lovelace' });
    const res = await post('/auth/register', signup, { 'user-agent': 'RegisterAgent/1.0' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.accessToken).toEqual(expect.any(String));
    expect(data.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(data.user).toMatchObject({
      name: 'Ada Lovelace',
      fullName: 'Ada Lovelace',
      username: signup.username,
      email: signup.email,
      role: 'user',
      credits: expect.any(Number),
      isVerified: false,
      avatar: null,
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    expect(new Date(data.user.createdAt).toISOString()).toBe(data.user.createdAt);
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(t.mailer.lastCode(signup.email)).toMatch(/^\d{6}$/);
    expect(t.mailer.last(signup.email)?.subject).toContain('verification');

    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(data.accessToken),
    });
    expect(sessions.json().data[0]).toMatchObject({ userAgent: 'RegisterAgent/1.0', ip: '127.0.0.1', isCurrent: true });
  });

  it('stores the email in lower case and the password only as an argon2id hash', async () => {
    const signup = newSignup();
    await post('/auth/register', { ...signup, email: signup.email.toUpperCase() });
    const res = await t.deps.database.db.execute(
      sql`select email, password_hash from users where lower(email) = ${signup.email}`,
    );
    const row = (res as unknown as { rows: { email: string; password_hash: string }[] }).rows[0]!;
    expect(row.email).toBe(signup.email);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('refuses an email or username that is taken, whatever its case, and creates nothing', async () => {
    const first = await registerUser(t);
    const before = await countUsers();
    const sameEmail = await post('/auth/register', newSignup({ email: first.signup.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
    const sameUsername = await post('/auth/register', newSignup({ username: first.signup.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().message).toBe('This username is already taken');
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['Sh0rt', MSG.validation.passwordMin],
    ['nouppercase1', MSG.validation.passwordUpper],
    ['NOLOWERCASE1', MSG.validation.passwordLower],
    ['NoNumbersHere', MSG.validation.passwordNumber],
  ])('rejects the password %s with "%s"', async (password, message) => {
    const before = await countUsers();
    const res = await post('/auth/register', newSignup({ password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details).toContainEqual({ path: 'body.password', message });
    expect(await countUsers()).toBe(before);
  });

  it('lists every missing field', async () => {
    const res = await post('/auth/register', {});
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.fullName', 'body.username', 'body.email', 'body.password']));
  });

  it('links a referrer by code and rejects an unknown code', async () => {
    const referrer = await registerUser(t);
    const referred = await registerUser(t, { referralCode: referrer.user.referralCode.toLowerCase() });
    const res = await t.deps.database.db.execute(sql`select referred_by from users where id = ${referred.user.id}`);
    expect((res as unknown as { rows: { referred_by: string }[] }).rows[0]!.referred_by).toBe(referrer.user.id);
    expect(referred.user.referralCode).not.toBe(referrer.user.referralCode);

    const before = await countUsers();
    const bad = await post('/auth/register', newSignup({ referralCode: 'NOPE2345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid referral code');
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the email or the username, in any case', async () => {
    const { signup, user } = await registerUser(t);
    const byEmail = await post('/auth/login', { email: signup.email.toUpperCase(), password: PASSWORD });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.user.id).toBe(user.id);
    const byUsername = await post('/auth/login', { email: signup.username.toUpperCase(), password: PASSWORD });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json().data.user.id).toBe(user.id);
    expect(await meStatus(t, byUsername.json().data.accessToken)).toBe(200);
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const { signup } = await registerUser(t);
    const wrong = await post('/auth/login', { email: signup.email, password: 'Wrong1password' });
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('does not let a deleted account sign in', async () => {
    const { signup, user } = await registerUser(t);
    await t.deps.database.db.execute(sql`update users set deleted_at = now() where id = ${user.id}`);
    const res = await post('/auth/login', { email: signup.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('requires both fields', async () => {
    const res = await post('/auth/login', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
  });
});

describe('GET /users/me', () => {
  it('returns the account and its settings with a token', async () => {
    const { accessToken, user } = await registerUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      user,
      settings: { emailNotifications: true, marketingEmails: false, profileVisibility: 'public', theme: null, showMature: false },
    });
  });

  it('answers 401 without a token or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    expect(await meStatus(t, 'not.a.jwt')).toBe(401);
  });
});

describe('POST /auth/refresh-token', () => {
  it('rotates the pair; the new access token works', async () => {
    const first = await registerUser(t);
    const res = await post('/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.user.id).toBe(first.user.id);
    expect(await meStatus(t, next.accessToken)).toBe(200);
    const again = await post('/auth/refresh-token', { refreshToken: next.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('treats reuse of a spent token as theft and signs that device out', async () => {
    const first = await registerUser(t);
    const other = await loginUser(t, first.signup.email);
    const rotated = (await post('/auth/refresh-token', { refreshToken: first.refreshToken })).json().data;

    // Past the short grace for two tabs refreshing at once.
    t.clock.advance(31_000);
    const reuse = await post('/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(MSG.auth.tokenRefreshFailed);
    // The legitimate holder of the newest token is signed out too: the whole family is gone.
    expect((await post('/auth/refresh-token', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    expect(await meStatus(t, rotated.accessToken)).toBe(401);
    // Another device of the same account is untouched.
    expect(await meStatus(t, other.accessToken)).toBe(200);
  });

  it('refuses unknown and expired tokens', async () => {
    expect((await post('/auth/refresh-token', { refreshToken: 'made-up-token' })).statusCode).toBe(401);
    const { refreshToken } = await registerUser(t);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const res = await post('/auth/refresh-token', { refreshToken });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.auth.tokenRefreshFailed);
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('signing out', () => {
  it('logout ends this session at once and its refresh token with it', async () => {
    const session = await registerUser(t);
    const res = await post('/auth/logout', { token: session.refreshToken }, bearer(session.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Signed out' });
    expect(await meStatus(t, session.accessToken)).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });

  it('logout without a body works and leaves other devices signed in', async () => {
    const first = await registerUser(t);
    const second = await loginUser(t, first.signup.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(first.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(await meStatus(t, first.accessToken)).toBe(401);
    expect(await meStatus(t, second.accessToken)).toBe(200);
  });

  it("logout ignores someone else's refresh token", async () => {
    const mine = await registerUser(t);
    const theirs = await registerUser(t);
    await post('/auth/logout', { token: theirs.refreshToken }, bearer(mine.accessToken));
    expect(await meStatus(t, theirs.accessToken)).toBe(200);
    expect((await post('/auth/refresh-token', { refreshToken: theirs.refreshToken })).statusCode).toBe(200);
  });

  it('logout-all ends every session of the account', async () => {
    const first = await registerUser(t);
    const second = await loginUser(t, first.signup.email);
    const res = await post('/auth/logout-all', undefined, bearer(second.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Signed out from all devices' });
    expect(await meStatus(t, first.accessToken)).toBe(401);
    expect(await meStatus(t, second.accessToken)).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: first.refreshToken })).statusCode).toBe(401);
  });

  it('needs a signed-in caller', async () => {
    expect((await post('/auth/logout', {})).statusCode).toBe(401);
    expect((await post('/auth/logout-all')).statusCode).toBe(401);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password, keeps this device and signs out the others', async () => {
    const here = await registerUser(t);
    const elsewhere = await loginUser(t, here.signup.email);
    const res = await post(
      '/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Brand1newpass' },
      bearer(here.accessToken),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Password changed' });
    expect(await meStatus(t, here.accessToken)).toBe(200);
    expect((await post('/auth/refresh-token', { refreshToken: here.refreshToken })).statusCode).toBe(200);
    expect(await meStatus(t, elsewhere.accessToken)).toBe(401);

    expect((await post('/auth/login', { email: here.signup.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: here.signup.email, password: 'Brand1newpass' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a weak new one', async () => {
    const here = await registerUser(t);
    const wrong = await post(
      '/auth/change-password',
      { currentPassword: 'Wrong1password', newPassword: 'Brand1newpass' },
      bearer(here.accessToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const weak = await post(
      '/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'weak' },
      bearer(here.accessToken),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ path: 'body.newPassword', message: MSG.validation.passwordMin });
    expect((await post('/auth/login', { email: here.signup.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists live sessions newest first, marks this one, and signs one out by id', async () => {
    const first = await registerUser(t, {}, { 'user-agent': 'Laptop' });
    t.clock.advance(1000);
    const second = await loginUser(t, first.signup.email, PASSWORD, { 'user-agent': 'Phone' });
    t.clock.advance(1000);
    const third = await loginUser(t, first.signup.email, PASSWORD, { 'user-agent': 'Tablet' });
    await post('/auth/logout', {}, bearer(third.accessToken));

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(second.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data;
    expect(sessions.map((s: { userAgent: string }) => s.userAgent)).toEqual(['Phone', 'Laptop']);
    expect(sessions.map((s: { isCurrent: boolean }) => s.isCurrent)).toEqual([true, false]);
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      userAgent: 'Phone',
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      isCurrent: true,
    });

    const laptop = sessions[1].id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${laptop}`,
      headers: bearer(second.accessToken),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: null, message: 'Session signed out' });
    expect(await meStatus(t, first.accessToken)).toBe(401);
    expect(await meStatus(t, second.accessToken)).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(second.accessToken),
    });
    expect(after.json().data).toHaveLength(1);
  });

  it('a refreshed device stays one entry and keeps its sign-in time', async () => {
    const first = await registerUser(t, {}, { 'user-agent': 'Laptop' });
    t.clock.advance(60_000);
    const next = (
      await post('/auth/refresh-token', { refreshToken: first.refreshToken }, { 'user-agent': 'Laptop' })
    ).json().data;
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(next.accessToken) })
    ).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].isCurrent).toBe(true);
    expect(new Date(list[0].lastUsedAt).getTime() - new Date(list[0].createdAt).getTime()).toBe(60_000);
  });

  it("cannot sign out someone else's session", async () => {
    const mine = await registerUser(t);
    const theirs = await registerUser(t);
    const theirSessions = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(theirs.accessToken) })
    ).json().data;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${theirSessions[0].id}`,
      headers: bearer(mine.accessToken),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    expect(await meStatus(t, theirs.accessToken)).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/sessions/not-a-uuid',
      headers: bearer(mine.accessToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions' })).statusCode).toBe(401);
  });
});
