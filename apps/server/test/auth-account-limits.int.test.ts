import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, newSignup } from './auth-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'false' });
});
afterAll(async () => t.close());

let addressCounter = 0;
/** A new client address for every call, as an attacker rotating addresses would have. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: freshAddress() });

async function signUp() {
  const signup = newSignup();
  const res = await post('/auth/register', signup);
  expect(res.statusCode).toBe(201);
  return { ...signup, accessToken: res.json().data.accessToken as string };
}

describe('per-account limits, whatever address the calls come from', () => {
  it('locks sign-in after 5 wrong passwords, backs off, and lets the right password in once the lock ends', async () => {
    const person = await signUp();
    const statuses: number[] = [];
    let locked;
    for (let i = 0; i < 30; i++) {
      const res = await post('/auth/login', { email: person.email, password: `Wrong${i}pass` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) locked ??= res;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(locked?.json()).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed attempts, please try again in 30 seconds',
    });
    expect(locked?.headers['retry-after']).toBe('30');

    // The right password does not get through the lock, neither by email nor by username …
    expect((await post('/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await post('/auth/login', { email: person.username.toUpperCase(), password: PASSWORD })).statusCode).toBe(
      429,
    );

    // … the next wrong one after the lock doubles it …
    t.clock.advance(31_000);
    const again = await post('/auth/login', { email: person.email, password: 'Wrong99pass' });
    expect(again.statusCode).toBe(401);
    const doubled = await post('/auth/login', { email: person.email, password: PASSWORD });
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe('60');
    expect(doubled.json().message).toBe('Too many failed attempts, please try again in 1 minute');

    // … and once it ends, the right password signs in and forgets the failures.
    t.clock.advance(61_000);
    expect((await post('/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/login', { email: person.email, password: 'Wrong0pass' })).statusCode).toBe(401);
    }
  });

  it('never locks longer than 15 minutes, and forgets failures after an hour', async () => {
    const person = await signUp();
    let lastRetry = 0;
    const locks: number[] = [];
    for (let round = 0; round < 7; round++) {
      for (let i = 0; i < 6; i++) {
        const res = await post('/auth/login', { email: person.email, password: 'Wrong0pass' });
        if (res.statusCode === 429) {
          lastRetry = Number(res.headers['retry-after']);
          locks.push(lastRetry);
          break;
        }
      }
      expect(lastRetry).toBeLessThanOrEqual(15 * 60);
      t.clock.advance(lastRetry * 1000 + 1000);
    }
    // 30 s, doubled after each further failure, up to 15 minutes.
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900]);
    t.clock.advance(60 * 60 * 1000);
    expect((await post('/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts a burst of parallel wrong passwords like a sequence of them', async () => {
    const person = await signUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/login', { email: person.email, password: 'Wrong0pass' })),
    );
    const wrong = results.filter((r) => r.statusCode === 401).length;
    expect(wrong).toBeLessThanOrEqual(6);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(20 - wrong);
  });

  it('limits unknown accounts the same way, so the limit tells nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await post('/auth/login', { email: 'nobody.here@example.com', password: 'Wrong0pass' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('mails at most 5 reset codes per email in 15 minutes, for known and unknown emails alike', async () => {
    const person = await signUp();
    for (const email of [person.email, 'unknown.person@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await post('/auth/forgot-password', { email })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    }
    const limited = await post('/auth/forgot-password', { email: person.email.toUpperCase() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests for this account, please try again in 15 minutes');
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('locks reset-code guesses after 5 wrong codes, so the right code waits for the lock', async () => {
    const person = await signUp();
    expect((await post('/auth/forgot-password', { email: person.email })).statusCode).toBe(200);
    await t.app.afterReply.idle();
    const code = t.mailer.lastCode(person.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await post('/auth/verify-reset-otp', { email: person.email, code: wrong })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    expect((await post('/auth/verify-reset-otp', { email: person.email, code })).statusCode).toBe(429);
  });

  it('limits verification mails and code guesses per account', async () => {
    const person = await signUp();
    const auth = bearer(person.accessToken);
    const sends: number[] = [];
    for (let i = 0; i < 6; i++) sends.push((await post('/auth/request-verification', {}, auth)).statusCode);
    expect(sends).toEqual([200, 200, 200, 200, 200, 429]);

    const code = t.mailer.lastCode(person.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++) guesses.push((await post('/auth/verify-email', { code: wrong }, auth)).statusCode);
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('password re-checks by a signed-in session count against the same limit', () => {
  const authed = (method: 'POST' | 'DELETE', url: string, token: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(token), remoteAddress: freshAddress() });

  it('changing the password: 5 wrong current passwords, then 429 with Retry-After even for the right one, and a mail to the owner', async () => {
    const person = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await authed('POST', '/auth/change-password', person.accessToken, {
        currentPassword: `Wrong${i}pass`,
        newPassword: 'Brand9NewPass',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const locked = await authed('POST', '/auth/change-password', person.accessToken, {
      currentPassword: PASSWORD,
      newPassword: 'Brand9NewPass',
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const warnings = t.mailer.sent.filter((m) => m.to === person.email && /wrong passwords/i.test(m.subject));
    expect(warnings).toHaveLength(1);
    // The same limit guards sign-in: the stolen session has not bought fresh guesses there.
    expect((await post('/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(429);

    // Once the lock ends the right password works, and the old one no longer signs in.
    t.clock.advance(31_000);
    const changed = await authed('POST', '/auth/change-password', person.accessToken, {
      currentPassword: PASSWORD,
      newPassword: 'Brand9NewPass',
    });
    expect(changed.statusCode).toBe(200);
  });

  it('deleting the account: wrong passwords lock after 5 and the account survives', async () => {
    const person = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await authed('DELETE', '/users/account', person.accessToken, { password: `Wrong${i}pass` })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await authed('DELETE', '/users/account', person.accessToken, { password: PASSWORD })).statusCode).toBe(429);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(person.accessToken) });
    expect(me.statusCode).toBe(200);
  });
});
