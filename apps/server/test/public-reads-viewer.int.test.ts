import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { categories } from '../src/modules/categories/categories.schema.js';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, writeBehind, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

/**
 * Signed-in readers from the public-read cache (issue 30, DESIGN.md §12): when a reader's page holds
 * the visitor's rows, it is the visitor's cached reply with their own fields (isLiked, isFollowing)
 * merged in, byte for byte what the full query answers them; when it holds other rows (a block, mature
 * content opted into, their own items, an admin), the full query runs.
 */
let t: TestContext;
let owner: TestUser;
let reader: TestUser;
let categoryId: string;
let word: string;
const items: string[] = [];

const api = (path: string) => `/api/v1${path}`;
const read = (path: string, who: TestUser | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: api(path), headers: { ...(who?.headers ?? {}), ...headers } });
const act = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who.headers, ...(payload ? { payload } : {}) });
const stats = () => t.deps.publicReads!.stats;

let seq = 0;
async function insertItem(by: TestUser, fields: Partial<typeof contentTable.$inferInsert> = {}): Promise<string> {
  seq += 1;
  // A private item changes no public read: nothing is announced to wait for.
  const write = (fn: () => Promise<{ id: string }[]>) => (fields.isPrivate ? fn() : writeBehind(t, fn));
  const [row] = await write(() =>
    t.deps.database.db
      .insert(contentTable)
      .values({
        userId: by.id,
        title: `${word} ${seq}`,
        prompt: 'plain words',
        model: 'stable-diffusion-xl',
        contentType: 'photo',
        status: 'ready',
        seed: seq,
        cost: 0,
        categoryId,
        ...fields,
      })
      .returning({ id: contentTable.id }),
  );
  return row!.id;
}

