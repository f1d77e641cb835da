import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps);
  other = await createUser(t.deps);
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

interface Page {
  data: Content[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  nextCursor: string | null;
}

const get = (path: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: who?.headers ?? {} });

async function page(path: string, who?: TestUser): Promise<Page> {
  const res = await get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

let seq = 0;
/** One content row; `at` (UTC, with microseconds when given as text) is its created_at. */
async function insertItem(
  fields: Partial<typeof contentTable.$inferInsert> & { at?: string } = {},
): Promise<string> {
  seq += 1;
  const { at, ...values } = fields;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({
      userId: owner.id,
      title: `Cursor item ${seq}`,
      prompt: 'plain words',
      model: 'stable-diffusion-xl',
      contentType: 'photo',
      status: 'ready',
      seed: seq,
      cost: 0,
      ...values,
    })
    .returning({ id: contentTable.id });
  // Set by SQL so the microseconds a JS Date cannot hold are kept.
  if (at) await t.deps.database.query('UPDATE content SET created_at = $1::timestamptz WHERE id = $2', [at, row!.id]);
  return row!.id;
}

/** created_at values spread over a day, several shared by more than one item (ties broken by id). */
const stamp = (i: number) => `2026-03-01T00:${String(Math.floor(i / 3)).padStart(2, '0')}:00.${String(123456 + (i % 2)).padStart(6, '0')}Z`;

/**
 * Reads a list to its end by cursor, calling `between` after each page (where the test inserts
 * items). Returns every id in the order received.
 */
async function readAll(first: string, between: (pageNo: number) => Promise<void>, who?: TestUser): Promise<string[]> {
  const seen: string[] = [];
  let reply = await page(first, who);
  let pageNo = 1;
  for (;;) {
    seen.push(...reply.data.map((c) => c.id));
    expect(reply.pagination.page).toBe(pageNo);
    if (!reply.nextCursor) break;
    await between(pageNo);
    pageNo += 1;
    expect(pageNo).toBeLessThan(100);
    reply = await page(`${first}&cursor=${reply.nextCursor}`, who);
  }
  return seen;
}

function expectEachOnce(seen: string[], existing: string[]) {
  expect(new Set(seen).size).toBe(seen.length);
  for (const id of existing) expect(seen.filter((s) => s === id)).toHaveLength(1);
}

describe('GET /content by cursor', () => {
  it('pages the newest gallery with no repeats and no gaps while new items arrive', async () => {
    const tag = 'cursor-newest';
    const existing: string[] = [];
    const hidden: string[] = [];
    for (let i = 0; i < 23; i++) {
      existing.push(await insertItem({ tags: [tag], at: stamp(i) }));
      if (i % 5 === 0) hidden.push(await insertItem({ tags: [tag], at: stamp(i), isPrivate: true }));
      if (i % 7 === 0) hidden.push(await insertItem({ tags: [tag], at: stamp(i), status: 'processing' }));
    }
    const arrived: string[] = [];
    const seen = await readAll(`/content?tag=${tag}&pageSize=4`, async (n) => {
      // Newer work arrives at the front of the list, and some with the very time of the items
      // just shown, while the reader is on the next page.
      arrived.push(await insertItem({ tags: [tag], at: `2026-03-02T00:00:0${n % 10}.000000Z` }));
      arrived.push(await insertItem({ tags: [tag], at: stamp(0) }));
      hidden.push(await insertItem({ tags: [tag], isPrivate: true }));
    });
    expectEachOnce(seen, existing);
    for (const id of hidden) expect(seen).not.toContain(id);
    expect(seen.slice(0, existing.length).length).toBe(existing.length);

    // The same walk by page numbers shows the item pushed over a page edge twice: the reason for cursors.
    const byNumber: string[] = [];
    for (let n = 1; n <= 3; n++) {
      byNumber.push(...(await page(`/content?tag=${tag}&pageSize=4&page=${n}`)).data.map((c) => c.id));
      await insertItem({ tags: [tag], at: '2026-03-03T00:00:00.000000Z' });
    }
    expect(new Set(byNumber).size).toBeLessThan(byNumber.length);
  });

  it('keeps items a microsecond apart and items with the same time in order', async () => {
    const tag = 'cursor-micro';
    const ids = [
      await insertItem({ tags: [tag], at: '2026-04-01T10:00:00.000900Z' }),
      await insertItem({ tags: [tag], at: '2026-04-01T10:00:00.000500Z' }),
      await insertItem({ tags: [tag], at: '2026-04-01T10:00:00.000500Z' }),
      await insertItem({ tags: [tag], at: '2026-04-01T10:00:00.000499Z' }),
      await insertItem({ tags: [tag], at: '2026-04-01T10:00:00.000001Z' }),
    ];
    const seen = await readAll(`/content?tag=${tag}&pageSize=1`, async () => undefined);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(seen).toHaveLength(ids.length);
  });

  it('pages the popular gallery by (score, time, id) while new items arrive', async () => {
    const tag = 'cursor-popular';
    const existing: string[] = [];
    for (let i = 0; i < 17; i++) {
      existing.push(await insertItem({ tags: [tag], likeCount: i % 4, playCount: i % 3, at: stamp(i) }));
    }
    const hidden = [await insertItem({ tags: [tag], likeCount: 99, isPrivate: true })];
    const seen = await readAll(`/content?tag=${tag}&sort=popular&pageSize=3`, async (n) => {
      await insertItem({ tags: [tag], likeCount: 50 + n });
      await insertItem({ tags: [tag] });
      hidden.push(await insertItem({ tags: [tag], likeCount: 60, isPrivate: true }));
    });
    expectEachOnce(seen, existing);
    for (const id of hidden) expect(seen).not.toContain(id);
    const scores = (await page(`/content?tag=${tag}&sort=popular&pageSize=100`)).data.map((c) => c.likeCount + c.playCount);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('pages trending by its cursor too (an offset: its score moves every second)', async () => {
    const tag = 'cursor-trending';
    const existing: string[] = [];
    for (let i = 0; i < 7; i++) existing.push(await insertItem({ tags: [tag], at: stamp(i) }));
    const seen = await readAll(`/content?tag=${tag}&sort=trending&pageSize=3`, async () => undefined);
    expectEachOnce(seen, existing);
    expect(seen).toHaveLength(existing.length);
  });

  it('shows the owner their private pieces in their own gallery by cursor, and nobody else', async () => {
    const maker = await createUser(t.deps);
    const shown: string[] = [];
    const mine: string[] = [];
    for (let i = 0; i < 9; i++) {
      shown.push(await insertItem({ userId: maker.id, at: stamp(i) }));
      mine.push(await insertItem({ userId: maker.id, at: stamp(i), isPrivate: true }));
    }
    const unfinished = await insertItem({ userId: maker.id, status: 'queued', isPrivate: true });
    const asOwner = await readAll(`/content?owner=${maker.id}&pageSize=4`, async () => {
      await insertItem({ userId: maker.id, isPrivate: true });
    }, maker);
    expectEachOnce(asOwner, [...shown, ...mine]);
    expect(asOwner).not.toContain(unfinished);
    for (const who of [undefined, other, admin]) {
      const seen = await readAll(`/content?owner=${maker.id}&pageSize=4`, async () => undefined, who);
      expectEachOnce(seen, shown);
      for (const id of [...mine, unfinished]) expect(seen).not.toContain(id);
    }
    // The shared gallery shows nobody their private work, not even its owner.
    const gallery = await readAll('/content?pageSize=50', async () => undefined, maker);
    for (const id of [...mine, unfinished]) expect(gallery).not.toContain(id);
  });

  it('answers a bad cursor with a 400 that says what to do', async () => {
    const first = await page('/content?pageSize=2');
    expect(first.nextCursor).toEqual(expect.any(String));
    const forged = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'not a cursor!',
      'bm90IGpzb24',
      forged({ sort: 'newest', page: 2, at: 'yesterday', id: owner.id }),
      forged({ sort: 'newest', page: 2, at: '2026-01-01T00:00:00.000000Z', id: 'x' }),
      forged({ sort: 'newest', page: 2, at: '2026-01-01T00:00:00.000000Z', id: owner.id, extra: 1 }),
      forged({ sort: 'sideways', page: 2 }),
      'A'.repeat(2000),
    ]) {
      const res = await get(`/content?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/cursor/i);
    }
    const otherSort = await get(`/content?sort=popular&cursor=${first.nextCursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().message).toMatch(/another sort order/);
    expect((await get(`/content/search?q=cursor&cursor=${first.nextCursor}`)).statusCode).toBe(400);
  });

  it('gives the last page no next cursor, and page numbers still work', async () => {
    const tag = 'cursor-last';
    const ids = [
      await insertItem({ tags: [tag], at: '2026-03-04T00:00:00.000000Z' }),
      await insertItem({ tags: [tag], at: '2026-03-04T00:00:01.000000Z' }),
    ];
    const whole = await page(`/content?tag=${tag}&pageSize=2`);
    expect(whole.data.map((c) => c.id)).toEqual([ids[1], ids[0]]);
    expect(whole.nextCursor).toBeNull();
    const second = await page(`/content?tag=${tag}&pageSize=1&page=2`);
    expect(second.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.pagination).toMatchObject({ page: 2, total: 2, totalPages: 2 });
    expect(second.nextCursor).toBeNull();
  });
});

describe('GET /content/search by cursor', () => {
  it('pages search results best match first while matching items arrive', async () => {
    const existing: string[] = [];
    for (let i = 0; i < 10; i++) {
      existing.push(
        await insertItem({
          title: i % 3 === 0 ? 'Quokka quokka portrait' : `Study ${i}`,
          description: i % 3 === 0 ? null : 'a quokka in the grass',
          at: stamp(i),
        }),
      );
    }
    const hidden = [await insertItem({ title: 'Quokka secret', isPrivate: true })];
    const seen = await readAll('/content/search?q=quokka&pageSize=3', async () => {
      await insertItem({ title: 'Quokka quokka quokka', at: '2026-03-05T00:00:00.000000Z' });
      await insertItem({ description: 'another quokka' });
      hidden.push(await insertItem({ title: 'Quokka private', isPrivate: true }));
    });
    expectEachOnce(seen, existing);
    for (const id of hidden) expect(seen).not.toContain(id);
  });
});

describe('GET /category/:categoryId/content by cursor', () => {
  it('pages a category newest first with no repeats while new items arrive', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/category',
      headers: admin.headers,
      payload: { name: 'Cursor walk', isActive: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const categoryId = (created.json() as { data: { id: string } }).data.id;
    const existing: string[] = [];
    for (let i = 0; i < 8; i++) existing.push(await insertItem({ categoryId, at: stamp(i) }));
    const hidden = [await insertItem({ categoryId, isPrivate: true })];
    const seen = await readAll(`/category/${categoryId}/content?pageSize=3`, async () => {
      await insertItem({ categoryId });
      hidden.push(await insertItem({ categoryId, isPrivate: true }));
    });
    expectEachOnce(seen, existing);
    for (const id of hidden) expect(seen).not.toContain(id);
  });
});
