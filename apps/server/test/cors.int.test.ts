import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';

const STUDIO = 'https://studio.example';
const OTHER = 'https://other.example';

describe('cross-origin calls', () => {
  let plain: TestContext;
  let shared: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
    shared = await createTestApp({ CORS_ORIGINS: `${STUDIO}, https://second.example` });
  });
  afterAll(async () => {
    await plain.close();
    await shared.close();
  });

  it('are allowed to no site when CORS_ORIGINS is not set', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: STUDIO } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: STUDIO, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('are allowed, with credentials, to the sites CORS_ORIGINS names and no other', async () => {
    const res = await shared.app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: STUDIO } });
    expect(res.headers['access-control-allow-origin']).toBe(STUDIO);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await shared.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: STUDIO, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(STUDIO);
    const other = await shared.app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: OTHER } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
