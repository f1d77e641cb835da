import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { bearer, meStatus, registerUser } from './auth-helpers.js';
import { createUser } from './factories.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('signed-in replies are never cached', () => {
  it('sends Cache-Control: no-store with JSON for a signed-in request', async () => {
    const user = await createUser(t.deps);
    for (const url of ['/api/v1/users/me', '/api/v1/auth/sessions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A public read holds the reader's own fields (isLiked): only their browser may keep it, and
    // it must ask again (its ETag) before each use.
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/content?page=1', headers: user.headers });
    expect(page.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    // An error answered to a signed-in request is private too.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/collection/00000000-0000-4000-8000-000000000000',
      headers: user.headers,
    });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('who may call is checked before what is sent', () => {
  const badBodies = [
    { method: 'POST' as const, url: '/api/v1/collection', payload: { name: 12345 } },
    { method: 'PATCH' as const, url: '/api/v1/users/profile', payload: { bio: ['not', 'text'] } },
    { method: 'POST' as const, url: '/api/v1/jobs', payload: { title: false } },
    { method: 'POST' as const, url: '/api/v1/content/generate', payload: { prompt: 7 } },
    { method: 'POST' as const, url: '/api/v1/category', payload: { name: null } },
  ];

  it('answers 401 to an anonymous write with an invalid body', async () => {
    for (const c of badBodies) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBe(401);
      // Routes API keys may call add how a program signs in.
      expect(res.json().message, c.url).toMatch(/^Please sign in to continue/);
    }
  });

  it('answers 403 to a non-admin with an invalid body on an admin route', async () => {
    const user = await createUser(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/category',
      payload: { name: null },
      headers: user.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only administrators can do that');
  });
});

describe('two tabs refreshing at once', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });

  it('both get a working pair, and the device is listed once', async () => {
    const session = await registerUser(t);
    const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const res of [a, b]) expect(await meStatus(t, res.json().data.accessToken)).toBe(200);
    // Each tab can go on refreshing with what it got.
    for (const res of [a, b]) expect((await refresh(res.json().data.refreshToken)).statusCode).toBe(200);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(session.accessToken),
    });
    expect(sessions.json().data).toHaveLength(1);
  });

  it('still signs the device out when a spent token comes back after the grace', async () => {
    const session = await registerUser(t);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    t.clock.advance(31_000);
    const reused = await refresh(session.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(await meStatus(t, first.json().data.accessToken)).toBe(401);
    expect((await refresh(first.json().data.refreshToken)).statusCode).toBe(401);
  });
});

describe('search queries over the length limit', () => {
  it('say so, instead of asking for something to search for', async () => {
    const long = 'a'.repeat(201);
    const content = await t.app.inject({ method: 'GET', url: `/api/v1/content/search?q=${long}` });
    expect(content.statusCode).toBe(400);
    expect(content.json().message).toBe('Search queries can be at most 200 characters');
    const categories = await t.app.inject({ method: 'GET', url: `/api/v1/category/search?q=${long}` });
    expect(categories.json().message).toBe('Search queries can be at most 100 characters');
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/content/search?q=' });
    expect(empty.json().message).toBe('Please enter something to search for');
  });
});
