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
