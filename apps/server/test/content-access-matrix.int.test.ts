import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../src/modules/categories/categories.schema.js';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, pngBytes, type TestUser } from './factories.js';
import { readZip } from './zip-reader.js';

/**
 * One private item and one public item, and every route that can reach content, asked by each kind
 * of caller. Private content exists only for its owner (and, where the design says so, admins):
 * nobody else may see it, count it, find it or act on it, through any door.
 */
let t: TestContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let secret: string;
let open: string;
let categoryId: string;
let collectionId: string;

const WORD = 'zanzibarquill';
const api = (path: string) => `/api/v1${path}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function insertItem(fields: Partial<typeof contentTable.$inferInsert>): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({
      userId: owner.id,
      title: `${WORD} piece`,
      prompt: `${WORD} over the bay`,
      model: 'stable-diffusion-xl',
      contentType: 'photo',
      status: 'ready',
      seed: 7,
      cost: 0,
      categoryId,
      tags: [WORD],
      ...fields,
    })
    .returning({ id: contentTable.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps);
  other = await createUser(t.deps);
  admin = await createUser(t.deps, { role: 'admin' });
  const [category] = await t.deps.database.db.insert(categories).values({ name: 'Bays', slug: `bays-${Date.now()}` }).returning();
  categoryId = category!.id;
  secret = await insertItem({ isPrivate: true, thumbnailKey: 'content/secret/thumbnail.webp' });
  open = await insertItem({ isPrivate: false });
  await t.deps.storage.put(`content/${secret}/original.png`, await pngBytes(), 'image/png');
  const collection = await call('POST', '/collection', owner, { name: 'Public shelf', isPublic: true });
  collectionId = collection.json().data.id;
  for (const itemId of [secret, open]) {
    expect((await call('POST', `/collection/${collectionId}/items`, owner, { itemId, itemType: 'content' })).statusCode).toBe(201);
  }
});
afterAll(async () => t.close());

type Who = 'anonymous' | 'other' | 'admin' | 'owner';
const viewer = (who: Who): TestUser | undefined => ({ anonymous: undefined, other, admin, owner })[who];
const everyone: Who[] = ['anonymous', 'other', 'admin', 'owner'];

describe('acting on one private item', () => {
  // Expected status per caller; 404 (not 403) where the caller must not learn the item exists.
  const matrix: [string, Method, (id: string) => string, object | undefined, Record<Who, number>][] = [
    ['read', 'GET', (id) => `/content/${id}`, undefined, { anonymous: 404, other: 404, admin: 200, owner: 200 }],
    ['edit', 'PUT', (id) => `/content/${id}`, { title: 'Renamed' }, { anonymous: 401, other: 404, admin: 403, owner: 200 }],
    ['list comments', 'GET', (id) => `/content/${id}/comments`, undefined, { anonymous: 404, other: 404, admin: 200, owner: 200 }],
    ['comment', 'POST', (id) => `/content/${id}/comments`, { content: 'Lovely' }, { anonymous: 401, other: 404, admin: 201, owner: 201 }],
    ['like', 'POST', (id) => `/content/${id}/like`, undefined, { anonymous: 401, other: 404, admin: 200, owner: 200 }],
    ['unlike', 'DELETE', (id) => `/content/${id}/like`, undefined, { anonymous: 401, other: 404, admin: 200, owner: 200 }],
    ['play', 'POST', (id) => `/content/${id}/play`, undefined, { anonymous: 404, other: 404, admin: 200, owner: 200 }],
  ];

  it.each(matrix)('%s: %s', async (_name, method, path, payload, expected) => {
    const seen: Record<string, number> = {};
    for (const who of everyone) seen[who] = (await call(method, path(secret), viewer(who), payload)).statusCode;
    expect(seen).toEqual(expected);
  });

  it('a public item is readable, playable and commentable by everyone signed in, but only its owner edits it', async () => {
    for (const who of everyone) {
      expect((await call('GET', `/content/${open}`, viewer(who))).statusCode).toBe(200);
      expect((await call('POST', `/content/${open}/play`, viewer(who))).statusCode).toBe(200);
    }
    expect((await call('POST', `/content/${open}/comments`, other, { content: 'Nice' })).statusCode).toBe(201);
    expect((await call('PUT', `/content/${open}`, other, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/content/${open}`, admin, { title: 'Mine' })).statusCode).toBe(403);
  });

  it('only the owner or an admin deletes, and a stranger cannot tell a private item exists', async () => {
    const doomed = await insertItem({ isPrivate: true });
    expect((await call('DELETE', `/content/${doomed}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/content/${doomed}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/content/${doomed}`, owner)).statusCode).toBe(200);
    const publicOne = await insertItem({});
    expect((await call('DELETE', `/content/${publicOne}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/content/${publicOne}`, admin)).statusCode).toBe(200);
  });

  it('nobody else can put it in their collection', async () => {
    const theirs = await call('POST', '/collection', other, { name: 'Grab bag' });
    const res = await call('POST', `/collection/${theirs.json().data.id}/items`, other, { itemId: secret, itemType: 'content' });
    expect(res.statusCode).toBe(404);
  });
});

