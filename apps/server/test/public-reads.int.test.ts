import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, writeBehind, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

/**
 * Public reads (issue 30): a visitor's first pages carry a strong ETag and are served from the
 * in-process cache; every write that changes what they show is seen by the very next read.
 */
let t: TestContext;
let owner: TestUser;
let fan: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps);
  fan = await createUser(t.deps);
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const visit = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: api(path), headers });
const act = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who.headers, ...(payload ? { payload } : {}) });

let seq = 0;
/**
 * An item written behind the app's back, as the worker writes a finished one: its change reaches the
 * cache only through the database's notification (the triggers), which this waits for.
 */
async function insertItem(fields: Partial<typeof contentTable.$inferInsert> = {}): Promise<string> {
  seq += 1;
  const [row] = await writeBehind(t, () =>
    t.deps.database.db
      .insert(contentTable)
      .values({
        userId: owner.id,
        title: `Cached ${seq}`,
        prompt: 'plain words',
        model: 'stable-diffusion-xl',
        contentType: 'photo',
        status: 'ready',
        seed: seq,
        cost: 0,
        ...fields,
      })
      .returning({ id: contentTable.id }),
  );
  return row!.id;
}

const ids = (body: { data: Content[] }) => body.data.map((c) => c.id);

describe('conditional requests', () => {
  it('a visitor gets a strong ETag, public must-revalidate, and a 304 for the same bytes', async () => {
    await insertItem();
    const first = await visit('/content');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await visit('/content', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await visit('/content', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('a signed-in reader gets a private validator (their isLiked is in the reply)', async () => {
    const res = await visit('/content', fan.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await visit('/content', { ...fan.headers, 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('the config carries an ETag too', async () => {
    const res = await visit('/config');
    expect(res.headers.etag).toBeDefined();
    expect((await visit('/config', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('a second page is not cached but still validated', async () => {
    const res = await visit('/content?page=2&pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
  });
});

describe('the cache never serves a reply older than the last write', () => {
  it('serves a visitor the second read from the cache', async () => {
    const stats = t.deps.publicReads!.stats;
    const first = await visit('/content?sort=newest&pageSize=7');
    const hits = stats.hits;
    const second = await visit('/content?sort=newest&pageSize=7');
    expect(stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // A signed-in reader's page is the visitor's with their own fields merged (public-reads-viewer.int.test.ts).
    const merged = stats.merged;
    await visit('/content?sort=newest&pageSize=7', fan.headers);
    expect(stats.hits).toBe(hits + 1);
    expect(stats.merged).toBe(merged + 1);
  });

  it('a new public item (an upload, a generation finishing) shows in the gallery and its category', async () => {
    const before = await visit('/content');
    const id = await insertItem({ title: 'Fresh upload' });
    const after = await visit('/content', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(ids(after.json())).toContain(id);
  });

  it('a like and an unlike change the count a visitor sees at once', async () => {
    const id = await insertItem();
    expect((await visit(`/content/${id}`)).json().data.likeCount).toBe(0);
    await visit('/content?sort=popular');
    expect((await act('POST', `/content/${id}/like`, fan)).statusCode).toBe(200);
    expect((await visit(`/content/${id}`)).json().data.likeCount).toBe(1);
    const popular = (await visit('/content?sort=popular')).json() as { data: Content[] };
    expect(popular.data.find((c) => c.id === id)?.likeCount).toBe(1);
    expect((await act('DELETE', `/content/${id}/like`, fan)).statusCode).toBe(200);
    expect((await visit(`/content/${id}`)).json().data.likeCount).toBe(0);
  });

  it('a comment changes the count; its deletion changes it back', async () => {
    const id = await insertItem();
    expect((await visit(`/content/${id}`)).json().data.commentCount).toBe(0);
    const added = await act('POST', `/content/${id}/comments`, fan, { content: 'Lovely light' });
    expect(added.statusCode).toBe(201);
    expect((await visit(`/content/${id}`)).json().data.commentCount).toBe(1);
    const commentId = added.json().data.id as string;
    expect((await act('DELETE', `/content/${id}/comments/${commentId}`, fan)).statusCode).toBe(200);
    expect((await visit(`/content/${id}`)).json().data.commentCount).toBe(0);
  });

  it('making an item private takes it out of the gallery, the item and the profile', async () => {
    const id = await insertItem({ title: 'Soon private' });
    expect(ids((await visit('/content')).json())).toContain(id);
    expect((await visit(`/content/${id}`)).statusCode).toBe(200);
    expect(ids((await visit(`/users/${owner.id}/content`)).json())).toContain(id);
    expect((await act('PUT', `/content/${id}`, owner, { isPrivate: true })).statusCode).toBe(200);
    expect(ids((await visit('/content')).json())).not.toContain(id);
    expect((await visit(`/content/${id}`)).statusCode).toBe(404);
    expect(ids((await visit(`/users/${owner.id}/content`)).json())).not.toContain(id);
  });

  it('a deleted item is gone from the next read', async () => {
    const id = await insertItem({ title: 'Soon gone' });
    expect((await visit(`/content/${id}`)).statusCode).toBe(200);
    expect(ids((await visit('/content')).json())).toContain(id);
    expect((await act('DELETE', `/content/${id}`, owner)).statusCode).toBe(200);
    expect((await visit(`/content/${id}`)).statusCode).toBe(404);
    expect(ids((await visit('/content')).json())).not.toContain(id);
  });

  it('a profile edit shows on the profile and on the items', async () => {
    const id = await insertItem();
    expect((await visit(`/users/profile/${owner.username}`)).statusCode).toBe(200);
    await visit(`/content/${id}`);
    const res = await act('PATCH', '/users/profile', owner, { fullName: 'Renamed Maker' });
    expect(res.statusCode).toBe(200);
    expect((await visit(`/users/profile/${owner.username}`)).json().data.user.fullName).toBe('Renamed Maker');
    expect((await visit(`/content/${id}`)).json().data.owner.fullName).toBe('Renamed Maker');
  });

  it('a follow changes the follower count on the profile', async () => {
    const before = (await visit(`/users/profile/${owner.username}`)).json().data.stats.followers as number;
    expect((await act('POST', `/users/follow/${owner.id}`, fan)).statusCode).toBe(200);
    expect((await visit(`/users/profile/${owner.username}`)).json().data.stats.followers).toBe(before + 1);
    expect((await act('DELETE', `/users/follow/${owner.id}`, fan)).statusCode).toBe(200);
    expect((await visit(`/users/profile/${owner.username}`)).json().data.stats.followers).toBe(before);
  });

  it("a moderator's hide takes the item out of the next read", async () => {
    const id = await insertItem({ title: 'Soon hidden' });
    expect((await visit(`/content/${id}`)).statusCode).toBe(200);
    expect(ids((await visit('/content')).json())).toContain(id);
    expect(
      (await act('POST', '/reports', fan, { targetType: 'content', targetId: id, reason: 'spam' })).statusCode,
    ).toBe(201);
    const open = await visit('/admin/reports?status=open&pageSize=100', admin.headers);
    const group = (open.json().data as { targetId: string; reports: { id: string }[] }[]).find(
      (g) => g.targetId === id,
    )!;
    expect((await act('PATCH', `/admin/reports/${group.reports[0]!.id}`, admin, { action: 'hide' })).statusCode).toBe(
      200,
    );
    expect((await visit(`/content/${id}`)).statusCode).toBe(404);
    expect(ids((await visit('/content')).json())).not.toContain(id);
  });

  it("an admin's mature rating takes the item out of visitors' next read", async () => {
    const id = await insertItem({ title: 'Soon mature' });
    expect(ids((await visit('/content')).json())).toContain(id);
    expect((await act('PUT', `/admin/content/${id}/rating`, admin, { rating: 'mature' })).statusCode).toBe(200);
    expect(ids((await visit('/content')).json())).not.toContain(id);
  });

  it('a fill that raced an invalidation is not kept', () => {
    const cache = t.deps.publicReads!;
    const generation = cache.generation;
    cache.invalidateLocal();
    cache.fill('raced', '{"old":true}', generation);
    expect(cache.get('raced')).toBeUndefined();
    cache.fill('raced', '{"new":true}', cache.generation);
    expect(cache.get('raced')?.body).toBe('{"new":true}');
  });
});
