import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { captureStatements } from './statements.js';

// An API process without the worker: what a like costs its request, notifications included.
let t: TestContext;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.deps);
  bob = await createUser(t.deps);
});
afterAll(async () => t.close());

describe('what notifications cost a request', () => {
  it('a like queues one job, in one statement, and writes no notification on the request', async () => {
    const [item] = await t.deps.database.db
      .insert(content)
      .values({ userId: ann.id, title: 'Harbour', prompt: 'harbour', model: 'flux-schnell', contentType: 'photo', status: 'ready', seed: 1, cost: 1 })
      .returning();
    const like = () => t.app.inject({ method: 'POST', url: `/api/v1/content/${item!.id}/like`, headers: bob.headers });
    // The queue starts on its first use; the like measured is the second of the process.
    await t.app.inject({ method: 'POST', url: `/api/v1/content/${item!.id}/like`, headers: ann.headers });
    const { result, statements } = await captureStatements(t.deps.database, like);
    expect(result.statusCode).toBe(200);
    const queued = statements.filter((s) => /pgboss/i.test(s));
    expect(queued, statements.join('\n')).toHaveLength(1);
    expect(statements.filter((s) => /notification/i.test(s)), statements.join('\n')).toEqual([]);
  });
});
