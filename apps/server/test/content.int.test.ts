import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { runGeneration } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps, { credits: 200 });
  stranger = await createUser(t.deps, { credits: 10 });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

async function makeItem(opts: { isPrivate?: boolean; ready?: boolean } = {}): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: owner.headers,
    payload: { contentType: 'illustration', prompt: 'A fox reading under a mushroom', model: 'stable-diffusion-xl', isPrivate: opts.isPrivate ?? false },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as string;
  if (opts.ready !== false) await runGeneration(generationDeps(t.deps), id);
  return (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: owner.headers })).json().data;
}

const get = (id: string, user?: TestUser) => t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user?.headers ?? {} });

async function balanceOf(user: TestUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
}

describe('GET /content/:id', () => {
  it('shows public content to anyone, signed in or not', async () => {
    const item = await makeItem();
    const anonymous = await get(item.id);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ id: item.id, status: 'ready', isLiked: false, owner: { id: owner.id, username: owner.username } });
    expect((await get(item.id, stranger)).statusCode).toBe(200);
  });

  it('hides private content from everyone but its owner and admins', async () => {
    const item = await makeItem({ isPrivate: true });
    for (const viewer of [undefined, stranger]) {
      const res = await get(item.id, viewer);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Content not found');
    }
    expect((await get(item.id, owner)).statusCode).toBe(200);
    expect((await get(item.id, admin)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('not-an-id')).statusCode).toBe(400);
  });
});

describe('PUT /content/:id', () => {
  it('lets the owner rename, describe and hide their content', async () => {
    const item = await makeItem();
    const res = await t.app.inject({
      method: 'PUT',
      url: api(`/content/${item.id}`),
      headers: owner.headers,
      payload: { title: '  The reading fox ', description: 'For the nursery wall', isPrivate: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: item.id, title: 'The reading fox', description: 'For the nursery wall', isPrivate: true });
    expect((await get(item.id)).statusCode).toBe(404);

    const cleared = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: owner.headers, payload: { description: '' } });
    expect(cleared.json().data).toMatchObject({ title: 'The reading fox', description: null });
  });

  it('refuses other users and bad values', async () => {
    const item = await makeItem();
    const theirs = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: stranger.headers, payload: { title: 'Mine now' } });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('You can only edit your own content');
    const anonymous = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), payload: { title: 'x' } });
    expect(anonymous.statusCode).toBe(401);

    const cases: [object, string][] = [
      [{ title: '   ' }, 'Title cannot be empty'],
      [{ title: 't'.repeat(101) }, 'Title must be at most 100 characters'],
      [{ description: 'd'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: owner.headers, payload });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    const unknownField = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: owner.headers, payload: { likeCount: 1000 } });
    expect(unknownField.statusCode).toBe(400);
    expect((await get(item.id)).json().data).toMatchObject({ title: item.title, likeCount: 0 });
  });
});

describe('DELETE /content/:id', () => {
  it('lets the owner delete their content and its files', async () => {
    const item = await makeItem();
    expect((await t.app.inject({ method: 'GET', url: item.mediaUrl! })).statusCode).toBe(200);

    const theirs = await t.app.inject({ method: 'DELETE', url: api(`/content/${item.id}`), headers: stranger.headers });
    expect(theirs.statusCode).toBe(403);

    const res = await t.app.inject({ method: 'DELETE', url: api(`/content/${item.id}`), headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Content deleted' });
    expect((await get(item.id, owner)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: item.mediaUrl! })).statusCode).toBe(404);
    expect(await t.deps.storage.get(`content/${item.id}/original.png`)).toBeNull();
  });

  it('lets an admin delete anyone’s content, even private', async () => {
    const item = await makeItem({ isPrivate: true });
    const res = await t.app.inject({ method: 'DELETE', url: api(`/content/${item.id}`), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await get(item.id, owner)).statusCode).toBe(404);
  });

  it('refunds an item deleted before it was ready, and the worker then skips it', async () => {
    const before = await balanceOf(owner);
    const item = await makeItem({ ready: false });
    expect(await balanceOf(owner)).toBe(before - 5);
    const res = await t.app.inject({ method: 'DELETE', url: api(`/content/${item.id}`), headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(owner)).toBe(before);
    await runGeneration(generationDeps(t.deps), item.id);
    expect(await t.deps.storage.get(`content/${item.id}/original.png`)).toBeNull();
    const history = (await t.app.inject({ method: 'GET', url: api('/credits/history?pageSize=2'), headers: owner.headers })).json().data;
    expect(history.map((e: { kind: string; contentId: string }) => [e.kind, e.contentId])).toEqual([
      ['refund', item.id],
      ['generation_charge', item.id],
    ]);
  });
});
