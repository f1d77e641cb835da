import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@atelier/shared';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { applyCredits, grantSignupCredits, InsufficientCreditsError } from '../src/modules/credits/credits.service.js';
import { ledgerKeys } from '../src/modules/credits/ledger-keys.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

async function balanceOf(user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.credits as number;
}

async function history(user: TestUser, query = ''): Promise<{ data: LedgerEntry[]; pagination: Record<string, number> }> {
  const res = await t.app.inject({ method: 'GET', url: api(`/credits/history${query}`), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('balance and check', () => {
  it('shows the balance of the signed-in user only', async () => {
    const user = await createUser(t.deps, { credits: 42 });
    expect(await balanceOf(user)).toBe(42);
    const anonymous = await t.app.inject({ method: 'GET', url: api('/credits/balance') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells whether the balance covers an amount', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const enough = await t.app.inject({ method: 'POST', url: api('/credits/check'), headers: user.headers, payload: { amount: 10 } });
    expect(enough.json()).toEqual({ data: { hasEnough: true, credits: 10, required: 10 } });
    const short = await t.app.inject({ method: 'POST', url: api('/credits/check'), headers: user.headers, payload: { amount: 25 } });
    expect(short.json()).toEqual({ data: { hasEnough: false, credits: 10, required: 25 } });
    const bad = await t.app.inject({ method: 'POST', url: api('/credits/check'), headers: user.headers, payload: { amount: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Amount must not be negative');
  });
});

describe('admin add and deduct', () => {
  it('is refused to anonymous callers (401) and to ordinary users (403)', async () => {
    const user = await createUser(t.deps, { credits: 5 });
    const body = { userId: user.id, amount: 5, reason: 'Goodwill' };
    for (const action of ['add', 'deduct']) {
      const anonymous = await t.app.inject({ method: 'POST', url: api(`/credits/admin/${action}`), payload: body });
      expect(anonymous.statusCode).toBe(401);
      const asUser = await t.app.inject({ method: 'POST', url: api(`/credits/admin/${action}`), headers: user.headers, payload: body });
      expect(asUser.statusCode).toBe(403);
    }
    expect(await balanceOf(user)).toBe(5);
  });

  it('adds credits, keeps the reason and the acting admin, and says so', async () => {
    const user = await createUser(t.deps, { credits: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/credits/admin/add'),
      headers: admin.headers,
      payload: { userId: user.id, amount: 20, reason: 'Compensation for an outage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { userId: user.id, credits: 25 }, message: 'Credits added successfully' });
    expect(await balanceOf(user)).toBe(25);
    const [latest] = (await history(user)).data;
    expect(latest).toMatchObject({ delta: 20, kind: 'admin_add', reason: 'Compensation for an outage', balanceAfter: 25 });
    const rows = await t.deps.database.query<{ actor_id: string }>('SELECT actor_id FROM credit_ledger WHERE id = $1', [latest?.id]);
    expect(rows.rows[0]?.actor_id).toBe(admin.id);
  });

  it('deducts credits but never below zero', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const ok = await t.app.inject({
      method: 'POST',
      url: api('/credits/admin/deduct'),
      headers: admin.headers,
      payload: { userId: user.id, amount: 12, reason: 'Chargeback' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { userId: user.id, credits: 18 }, message: 'Credits deducted successfully' });

    const tooMuch = await t.app.inject({
      method: 'POST',
      url: api('/credits/admin/deduct'),
      headers: admin.headers,
      payload: { userId: user.id, amount: 19, reason: 'Chargeback' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('The user has only 18 credits');
    expect(await balanceOf(user)).toBe(18);
    const kinds = (await history(user)).data.map((e) => [e.kind, e.delta, e.reason]);
    expect(kinds).toEqual([
      ['admin_deduct', -12, 'Chargeback'],
      ['signup_grant', 30, 'Welcome credits'],
    ]);
  });

  it('answers 404 for an unknown user and 400 for bad amounts or reasons', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('/credits/admin/add'),
      headers: admin.headers,
      payload: { userId: '00000000-0000-4000-8000-000000000000', amount: 5, reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');

    const user = await createUser(t.deps);
    const cases: [object, string][] = [
      [{ userId: user.id, amount: 0, reason: 'x' }, 'Amount must be at least 1'],
      [{ userId: user.id, amount: 1_000_001, reason: 'x' }, 'Amount must be at most 1000000'],
      [{ userId: user.id, amount: 1.5, reason: 'x' }, 'Amount must be a whole number'],
      [{ userId: user.id, amount: 5, reason: '   ' }, 'Please give a reason'],
      [{ userId: user.id, amount: 5, reason: 'r'.repeat(501) }, 'Reason must be at most 500 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: api('/credits/admin/add'), headers: admin.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await balanceOf(user)).toBe(0);
  });

  it('applies a retried admin call with the same Idempotency-Key once', async () => {
    const user = await createUser(t.deps, { credits: 1 });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: api('/credits/admin/add'),
        headers: { ...admin.headers, 'idempotency-key': 'refund-ticket-981' },
        payload: { userId: user.id, amount: 7, reason: 'Ticket 981' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(8);
    expect((await history(user)).data.filter((e) => e.kind === 'admin_add')).toHaveLength(1);
  });
});

describe('history', () => {
  it('pages newest first and filters by kind and date', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    for (let i = 1; i <= 11; i++) {
      const action = i % 3 === 0 ? 'deduct' : 'add';
      const res = await t.app.inject({
        method: 'POST',
        url: api(`/credits/admin/${action}`),
        headers: admin.headers,
        payload: { userId: user.id, amount: i, reason: `step ${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const first = await history(user, '?page=1&pageSize=5');
    expect(first.pagination).toEqual({ page: 1, pageSize: 5, total: 12, totalPages: 3 });
    expect(first.data.map((e) => e.reason)).toEqual(['step 11', 'step 10', 'step 9', 'step 8', 'step 7']);
    const last = await history(user, '?page=3&pageSize=5');
    expect(last.data.map((e) => e.reason)).toEqual(['step 1', 'Welcome credits']);
    expect(last.data[1]).toMatchObject({ kind: 'signup_grant', delta: 100, balanceAfter: 100, contentId: null, reference: null });

    const deducts = await history(user, '?kind=admin_deduct');
    expect(deducts.data.map((e) => e.delta)).toEqual([-9, -6, -3]);
    expect(deducts.pagination.total).toBe(3);

    // Balance after every row is the running sum, and the newest equals the balance.
    const all = (await history(user, '?pageSize=100')).data;
    expect(all[0]?.balanceAfter).toBe(await balanceOf(user));
    for (let i = 0; i < all.length - 1; i++) {
      expect(all[i]!.balanceAfter).toBe(all[i + 1]!.balanceAfter + all[i]!.delta);
    }

    const today = new Date().toISOString().slice(0, 10);
    expect((await history(user, `?from=${today}&to=${today}&pageSize=100`)).data).toHaveLength(12);
    expect((await history(user, '?to=2000-01-01')).data).toHaveLength(0);
    expect((await history(user, '?from=2999-01-01T00:00:00Z')).data).toHaveLength(0);

    const badKind = await t.app.inject({ method: 'GET', url: api('/credits/history?kind=gift'), headers: user.headers });
    expect(badKind.statusCode).toBe(400);
    const badDate = await t.app.inject({ method: 'GET', url: api('/credits/history?from=yesterday'), headers: user.headers });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Please use a date such as 2025-01-31 or an ISO date-time');
  });

  it('shows nobody else’s rows', async () => {
    const a = await createUser(t.deps, { credits: 3 });
    const b = await createUser(t.deps, { credits: 4 });
    expect((await history(a)).data.map((e) => e.delta)).toEqual([3]);
    expect((await history(b)).data.map((e) => e.delta)).toEqual([4]);
  });
});

describe('ledger service', () => {
  it('grants signup credits exactly once per user', async () => {
    const user = await createUser(t.deps);
    const db = t.deps.database.db;
    expect(await grantSignupCredits(db, user.id, 50)).toBe(50);
    expect(await grantSignupCredits(db, user.id, 50)).toBe(50);
    expect(await balanceOf(user)).toBe(50);
    expect((await history(user)).data).toHaveLength(1);
  });

  it('returns the earlier row for a used key and refuses a debit the balance cannot cover', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const db = t.deps.database.db;
    const input = { userId: user.id, delta: -4, kind: 'generation_charge' as const, idempotencyKey: ledgerKeys.exact(`test:${user.id}`) };
    const first = await db.transaction((tx) => applyCredits(tx, input));
    const again = await db.transaction((tx) => applyCredits(tx, input));
    expect(first.isNew).toBe(true);
    expect(again.isNew).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.credits).toBe(6);

    await expect(
      db.transaction((tx) => applyCredits(tx, { ...input, delta: -7, idempotencyKey: ledgerKeys.exact(`test2:${user.id}`) })),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await balanceOf(user)).toBe(6);
    expect(await ledgerSum(db, user.id)).toBe(6);
  });

  it('keeps the balance at or above zero and equal to the ledger under racing debits', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const db = t.deps.database.db;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction((tx) =>
          applyCredits(tx, { userId: user.id, delta: -3, kind: 'admin_deduct', idempotencyKey: ledgerKeys.exact(`race:${user.id}:${i}`) }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const balance = await balanceOf(user);
    expect(balance).toBe(1);
    expect(await ledgerSum(db, user.id)).toBe(balance);
  });
});
