import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { GENERATION_QUEUE } from '../src/modules/generation/index.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { captureStatements } from './statements.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const COST = 3; // flux-schnell
const body = (prompt: string) => ({ contentType: 'photo', prompt, model: 'flux-schnell' });
const generate = (user: TestUser, prompt: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/content/generate', headers: { ...user.headers, ...headers }, payload: body(prompt) });

async function balance(user: TestUser): Promise<number> {
  const { rows } = await t.deps.database.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [user.id]);
  return rows[0]!.credits;
}

async function itemsOf(user: TestUser): Promise<number> {
  const { rows } = await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM content WHERE user_id = $1', [user.id]);
  return rows[0]!.n;
}

describe('what one accept costs', () => {
  it('is one statement: session check, charge, ledger row, content row and job together, no transaction around it', async () => {
    const ana = await createUser(t.deps, { credits: 10 * COST });
    await generate(ana, 'warm-up'); // the queue starts on first use
    for (const prompt of ['a lighthouse', 'a harbour']) {
      const { result, statements } = await captureStatements(t.deps.database, () => generate(ana, prompt));
      expect(result.statusCode, result.body).toBe(201);
      // One; a second is allowed for a maintained aggregate written beside the item.
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
      expect(statements[0]).toMatch(/^WITH debit AS/);
      expect(statements.filter((s) => /^(BEGIN|COMMIT)$|"sessions"|^select "content"/i.test(s)), statements.join('\n')).toEqual([]);
      expect(result.json().data).toMatchObject({ prompt, status: 'queued', cost: COST, charged: COST, owner: { id: ana.id } });
    }
    expect(await balance(ana)).toBe(7 * COST);
    expect(await ledgerSum(t.deps.database.db, ana.id)).toBe(7 * COST);
  });

  it('answers a repeated Idempotency-Key with the first item in two statements, charging nothing', async () => {
    const ben = await createUser(t.deps, { credits: 10 * COST });
    const first = await generate(ben, 'a mill', { 'idempotency-key': 'mill-1' });
    expect(first.statusCode).toBe(201);
    const { result, statements } = await captureStatements(t.deps.database, () => generate(ben, 'a mill', { 'idempotency-key': 'mill-1' }));
    expect(result.statusCode).toBe(201);
    expect(result.json().data.id).toBe(first.json().data.id);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    expect(await balance(ben)).toBe(9 * COST);
    expect(await itemsOf(ben)).toBe(1);
  });

  it('queues the job pg-boss itself would queue', async () => {
    const cy = await createUser(t.deps, { credits: 10 * COST });
    const accepted = await generate(cy, 'a bridge');
    expect(accepted.statusCode).toBe(201);
    const sent = await t.deps.queue.send(GENERATION_QUEUE, { contentId: accepted.json().data.id });
    const { rows } = await t.deps.database.query<Record<string, unknown>>(
      `SELECT j.id::text = c.job_id AS is_item_job, j.name, j.priority, j.state, j.retry_limit, j.retry_count, j.retry_delay,
              j.retry_backoff, j.expire_in::text, j.policy, j.dead_letter, j.singleton_key, j.singleton_on,
              round(extract(epoch FROM j.keep_until - j.start_after)) AS keep_seconds, j.data ? 'contentId' AS names_item
         FROM pgboss.job j LEFT JOIN content c ON c.id = $1
        WHERE j.id IN (c.job_id::uuid, $2::uuid)
        ORDER BY j.id::text = c.job_id DESC`,
      [accepted.json().data.id, sent],
    );
    expect(rows).toHaveLength(2);
    const [inStatement, bySend] = rows as [Record<string, unknown>, Record<string, unknown>];
    expect(inStatement.is_item_job).toBe(true);
    expect({ ...inStatement, is_item_job: false }).toEqual({ ...bySend, is_item_job: false });
  });
});

describe('who may accept', () => {
  it('refuses a signed-out session with 401 and charges nothing, even for a known Idempotency-Key', async () => {
    const dee = await createUser(t.deps, { credits: 10 * COST });
    expect((await generate(dee, 'a dune', { 'idempotency-key': 'dune-1' })).statusCode).toBe(201);
    await t.deps.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, dee.sessionId));
    for (const key of ['dune-1', 'dune-2']) {
      const res = await generate(dee, 'a dune', { 'idempotency-key': key });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Your session has ended, please sign in again');
    }
    const res = await generate(dee, 'a dune');
    expect(res.statusCode).toBe(401);
    expect(await balance(dee)).toBe(9 * COST);
    expect(await itemsOf(dee)).toBe(1);
  });
});

describe('many people accepting at once', () => {
  it('accepts for each exactly what their balance affords; every balance equals its ledger', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(t.deps, { credits: (i + 1) * COST + 1 })));
    const perPerson = 8;
    const responses = await Promise.all(
      people.flatMap((p, i) => Array.from({ length: perPerson }, (_, n) => generate(p, `crowd ${i}.${n}`).then((r) => ({ i, r })))),
    );
    for (const [i, person] of people.entries()) {
      const mine = responses.filter((x) => x.i === i).map((x) => x.r.statusCode);
      expect(mine.filter((s) => s === 201)).toHaveLength(i + 1);
      expect(mine.filter((s) => s === 402)).toHaveLength(perPerson - (i + 1));
      expect(await balance(person)).toBe(1);
      expect(await ledgerSum(t.deps.database.db, person.id)).toBe(1);
      expect(await itemsOf(person)).toBe(i + 1);
    }
  });
});
