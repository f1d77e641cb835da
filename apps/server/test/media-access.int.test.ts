import sharp from 'sharp';
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
  owner = await createUser(t.deps, { credits: 500 });
  stranger = await createUser(t.deps);
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const fetchMedia = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const bare = (url: string) => url.split('?')[0] as string;

async function makeItem(isPrivate: boolean): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: owner.headers,
    payload: { contentType: 'illustration', prompt: 'A lighthouse in fog', model: 'stable-diffusion-xl', isPrivate },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as string;
  await runGeneration(generationDeps(t.deps), id);
  return view(id, owner);
}

async function view(id: string, user: TestUser): Promise<Content> {
  const res = await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const filesOf = (c: Content) => [c.mediaUrl, c.previewUrl, c.thumbnailUrl].filter((u): u is string => Boolean(u));

describe('public media', () => {
  it('is served to anyone, kept a year by browsers and five minutes by shared caches, with the sandbox CSP', async () => {
    const item = await makeItem(false);
    const files = filesOf(item);
    expect(files.length).toBe(3);
    for (const url of files) {
      expect(url).not.toContain('?');
      const res = await fetchMedia(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=300, immutable');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('stops for visitors while moderation hides the item or its owner is suspended, and signs links for the owner', async () => {
    const item = await makeItem(false);
    const files = filesOf(item);
    const servedToVisitors = async () => Promise.all(files.map(async (url) => (await fetchMedia(bare(url))).statusCode));
    expect(await servedToVisitors()).toEqual([200, 200, 200]);

    await t.deps.database.query('UPDATE content SET hidden_at = now() WHERE id = $1', [item.id]);
    expect(await servedToVisitors()).toEqual([404, 404, 404]);
    const mine = filesOf(await view(item.id, owner));
    for (const url of mine) {
      expect(url).toContain('?');
      expect((await fetchMedia(url)).statusCode).toBe(200);
    }
    await t.deps.database.query('UPDATE content SET hidden_at = NULL WHERE id = $1', [item.id]);
    expect(await servedToVisitors()).toEqual([200, 200, 200]);

    await t.deps.database.query('UPDATE users SET suspended_at = now() WHERE id = $1', [owner.id]);
    try {
      expect(await servedToVisitors()).toEqual([404, 404, 404]);
    } finally {
      await t.deps.database.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [owner.id]);
    }
    expect(await servedToVisitors()).toEqual([200, 200, 200]);
  });

  it('stops at once when the item is made private, and comes back when it is public again', async () => {
    const item = await makeItem(false);
    expect((await fetchMedia(item.mediaUrl!)).statusCode).toBe(200);
    const hidden = await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: owner.headers, payload: { isPrivate: true } });
    expect(hidden.statusCode).toBe(200);
    for (const url of filesOf(item)) {
      expect((await fetchMedia(url)).statusCode).toBe(404);
      expect((await fetchMedia(url, owner)).statusCode).toBe(404);
    }
    // The reply to the change already carries links that work for the owner.
    const signed = hidden.json().data as Content;
    expect(signed.mediaUrl).toMatch(/\?exp=\d+&sig=/);
    expect((await fetchMedia(signed.mediaUrl!)).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: api(`/content/${item.id}`), headers: owner.headers, payload: { isPrivate: false } });
    expect((await fetchMedia(item.mediaUrl!)).statusCode).toBe(200);
  });
});

