import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser } from './factories.js';

// On PostgreSQL 200 requests really run side by side on a pool of connections; on PGlite (one
// connection) they are serialised, so 50 are enough there for the same invariants to be checked.
const CALLS = process.env.TEST_DATABASE_URL ? 200 : 50;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('many generate calls at once', () => {
  it('accepts exactly as many as the balance affords; the balance stays ≥ 0 and equals the ledger', async () => {
    const affordable = 7;
    const cost = 3; // flux-schnell
    const user = await createUser(t.deps, { credits: affordable * cost + 2 });
    const responses = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/content/generate',
          headers: user.headers,
          payload: { contentType: 'photo', prompt: `Burst ${i}`, model: 'flux-schnell' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(affordable);
    expect(statuses.filter((s) => s === 402)).toHaveLength(CALLS - affordable);
    for (const r of responses.filter((x) => x.statusCode === 402)) expect(r.json().message).toBe('Insufficient credits');

    const balance = (await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: user.headers })).json().data.credits;
    expect(balance).toBe(2);
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(balance);
    const items = await t.deps.database.query<{ n: number; charged: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(charged), 0)::int AS charged FROM content WHERE user_id = $1',
      [user.id],
    );
    expect(items.rows[0]).toEqual({ n: affordable, charged: affordable * cost });
    const charges = await t.deps.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'generation_charge'",
      [user.id],
    );
    expect(charges.rows[0]?.n).toBe(affordable);
  });
});
