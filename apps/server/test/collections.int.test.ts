import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { content } from '../src/modules/content/content.schema.js';
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

const api = (path: string) => `/api/v1${path}`;
const as = (user?: TestUser) => user?.headers ?? {};

async function insertContent(ownerId: string, opts: { isPrivate?: boolean; thumb?: string } = {}) {
  const [row] = await t.deps.database.db
    .insert(content)
    .values({
      userId: ownerId,
      title: 'Lanterns',
      prompt: 'paper lanterns over a river',
      model: 'stable-diffusion-xl',
      contentType: 'illustration',
      status: 'ready',
      isPrivate: opts.isPrivate ?? false,
      seed: 2,
      cost: 5,
      thumbnailKey: opts.thumb ?? null,
    })
    .returning();
  return row!;
}

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: api('/collection'), headers: user.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; name: string; isPublic: boolean; itemCount: number; coverUrl: string | null };
}

const add = (user: TestUser | undefined, id: string, itemId: string) =>
  t.app.inject({ method: 'POST', url: api(`/collection/${id}/items`), headers: as(user), payload: { itemId, itemType: 'content' } });
const items = (user: TestUser | undefined, id: string) => t.app.inject({ method: 'GET', url: api(`/collection/${id}/items`), headers: as(user) });

describe('collections', () => {
  it('creates private collections by default and validates the name', async () => {
    const c = await create(owner, { name: '  Moodboard  ' });
    expect(c).toMatchObject({ name: 'Moodboard', isPublic: false, itemCount: 0, coverUrl: null, owner: { id: owner.id } });
    expect((await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'x'.repeat(101) } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: api('/collection'), payload: { name: 'anon' } })).statusCode).toBe(401);
  });

  it('authorization matrix: private collections are 404 to anonymous and other users, visible to owner and admin; changes are owner-only', async () => {
    const c = await create(owner, { name: 'Private one' });
    const item = await insertContent(owner.id);
    for (const viewer of [undefined, other]) {
      expect((await t.app.inject({ method: 'GET', url: api(`/collection/${c.id}`), headers: as(viewer) })).statusCode).toBe(404);
      expect((await items(viewer, c.id)).statusCode).toBe(404);
    }
    for (const viewer of [owner, admin]) {
      expect((await t.app.inject({ method: 'GET', url: api(`/collection/${c.id}`), headers: viewer.headers })).statusCode).toBe(200);
      expect((await items(viewer, c.id)).statusCode).toBe(200);
    }
    // Writes: anonymous 401, another user 404 (cannot even see it), admin 403, owner ok.
    const patch = (u?: TestUser) => t.app.inject({ method: 'PATCH', url: api(`/collection/${c.id}`), headers: as(u), payload: { name: 'Renamed' } });
    expect((await patch()).statusCode).toBe(401);
    expect((await patch(other)).statusCode).toBe(404);
    expect((await patch(admin)).statusCode).toBe(403);
    expect((await add(undefined, c.id, item.id)).statusCode).toBe(401);
    expect((await add(other, c.id, item.id)).statusCode).toBe(404);
    expect((await add(admin, c.id, item.id)).statusCode).toBe(403);
    const del = (u?: TestUser) => t.app.inject({ method: 'DELETE', url: api(`/collection/${c.id}`), headers: as(u) });
    expect((await del()).statusCode).toBe(401);
    expect((await del(other)).statusCode).toBe(404);
    expect((await del(admin)).statusCode).toBe(403);

    // Once public, others can read but still not write.
    const pub = await t.app.inject({ method: 'PATCH', url: api(`/collection/${c.id}`), headers: owner.headers, payload: { isPublic: true, name: 'Shared' } });
    expect(pub.json().data).toMatchObject({ isPublic: true, name: 'Shared' });
    expect((await t.app.inject({ method: 'GET', url: api(`/collection/${c.id}`) })).statusCode).toBe(200);
    expect((await patch(other)).statusCode).toBe(403);
    expect((await add(other, c.id, item.id)).statusCode).toBe(403);
    const removeOther = await t.app.inject({ method: 'DELETE', url: api(`/collection/${c.id}/items/${item.id}`), headers: other.headers });
    expect(removeOther.statusCode).toBe(403);

    expect((await del(owner)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api(`/collection/${c.id}`), headers: owner.headers })).statusCode).toBe(404);
  });

  it('adds items, refuses duplicates and invisible content, sets the cover and counts', async () => {
    const c = await create(owner, { name: 'Rivers', isPublic: true });
    const first = await insertContent(other.id, { thumb: 'content/x/thumb.webp' });
    const second = await insertContent(owner.id);
    const strangersPrivate = await insertContent(other.id, { isPrivate: true });
    expect((await add(owner, c.id, first.id)).statusCode).toBe(201);
    const dup = await add(owner, c.id, first.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This item is already in the collection');
    const hidden = await add(owner, c.id, strangersPrivate.id);
    expect(hidden.statusCode).toBe(404);
    const added = await add(owner, c.id, second.id);
    expect(added.json().data).toMatchObject({ itemCount: 2 });
    expect(added.json().data.coverUrl).toMatch(/content\/x\/thumb\.webp$/);

    const list = await items(undefined, c.id);
    expect(list.json().data.map((i: { itemId: string }) => i.itemId)).toEqual([second.id, first.id]);
    expect(list.json().data[0]).toMatchObject({ itemType: 'content', collectionId: c.id, item: { id: second.id, title: 'Lanterns' } });

    const removed = await t.app.inject({ method: 'DELETE', url: api(`/collection/${c.id}/items/${second.id}?itemType=content`), headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.itemCount).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: api(`/collection/${c.id}/items/${second.id}`), headers: owner.headers })).statusCode).toBe(404);
  });

  it('never leaks content that became private, or was deleted, through a public collection', async () => {
    const c = await create(owner, { name: 'Leaky?', isPublic: true });
    const theirs = await insertContent(other.id, { thumb: 'content/secret/thumb.webp' });
    const mine = await insertContent(owner.id, { isPrivate: true });
    await add(owner, c.id, theirs.id);
    await add(owner, c.id, mine.id);
    await t.deps.database.db.update(content).set({ isPrivate: true }).where(eq(content.id, theirs.id));

    const ownerView = await items(owner, c.id);
    expect(ownerView.json().data.map((i: { itemId: string }) => i.itemId)).toEqual([mine.id]);
    for (const viewer of [undefined, await createUser(t.deps)]) {
      const res = await items(viewer, c.id);
      expect(res.json().data).toEqual([]);
      expect(res.json().pagination.total).toBe(0);
      const one = await t.app.inject({ method: 'GET', url: api(`/collection/${c.id}`), headers: as(viewer) });
      expect(one.json().data).toMatchObject({ itemCount: 0, coverUrl: null });
    }
    const theirView = await items(other, c.id);
    expect(theirView.json().data.map((i: { itemId: string }) => i.itemId)).toEqual([theirs.id]);

    await t.deps.database.db.delete(content).where(eq(content.id, mine.id));
    expect((await items(owner, c.id)).json().data).toEqual([]);
  });

  it('lists your collections (with a contains flag) and only the public ones of others', async () => {
    const u = await createUser(t.deps);
    const a = await create(u, { name: 'A', isPublic: true });
    t.clock.advance(1000);
    const b = await create(u, { name: 'B' });
    const item = await insertContent(u.id);
    await add(u, b.id, item.id);
    const mine = await t.app.inject({ method: 'GET', url: api(`/collection?contains=${item.id}`), headers: u.headers });
    expect(mine.json().data.map((c: { id: string; containsItem: boolean }) => [c.id, c.containsItem])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const viaUsers = await t.app.inject({ method: 'GET', url: api('/users/collections?page=1&pageSize=1'), headers: u.headers });
    expect(viaUsers.json().pagination).toMatchObject({ total: 2, totalPages: 2, pageSize: 1 });
    for (const viewer of [undefined, other]) {
      const theirs = await t.app.inject({ method: 'GET', url: api(`/collection?userId=${u.id}`), headers: as(viewer) });
      expect(theirs.json().data.map((c: { id: string }) => c.id)).toEqual([a.id]);
    }
    expect((await t.app.inject({ method: 'GET', url: api('/collection') })).json().data).toEqual([]);
  });
});