describe('mature media', () => {
  const allFilesOf = (c: Content) => [c.mediaUrl, c.previewUrl, c.thumbnailUrl, c.tileUrl, c.posterUrl].filter((u): u is string => Boolean(u));
  const rate = async (id: string, rating: 'general' | 'mature') => {
    const res = await t.app.inject({ method: 'PUT', url: api(`/content/${id}`), headers: owner.headers, payload: { rating } });
    expect(res.statusCode).toBe(200);
    return res.json().data as Content;
  };
  const open = async (id: string, user?: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user?.headers ?? {} });
    expect(res.statusCode).toBe(200);
    return res.json().data as Content;
  };

  it('serves none of its files, thumbnail included, to visitors or to people who have not opted in', async () => {
    const item = await makeItem(false);
    const files = allFilesOf(item);
    expect(files.length).toBeGreaterThanOrEqual(3);
    await rate(item.id, 'mature');
    for (const url of files) {
      expect((await fetchMedia(url)).statusCode).toBe(404);
      expect((await fetchMedia(url, stranger)).statusCode).toBe(404);
    }
    // Their reply names no file at all, not even a signed link: only the blurred cover of the gate.
    for (const who of [undefined, stranger]) {
      const gated = await open(item.id, who);
      expect(gated.isMatureGated).toBe(true);
      expect(allFilesOf(gated)).toEqual([]);
      const [head, data] = gated.blurredCoverUrl!.split(',');
      expect(head).toBe('data:image/webp;base64');
      const cover = await sharp(Buffer.from(data!, 'base64')).metadata();
      expect(Math.max(cover.width!, cover.height!)).toBeLessThanOrEqual(24);
    }
  });

  it('reaches its owner, admins and people who opted in through signed links, never kept by a shared cache', async () => {
    const item = await makeItem(false);
    await rate(item.id, 'mature');
    const adult = await createUser(t.deps);
    const on = await t.app.inject({ method: 'PATCH', url: api('/users/settings'), headers: adult.headers, payload: { showMature: true } });
    expect(on.statusCode).toBe(200);
    for (const who of [owner, admin, adult]) {
      const shown = await open(item.id, who);
      expect(shown.isMatureGated).toBeUndefined();
      expect(shown.blurredCoverUrl).toBeUndefined();
      const files = allFilesOf(shown);
      expect(files.length).toBeGreaterThanOrEqual(3);
      for (const url of files) {
        expect(url).toMatch(/\?exp=\d+&sig=/);
        const res = await fetchMedia(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      }
    }
    // The opted-in person's gallery carries signed links too.
    const gallery = await t.app.inject({ method: 'GET', url: api('/content?pageSize=100'), headers: adult.headers });
    const listed = (gallery.json().data as Content[]).find((c) => c.id === item.id);
    expect(listed?.rating).toBe('mature');
    expect(listed?.thumbnailUrl).toMatch(/\?exp=\d+&sig=/);
    expect((await fetchMedia(listed!.thumbnailUrl!)).headers['cache-control']).toMatch(/^private/);
  });

  it('is public again once the item is rated general', async () => {
    const item = await makeItem(false);
    await rate(item.id, 'mature');
    expect((await fetchMedia(item.thumbnailUrl!)).statusCode).toBe(404);
    const general = await rate(item.id, 'general');
    expect(general.thumbnailUrl).not.toContain('?');
    const res = await fetchMedia(item.thumbnailUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=300, immutable');
  });

  it('leaves a mature item out of a collection’s cover and strips its files from the list for those gated', async () => {
    const item = await makeItem(false);
    await rate(item.id, 'mature');
    const made = await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'Fog', isPublic: true } });
    expect(made.statusCode).toBe(201);
    const collectionId = made.json().data.id as string;
    const added = await t.app.inject({ method: 'POST', url: api(`/collection/${collectionId}/items`), headers: owner.headers, payload: { itemId: item.id, itemType: 'content' } });
    expect(added.statusCode).toBeLessThan(300);
    const items = await t.app.inject({ method: 'GET', url: api(`/collection/${collectionId}/items`), headers: stranger.headers });
    expect(items.statusCode).toBe(200);
    const [entry] = items.json().data as { item: Content }[];
    expect(entry?.item).toMatchObject({ id: item.id, isMatureGated: true, mediaUrl: null, thumbnailUrl: null });
    const lists = await t.app.inject({ method: 'GET', url: api(`/collection?userId=${owner.id}`), headers: stranger.headers });
    expect((lists.json().data as { id: string; coverUrl: string | null }[]).find((c) => c.id === collectionId)?.coverUrl).toBeNull();
    const own = await t.app.inject({ method: 'GET', url: api(`/collection?userId=${owner.id}`), headers: owner.headers });
    const cover = (own.json().data as { id: string; coverUrl: string | null }[]).find((c) => c.id === collectionId)?.coverUrl;
    expect(cover).toMatch(/\?exp=\d+&sig=/);
  });
});

