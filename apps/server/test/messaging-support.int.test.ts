import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser } from './factories.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@atelier.test' });
});
afterAll(async () => {
  await t.close();
});

describe('the support recipient', () => {
  it('is missing until an admin or the SUPPORT_EMAIL account exists, then is the named account', async () => {
    const user = await createUser(t.deps);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/messages/support', headers: user.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Support is not available right now');

    const firstAdmin = await createUser(t.deps, { role: 'admin' });
    const fallback = await t.app.inject({ method: 'GET', url: '/api/v1/messages/support', headers: user.headers });
    expect(fallback.json().data.supportUser.id).toBe(firstAdmin.id);

    const named = await createUser(t.deps, { role: 'admin', email: 'help@atelier.test', fullName: 'Help Desk' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/messages/support', headers: user.headers });
    expect(res.json().data.supportUser).toEqual({
      id: named.id,
      username: named.username,
      fullName: 'Help Desk',
      avatar: null,
    });
    // The account's email is never part of what chats show.
    expect(JSON.stringify(res.json())).not.toContain('help@atelier.test');
  });

  it('describes a thread partner before any message, and 404s for an unknown one', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps, { fullName: 'Grace Hopper' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/messages/users/${other.id}`, headers: user.headers });
    expect(res.json().data).toMatchObject({ id: other.id, fullName: 'Grace Hopper', isOnline: false });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messages/users/00000000-0000-4000-8000-000000000000',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Recipient not found');
  });
});