describe('private content never leaks through a list, search, count or collection', () => {
  const ids = (body: { data: { id: string }[] }) => body.data.map((c) => c.id);
  const lists = (): [string, string][] => [
    ['gallery', '/content?pageSize=100'],
    ['gallery, popular', '/content?sort=popular&pageSize=100'],
    ['gallery, trending', '/content?sort=trending&pageSize=100'],
    ['gallery by owner id', `/content?owner=${owner.id}&pageSize=100`],
    ['gallery by owner name', `/content?owner=${owner.username}&pageSize=100`],
    ['gallery by tag', `/content?tag=${WORD}&pageSize=100`],
    ['gallery by text', `/content?q=${WORD}&pageSize=100`],
    ['search', `/content/search?q=${WORD}&pageSize=100`],
    ['category content', `/category/${categoryId}/content?pageSize=100`],
    ["a user's content", `/users/${owner.id}/content?pageSize=100`],
  ];

  it.each(['anonymous', 'other', 'admin'] as Who[])('%s never finds it in a content list', async (who) => {
    for (const [name, path] of lists()) {
      const res = await call('GET', path, viewer(who));
      expect(res.statusCode, name).toBe(200);
      expect(ids(res.json()), name).toContain(open);
      expect(ids(res.json()), name).not.toContain(secret);
      expect(res.json().pagination.total, name).toBe(ids(res.json()).length);
    }
  });

  it('the owner finds it in their own lists only', async () => {
    for (const path of [`/content?owner=${owner.id}&pageSize=100`, `/users/${owner.id}/content?pageSize=100`, '/users/content?pageSize=100']) {
      expect(ids((await call('GET', path, owner)).json()), path).toContain(secret);
    }
    for (const path of ['/content?pageSize=100', `/content/search?q=${WORD}&pageSize=100`, `/category/${categoryId}/content?pageSize=100`]) {
      expect(ids((await call('GET', path, owner)).json()), path).not.toContain(secret);
    }
  });

  it('is not counted in profile and category numbers others see', async () => {
    for (const who of ['anonymous', 'other', 'admin'] as Who[]) {
      expect((await call('GET', `/users/profile/${owner.username}`, viewer(who))).json().data.stats.content, who).toBe(1);
    }
    expect((await call('GET', `/users/profile/${owner.username}`, owner)).json().data.stats.content).toBeGreaterThanOrEqual(2);
    expect((await call('GET', `/category/${categoryId}`)).json().data.contentCount).toBe(1);
  });

  it('a public collection hides it from others (items, count and cover), shows it to its owner and admins', async () => {
    for (const who of ['anonymous', 'other'] as Who[]) {
      const items = (await call('GET', `/collection/${collectionId}/items?pageSize=100`, viewer(who))).json();
      expect(items.data.map((i: { itemId: string }) => i.itemId), who).toEqual([open]);
      expect(items.pagination.total, who).toBe(1);
      const one = (await call('GET', `/collection/${collectionId}`, viewer(who))).json().data;
      expect(one, who).toMatchObject({ itemCount: 1, coverUrl: null });
      const listed = (await call('GET', `/collection?userId=${owner.id}`, viewer(who))).json().data;
      expect(listed.find((c: { id: string }) => c.id === collectionId), who).toMatchObject({ itemCount: 1, coverUrl: null });
    }
    for (const who of ['owner', 'admin'] as Who[]) {
      const items = (await call('GET', `/collection/${collectionId}/items?pageSize=100`, viewer(who))).json();
      expect(items.data.map((i: { itemId: string }) => i.itemId).sort(), who).toEqual([secret, open].sort());
    }
  });

  it('the archive of anyone else never holds it', async () => {
    const archived = async (who: TestUser) => {
      const res = await call('GET', '/users/content/archive', who);
      expect(res.statusCode).toBe(200);
      const files = readZip(res.rawPayload);
      const index = JSON.parse(files.get('index.json')!.toString('utf8')) as { items: { id: string }[] };
      return { ids: index.items.map((i) => i.id), names: [...files.keys()].join('\n') };
    };
    for (const who of [other, admin]) {
      const seen = await archived(who);
      expect(seen.ids).not.toContain(secret);
      expect(seen.names).not.toContain(secret.slice(0, 8));
    }
    expect((await archived(owner)).ids).toContain(secret);
  });
});
