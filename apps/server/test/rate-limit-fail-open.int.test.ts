import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';

// Redis configured but unreachable (nothing listens on port 1), as during an outage.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'false', REDIS_URL: 'redis://127.0.0.1:1', METRICS_TOKEN: 'scrape' });
});
afterAll(async () => t.close());

const login = () =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {}, remoteAddress: '203.0.113.70' });

describe('rate limits while Redis is unreachable', () => {
  it('answer at once, still limited by a counter of this process, instead of hanging and failing with a 500', async () => {
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      const res = await login();
      expect(res.statusCode).toBe(400);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('are counted in /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape' } });
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\n').find((l) => l.startsWith('atelier_rate_limit_fallbacks_total '));
    expect(Number(line?.split(' ')[1])).toBeGreaterThanOrEqual(11);
  });
});
