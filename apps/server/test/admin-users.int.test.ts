import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { contentAt } from './dashboards-fixtures.js';

let t: TestContext;
let admin: TestUser;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin', username: 'root_admin' });
  member = await createUser(t.deps, { username: 'penny_lane', fullName: 'Penny Lane', credits: 30 });
  other = await createUser(t.deps, { username: 'someone_else', email: 'else@example.com' });
  await contentAt(t, member.id, { createdAt: '2025-05-01T10:00:00Z', status: 'ready' });
  await contentAt(t, member.id, { createdAt: '2025-05-02T10:00:00Z', status: 'failed' });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: user?.headers, ...(payload ? { payload } : {}) });

describe('admin routes are for admins only', () => {
  const routes: ['GET' | 'PATCH', string][] = [
    ['GET', '/admin/dashboard'],
    ['GET', '/admin/dashboard/users'],
    ['GET', '/admin/dashboard/content'],
    ['GET', '/admin/dashboard/revenue'],
    ['GET', '/admin/dashboard/engagement'],
    ['GET', '/admin/dashboard/graphs'],
    ['GET', '/admin/dashboard/content-types'],
    ['GET', '/admin/dashboard/user-roles'],
    ['GET', '/admin/dashboard/recent-users'],
    ['GET', '/admin/dashboard/recent-content'],
    ['GET', '/admin/users'],
    ['GET', '/admin/users/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/admin/users/00000000-0000-4000-8000-000000000000/role'],
    ['GET', '/admin/audit'],
  ];
  it.each(routes)('%s %s: 401 anonymous, 403 member, allowed for an admin', async (method, url) => {
    const body = method === 'PATCH' ? { role: 'admin' } : undefined;
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    const forbidden = await call(method, url, member, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only administrators can do that');
    const allowed = await call(method, url, admin, body);
    // The made-up user id is a 404 for an admin; everything else answers.
    expect(allowed.statusCode).toBe(url.includes('00000000') ? 404 : 200);
  });
});

describe('user administration', () => {
  it('searches by name, username or email and filters by role', async () => {
    const byName = await call('GET', '/admin/users?q=penny', admin);
    expect(byName.json().data.map((u: { id: string }) => u.id)).toEqual([member.id]);
    expect(byName.json().data[0]).toMatchObject({ username: 'penny_lane', credits: 30, contentCount: 2, role: 'user' });
    expect(byName.json().pagination).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    const byEmail = await call('GET', '/admin/users?q=ELSE@example', admin);
    expect(byEmail.json().data.map((u: { id: string }) => u.id)).toEqual([other.id]);
    const admins = await call('GET', '/admin/users?role=admin', admin);
    expect(admins.json().data.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const wildcard = await call('GET', '/admin/users?q=%25', admin);
    expect(wildcard.json().data).toEqual([]);
    const paged = await call('GET', '/admin/users?pageSize=2&page=2', admin);
    expect(paged.json().pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(paged.json().data).toHaveLength(1);
  });

  it('shows a user with counts and a ledger that names the acting admin', async () => {
    const add = await call('POST', '/credits/admin/add', admin, {
      userId: member.id,
      amount: 12,
      reason: 'Contest prize',
    });
    expect(add.statusCode).toBe(200);
    const res = await call('GET', `/admin/users/${member.id}`, admin);
    expect(res.statusCode).toBe(200);
    const { user, counts, ledger } = res.json().data;
    expect(user).toMatchObject({ id: member.id, credits: 42, username: 'penny_lane' });
    expect(counts).toEqual({ content: 2, ready: 1, failed: 1, referrals: 0, ledgerEntries: 2 });
    expect(ledger[0]).toMatchObject({
      delta: 12,
      kind: 'admin_add',
      reason: 'Contest prize',
      balanceAfter: 42,
      actor: { id: admin.id, username: 'root_admin' },
    });
    expect(ledger[1]).toMatchObject({ delta: 30, kind: 'signup_grant', actor: null });
  });

  it('changes a role, records it, and refuses to change the caller’s own role', async () => {
    const promoted = await call('PATCH', `/admin/users/${other.id}/role`, admin, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      message: 'Role updated successfully',
      data: { user: { id: other.id, role: 'admin' } },
    });
    // The role is read per request, so the promoted account can use admin routes at once.
    expect((await call('GET', '/admin/users', other)).statusCode).toBe(200);

    const self = await call('PATCH', `/admin/users/${admin.id}/role`, admin, { role: 'user' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot change your own role');
    const invalid = await call('PATCH', `/admin/users/${member.id}/role`, admin, { role: 'owner' });
    expect(invalid.statusCode).toBe(400);

    await call('POST', '/credits/admin/deduct', admin, { userId: member.id, amount: 2, reason: 'Correction' });
    const audit = await call('GET', '/admin/audit', admin);
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().data;
    expect(audit.json().pagination.total).toBe(3);
    expect(entries.map((e: { type: string }) => e.type)).toEqual(['credit_deduct', 'role_change', 'credit_add']);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.id },
      target: { id: member.id, username: 'penny_lane' },
      delta: -2,
      reason: 'Correction',
    });
    expect(entries[1]).toMatchObject({
      actor: { id: admin.id, username: 'root_admin' },
      target: { id: other.id },
      delta: null,
      details: { from: 'user', to: 'admin' },
    });
    expect(entries[2]).toMatchObject({ delta: 12, reason: 'Contest prize' });

    // Setting the role it already has changes nothing and records nothing.
    await call('PATCH', `/admin/users/${other.id}/role`, admin, { role: 'admin' });
    expect((await call('GET', '/admin/audit', admin)).json().pagination.total).toBe(3);
  });
});