describe('private media', () => {
  it('reaches the owner and admins through the links the API hands them, and no one else', async () => {
    const item = await makeItem(true);
    for (const url of filesOf(item)) {
      expect(url).toMatch(/\?exp=\d+&sig=[\w-]+$/);
      const res = await fetchMedia(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(Number(res.headers['cache-control']!.toString().split('=')[1])).toBeLessThanOrEqual(600);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      // Without the signature it is a missing file to everyone, signed in or not, owner included.
      for (const who of [undefined, stranger, owner, admin]) {
        const plain = await fetchMedia(bare(url), who);
        expect(plain.statusCode).toBe(404);
        expect(plain.headers['cache-control']).toBe('no-store');
      }
    }
    const forAdmin = await view(item.id, admin);
    for (const url of filesOf(forAdmin)) expect((await fetchMedia(url)).statusCode).toBe(200);
    // The owner's own lists carry signed links too.
    const mine = await t.app.inject({ method: 'GET', url: api('/users/content?pageSize=50'), headers: owner.headers });
    const listed = (mine.json().data as Content[]).find((c) => c.id === item.id);
    expect(listed?.thumbnailUrl).toMatch(/\?exp=/);
    expect((await fetchMedia(listed!.thumbnailUrl!)).statusCode).toBe(200);
  });

  it('rejects a tampered, borrowed or expired signature', async () => {
    const item = await makeItem(true);
    const url = item.mediaUrl!;
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const exp = new URL(url, 'http://x').searchParams.get('exp')!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect((await fetchMedia(`${bare(url)}?exp=${exp}&sig=${flipped}`)).statusCode).toBe(404);
    expect((await fetchMedia(`${bare(url)}?exp=${Number(exp) + 600}&sig=${sig}`)).statusCode).toBe(404);
    expect((await fetchMedia(`${bare(url)}?sig=${sig}`)).statusCode).toBe(404);
    // A link for the thumbnail does not open the original.
    const thumb = new URL(item.thumbnailUrl!, 'http://x').searchParams;
    expect((await fetchMedia(`${bare(url)}?exp=${thumb.get('exp')}&sig=${thumb.get('sig')}`)).statusCode).toBe(404);
    // A link for one item does not open another's file of the same name.
    const other = await makeItem(true);
    expect((await fetchMedia(`${bare(other.mediaUrl!)}?exp=${exp}&sig=${sig}`)).statusCode).toBe(404);
    // Nor does a path that climbs from one item into another.
    const climb = `/media/content/${item.id}/../${other.id}/original.png?exp=${exp}&sig=${sig}`;
    expect((await fetchMedia(climb)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await fetchMedia(url)).statusCode).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    expect((await fetchMedia(url)).statusCode).toBe(404);
    // A fresh read of the item hands out a fresh link.
    expect((await fetchMedia((await view(item.id, owner)).mediaUrl!)).statusCode).toBe(200);
  });

  it('is gone with the item: a deleted item has no files left', async () => {
    const item = await makeItem(true);
    const pub = await makeItem(false);
    for (const c of [item, pub]) {
      expect((await t.app.inject({ method: 'DELETE', url: api(`/content/${c.id}`), headers: owner.headers })).statusCode).toBe(200);
      for (const url of filesOf(c)) expect((await fetchMedia(url)).statusCode).toBe(404);
      expect(await t.deps.storage.get(`content/${c.id}/original.png`)).toBeNull();
    }
  });

  it('signs a private cover in the owner’s collection list', async () => {
    const item = await makeItem(true);
    const made = await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'Fog' } });
    const id = made.json().data.id as string;
    await t.app.inject({ method: 'POST', url: api(`/collection/${id}/items`), headers: owner.headers, payload: { itemId: item.id, itemType: 'content' } });
    const list = await t.app.inject({ method: 'GET', url: api('/users/collections?pageSize=50'), headers: owner.headers });
    const cover = (list.json().data as { id: string; coverUrl: string | null }[]).find((c) => c.id === id)?.coverUrl;
    expect(cover).toMatch(/\?exp=/);
    expect((await fetchMedia(cover!)).statusCode).toBe(200);
  });

  it('serves nothing outside the known kinds of media', async () => {
    for (const url of ['/media/', '/media/jwt-secret', '/media/content/not-an-id/original.png', '/media/resumes/x.pdf', '/media/%2e%2e/jwt-secret']) {
      expect((await fetchMedia(url)).statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});