/** What the full query answers `who`: read with the cache emptied, so the handler runs. */
async function fullQuery(path: string, who: TestUser) {
  t.deps.publicReads!.invalidateLocal();
  const res = await read(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A visitor fills the cache, then `who` reads the same page: served merged, or by the full query. */
async function afterVisitor(path: string, who: TestUser) {
  expect((await read(path, null)).statusCode).toBe(200);
  const merged = stats().merged;
  const res = await read(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return { res, wasMerged: stats().merged === merged + 1 };
}

const ids = (body: { data: Content[] }) => body.data.map((c) => c.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps);
  reader = await createUser(t.deps);
  word = `lantern${Date.now().toString(36)}`;
  const [category] = await t.deps.database.db.insert(categories).values({ name: 'Lanterns', slug: `lanterns-${Date.now()}` }).returning();
  categoryId = category!.id;
  for (let i = 0; i < 3; i += 1) items.push(await insertItem(owner));
  expect((await act('POST', `/content/${items[1]}/like`, reader)).statusCode).toBe(200);
  expect((await act('POST', `/users/follow/${owner.id}`, reader)).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('a signed-in reader whose page is the visitor’s', () => {
  const pages = () => [
    '/content',
    '/content?sort=popular',
    `/content/search?q=${word}`,
    `/category/${categoryId}/content`,
    `/content/${items[1]}`,
    `/content/${items[0]}`,
    `/users/${owner.id}/content`,
    `/users/profile/${owner.username}`,
    '/categories',
    '/config',
  ];

  it('gets the full query’s bytes from the cache, their likes and follows merged in', async () => {
    for (const path of pages()) {
      const full = await fullQuery(path, reader);
      const { res, wasMerged } = await afterVisitor(path, reader);
      expect(wasMerged, path).toBe(true);
      expect(res.body, path).toBe(full.body);
      expect(res.headers.etag, path).toBe(full.headers.etag);
      expect(res.headers['cache-control'], path).toBe('private, max-age=0, must-revalidate');
      // The ETag is that of the merged bytes: a client holding them gets a 304.
      const again = await read(path, reader, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode, path).toBe(304);
    }
    const gallery = (await afterVisitor('/content', reader)).res.json() as { data: Content[] };
    expect(gallery.data.find((c) => c.id === items[1])?.isLiked).toBe(true);
    expect(gallery.data.find((c) => c.id === items[0])?.isLiked).toBe(false);
    expect((await afterVisitor(`/users/profile/${owner.username}`, reader)).res.json().data.isFollowing).toBe(true);
    // The visitor's page itself never holds anyone's likes.
    const visitor = (await read('/content', null)).json() as { data: Content[] };
    expect(visitor.data.every((c) => !c.isLiked)).toBe(true);
  });

  it('sees a like and an unlike in the very next read', async () => {
    const id = items[2]!;
    for (const liked of [true, false, true]) {
      expect((await act(liked ? 'POST' : 'DELETE', `/content/${id}/like`, reader)).statusCode).toBe(200);
      for (const path of ['/content', `/content/${id}`]) {
        const { res, wasMerged } = await afterVisitor(path, reader);
        expect(wasMerged, path).toBe(true);
        const body = res.json() as { data: Content[] | Content };
        const item = Array.isArray(body.data) ? body.data.find((c) => c.id === id) : body.data;
        expect(item?.isLiked, path).toBe(liked);
        expect(item?.likeCount, path).toBe(liked ? 1 : 0);
      }
    }
  });

  it('sees a follow and an unfollow on the profile in the very next read', async () => {
    const other = await createUser(t.deps);
    const path = `/users/profile/${other.username}`;
    expect((await afterVisitor(path, reader)).res.json().data.isFollowing).toBe(false);
    expect((await act('POST', `/users/follow/${other.id}`, reader)).statusCode).toBe(200);
    expect((await afterVisitor(path, reader)).res.json().data.isFollowing).toBe(true);
    expect((await act('DELETE', `/users/follow/${other.id}`, reader)).statusCode).toBe(200);
    expect((await afterVisitor(path, reader)).res.json().data.isFollowing).toBe(false);
  });
});

describe('a signed-in reader whose page holds other rows gets the full query', () => {
  it('with a block, made or suffered, from the very next read on', async () => {
    const blocker = await createUser(t.deps);
    const blocked = await createUser(t.deps);
    const theirs = await insertItem(blocked);
    expect((await afterVisitor('/content', blocker)).wasMerged).toBe(true);
    expect((await act('POST', `/users/block/${blocked.id}`, blocker)).statusCode).toBe(200);
    for (const path of ['/content', `/content/search?q=${word}`, `/category/${categoryId}/content`, `/users/${blocked.id}/content`]) {
      const { res, wasMerged } = await afterVisitor(path, blocker);
      expect(wasMerged, path).toBe(false);
      expect(ids(res.json()), path).not.toContain(theirs);
      expect(ids((await read(path, null)).json()), path).toContain(theirs);
      expect(res.body, path).toBe((await fullQuery(path, blocker)).body);
    }
    // The person under the block reads through the full query too.
    expect((await afterVisitor('/content', blocked)).wasMerged).toBe(false);
    expect((await act('DELETE', `/users/block/${blocked.id}`, blocker)).statusCode).toBe(200);
    const after = await afterVisitor('/content', blocker);
    expect(after.wasMerged).toBe(true);
    expect(ids(after.res.json())).toContain(theirs);
  });

  it('with showMature on, from the very next read on', async () => {
    const adult = await createUser(t.deps);
    const mature = await insertItem(owner, { rating: 'mature' });
    expect((await afterVisitor(`/content/${mature}`, adult)).wasMerged).toBe(true);
    expect((await act('PATCH', '/users/settings', adult, { showMature: true })).statusCode).toBe(200);
    for (const path of ['/content', `/category/${categoryId}/content`, `/users/${owner.id}/content`, `/content/${mature}`, `/users/profile/${owner.username}`]) {
      const { res, wasMerged } = await afterVisitor(path, adult);
      expect(wasMerged, path).toBe(false);
      expect(res.body, path).toBe((await fullQuery(path, adult)).body);
    }
    const gallery = (await afterVisitor('/content', adult)).res.json() as { data: Content[] };
    expect(ids(gallery)).toContain(mature);
    expect(ids((await read('/content', null)).json())).not.toContain(mature);
    expect((await afterVisitor(`/content/${mature}`, adult)).res.json().data.isMatureGated).toBeFalsy();
    expect((await read(`/content/${mature}`, null)).json().data.isMatureGated).toBe(true);
  });

  it('on their own profile, items and gallery, where their private items show', async () => {
    const hidden = await insertItem(owner, { isPrivate: true });
    for (const path of [`/users/${owner.id}/content`, `/users/${owner.id.toUpperCase()}/content`, `/content?owner=${owner.id}`, `/content?owner=${owner.username}`]) {
      const { res, wasMerged } = await afterVisitor(path, owner);
      expect(wasMerged, path).toBe(false);
      expect(ids(res.json()), path).toContain(hidden);
      expect(ids((await read(path, null)).json()), path).not.toContain(hidden);
    }
    const profile = await afterVisitor(`/users/profile/${owner.username}`, owner);
    expect(profile.wasMerged).toBe(false);
    expect(profile.res.json().data.user.isSelf).toBe(true);
    expect(profile.res.json().data.user.email).toBe(owner.email);
    // Their own item carries its receipt.
    const own = await afterVisitor(`/content/${items[0]}`, owner);
    expect(own.wasMerged).toBe(false);
    expect(own.res.json().data.charged).toBeDefined();
    expect((await read(`/content/${items[0]}`, null)).json().data.charged).toBeUndefined();
  });

  it('as an admin', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    for (const path of ['/content', `/content/${items[0]}`, `/users/profile/${owner.username}`, '/categories']) {
      const { res, wasMerged } = await afterVisitor(path, admin);
      expect(wasMerged, path).toBe(false);
      expect(res.body, path).toBe((await fullQuery(path, admin)).body);
    }
  });
});
