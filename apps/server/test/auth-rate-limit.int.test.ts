import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'false' });
});
afterAll(async () => t.close());

const hit = (url: string, remoteAddress = '203.0.113.7') =>
  // An empty body fails validation quickly; the limit is counted before validation.
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: {}, remoteAddress });

describe('rate limits', () => {
  it('answers 429 after 10 sign-in attempts a minute from one address, and not for another address', async () => {
    for (let i = 0; i < 10; i++) expect((await hit('/auth/login')).statusCode).toBe(400);
    const limited = await hit('/auth/login');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests, please slow down',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await hit('/auth/login', '203.0.113.8')).statusCode).toBe(400);
  });

  it('allows 5 password reset requests a minute from one address', async () => {
    for (let i = 0; i < 5; i++) await hit('/auth/forgot-password', '198.51.100.1');
    expect((await hit('/auth/forgot-password', '198.51.100.1')).statusCode).toBe(429);
  });

  it('limits every call that guesses or sends mail', async () => {
    for (const url of [
      '/auth/register',
      '/auth/verify-reset-otp',
      '/auth/google',
      '/auth/facebook',
      '/auth/verify-email',
      '/contact',
    ]) {
      const address = '192.0.2.50';
      let status = 0;
      for (let i = 0; i < 12 && status !== 429; i++) status = (await hit(url, address)).statusCode;
      expect(status, url).toBe(429);
    }
  });

  it('leaves token refresh unlimited', async () => {
    for (let i = 0; i < 15; i++) expect((await hit('/auth/refresh-token', '192.0.2.99')).statusCode).toBe(400);
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  const forged = (app: TestContext, remoteAddress: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {},
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For by default, so a forged one does not escape the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forged(t, '203.0.113.30', `10.9.${i}.1`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted proxy: a hop count, or a list of addresses and ranges', async () => {
    for (const setting of ['1', '127.0.0.1, 10.0.0.0/8']) {
      const behind = await createTestApp({ RATE_LIMIT_DISABLED: 'false', TRUST_PROXY: setting }, { database: t.deps.database });
      try {
        const tag = setting === '1' ? 1 : 2;
        // Twelve people behind one proxy each keep their own limit …
        for (let i = 0; i < 12; i++) {
          expect((await forged(behind, '10.0.0.5', `198.51.${tag}.${i}`)).statusCode).toBe(400);
        }
        // … and one of them is still limited however the calls arrive.
        for (let i = 0; i < 9; i++) await forged(behind, '10.0.0.5', `198.51.${tag}.0`);
        expect((await forged(behind, '10.0.0.5', `198.51.${tag}.0`)).statusCode).toBe(429);
        if (setting !== '1') {
          // A peer outside the list is not a proxy: its forged header is ignored.
          const statuses: number[] = [];
          for (let i = 0; i < 11; i++) statuses.push((await forged(behind, '203.0.113.31', `10.8.${i}.1`)).statusCode);
          expect(statuses[10]).toBe(429);
        }
      } finally {
        await behind.close();
      }
    }
  }, 60_000);
});
