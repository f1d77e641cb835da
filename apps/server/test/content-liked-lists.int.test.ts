import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

/**
 * isLiked is per viewer: every list and detail that returns Content must say whether the caller
 * likes each item, not just the gallery.
 */
let t: TestContext;
let owner: TestUser;
let fan: TestUser;
let liked: string;
let notLiked: string;
let collectionId: string;

const api = (path: string) => `/api/v1${path}`;
const get = (path: string, who?: TestUser) => t.app.inject({ method: 'GET', url: api(path), headers: who?.headers ?? {} });

async function insertItem(title: string): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({ userId: owner.id, title, prompt: 'glass orchard at dawn', model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: 1, cost: 0 })
    .returning({ id: contentTable.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps);
  fan = await createUser(t.deps);
  liked = await insertItem('Glass orchard liked');
  notLiked = await insertItem('Glass orchard plain');
  for (const who of [fan, owner]) {
    expect((await t.app.inject({ method: 'POST', url: api(`/content/${liked}/like`), headers: who.headers })).statusCode).toBe(200);
  }
  const created = await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'Orchard', isPublic: true } });
  collectionId = created.json().data.id;
  for (const itemId of [liked, notLiked]) {
    await t.app.inject({ method: 'POST', url: api(`/collection/${collectionId}/items`), headers: owner.headers, payload: { itemId, itemType: 'content' } });
  }
});
afterAll(async () => t.close());

function likedFlags(items: Content[]): Record<string, boolean> {
  return Object.fromEntries(items.filter((c) => c.id === liked || c.id === notLiked).map((c) => [c.id, c.isLiked]));
}

describe('isLiked in every list', () => {
  const lists = (): Record<string, string> => ({
    'GET /content': '/content?pageSize=100',
    'GET /content/search': '/content/search?q=orchard&pageSize=100',
    'GET /users/:id/content': `/users/${owner.id}/content?pageSize=100`,
  });

  it.each(['GET /content', 'GET /content/search', 'GET /users/:id/content'])('%s: true only for the item the caller liked', async (name) => {
    const path = lists()[name]!;
    const seen = likedFlags((await get(path, fan)).json().data as Content[]);
    expect(seen, name).toEqual({ [liked]: true, [notLiked]: false });
    const anonymous = likedFlags((await get(path)).json().data as Content[]);
    expect(anonymous, name).toEqual({ [liked]: false, [notLiked]: false });
  });

  it('GET /users/content (your own) carries your likes', async () => {
    const seen = likedFlags((await get('/users/content?pageSize=100', owner)).json().data as Content[]);
    expect(seen).toEqual({ [liked]: true, [notLiked]: false });
  });

  it('GET /collection/:id/items carries the caller’s likes, not the collection owner’s', async () => {
    const flags = async (who?: TestUser) =>
      likedFlags(((await get(`/collection/${collectionId}/items?pageSize=100`, who)).json().data as { item: Content }[]).map((i) => i.item));
    expect(await flags(fan)).toEqual({ [liked]: true, [notLiked]: false });
    expect(await flags(owner)).toEqual({ [liked]: true, [notLiked]: false });
    expect(await flags(undefined)).toEqual({ [liked]: false, [notLiked]: false });
    const stranger = await createUser(t.deps);
    expect(await flags(stranger)).toEqual({ [liked]: false, [notLiked]: false });
  });

  it('GET and PUT /content/:id carry the caller’s like', async () => {
    expect((await get(`/content/${liked}`, fan)).json().data.isLiked).toBe(true);
    expect((await get(`/content/${notLiked}`, fan)).json().data.isLiked).toBe(false);
    expect((await get(`/content/${liked}`)).json().data.isLiked).toBe(false);
    const put = await t.app.inject({ method: 'PUT', url: api(`/content/${liked}`), headers: owner.headers, payload: { title: 'Glass orchard renamed' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.isLiked).toBe(true);
  });

  it('an unlike shows up in the lists at once', async () => {
    await t.app.inject({ method: 'DELETE', url: api(`/content/${liked}/like`), headers: fan.headers });
    const seen = likedFlags((await get(`/users/${owner.id}/content?pageSize=100`, fan)).json().data as Content[]);
    expect(seen).toEqual({ [liked]: false, [notLiked]: false });
  });
});
