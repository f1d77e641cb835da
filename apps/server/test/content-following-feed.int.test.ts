import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let reader: TestUser;
let bea: TestUser;
let cal: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.deps, { fullName: 'Rita Reader' });
  bea = await createUser(t.deps, { fullName: 'Bea Maker' });
  cal = await createUser(t.deps, { fullName: 'Cal Maker' });
  stranger = await createUser(t.deps, { fullName: 'Sam Stranger' });
  for (const maker of [bea, cal]) {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/follow/${maker.id}`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => t.close());

let minute = 0;
async function post(owner: TestUser, title: string, opts: { isPrivate?: boolean } = {}) {
  minute += 1;
  await t.deps.database.db.insert(content).values({
    userId: owner.id,
    title,
    prompt: title,
    model: 'stable-diffusion-xl',
    contentType: 'illustration',
    status: 'ready',
    isPrivate: opts.isPrivate ?? false,
    seed: 1,
    cost: 5,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  });
}

async function page(query: string, who: TestUser = reader) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/content/feed${query}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { title: string }[]; nextCursor: string | null };
}

describe('GET /content/feed', () => {
  it('shows the public items of the people I follow, newest first, in keyset pages without repeats or gaps while new items arrive', async () => {
    await post(bea, 'Bea 1');
    await post(cal, 'Cal 1');
    await post(stranger, 'Stranger 1');
    await post(bea, 'Bea 2');
    await post(bea, 'Bea private', { isPrivate: true });
    await post(cal, 'Cal 2');

    const first = await page('?pageSize=2');
    expect(first.data.map((i) => i.title)).toEqual(['Cal 2', 'Bea 2']);
    // New items arrive while the reader scrolls: they are above the cursor, so the next pages
    // neither repeat nor skip anything.
    await post(bea, 'Bea 3');
    await post(cal, 'Cal 3');
    const second = await page(`?pageSize=2&cursor=${first.nextCursor}`);
    expect(second.data.map((i) => i.title)).toEqual(['Cal 1', 'Bea 1']);
    expect(second.nextCursor).toBeNull();

    const fresh = await page('?pageSize=10');
    expect(fresh.data.map((i) => i.title)).toEqual(['Cal 3', 'Bea 3', 'Cal 2', 'Bea 2', 'Cal 1', 'Bea 1']);

    // Someone who follows nobody has an empty feed.
    expect((await page('', stranger)).data).toEqual([]);
  });

  it('needs a signed-in person and refuses a malformed cursor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content/feed' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/content/feed?cursor=garbage', headers: reader.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('suggests the most followed makers of the last 30 days, leaving out me and whom I follow', async () => {
    const fans = [];
    for (let i = 0; i < 3; i++) fans.push(await createUser(t.deps));
    const popular = await createUser(t.deps, { fullName: 'Pia Popular' });
    const known = await createUser(t.deps, { fullName: 'Kai Known' });
    for (const fan of fans) await t.app.inject({ method: 'POST', url: `/api/v1/users/follow/${popular.id}`, headers: fan.headers });
    await t.app.inject({ method: 'POST', url: `/api/v1/users/follow/${known.id}`, headers: fans[0]!.headers });
    await t.app.inject({ method: 'POST', url: `/api/v1/users/follow/${known.id}`, headers: stranger.headers });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/suggested', headers: stranger.headers });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { fullName: string; isFollowing: boolean }[]).map((p) => p.fullName);
    expect(names[0]).toBe('Pia Popular');
    expect(names).not.toContain('Kai Known');
    expect(names).not.toContain('Sam Stranger');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/suggested' })).statusCode).toBe(401);
  });
});
