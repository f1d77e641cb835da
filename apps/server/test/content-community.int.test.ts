import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Comment, Content } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, pngClaiming, type TestUser } from './factories.js';

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
type Who = TestUser | undefined;
const req = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', path: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

let seq = 0;
async function insertItem(
  fields: Partial<typeof contentTable.$inferInsert> & { userId?: string } = {},
): Promise<string> {
  seq += 1;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({
      userId: owner.id,
      title: `Item ${seq}`,
      prompt: 'plain words',
      model: 'stable-diffusion-xl',
      contentType: 'photo',
      status: 'ready',
      seed: seq,
      cost: 0,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)),
      ...fields,
    })
    .returning({ id: contentTable.id });
  return row!.id;
}

describe('GET /content', () => {
  it('lists only ready, public items, newest first, with pagination', async () => {
    const pub = await insertItem({ title: 'Listed sky' });
    const priv = await insertItem({ title: 'Secret sky', isPrivate: true });
    const queued = await insertItem({ title: 'Queued sky', status: 'queued' });
    for (const who of [undefined, other, admin, owner]) {
      const res = await req('GET', '/content?pageSize=100', who);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as Content[]).map((c) => c.id);
      expect(ids).toContain(pub);
      expect(ids).not.toContain(priv);
      expect(ids).not.toContain(queued);
      expect(res.json().pagination.total).toBe(ids.length);
    }
    const page1 = (await req('GET', '/content?pageSize=1')).json();
    expect(page1.data[0].id).toBe(pub);
    expect(page1.pagination).toMatchObject({ page: 1, pageSize: 1 });
  });

  it('shows the owner their own private items only when listing their own', async () => {
    const priv = await insertItem({ title: 'Own private', isPrivate: true });
    const mine = (await req('GET', `/content?owner=${owner.id}&pageSize=100`, owner)).json().data as Content[];
    expect(mine.map((c) => c.id)).toContain(priv);
    const byName = (await req('GET', `/content?owner=${owner.username}&pageSize=100`, owner)).json().data as Content[];
    expect(byName.map((c) => c.id)).toContain(priv);
    for (const who of [undefined, other, admin]) {
      const seen = (await req('GET', `/content?owner=${owner.username}&pageSize=100`, who)).json().data as Content[];
      expect(seen.map((c) => c.id)).not.toContain(priv);
    }
  });

  it('filters by type, tag and text, and sorts by popularity', async () => {
    const vid = await insertItem({ contentType: 'video', title: 'Harbour at dusk', tags: ['harbour', 'boats'], likeCount: 1 });
    await insertItem({ contentType: 'video', title: 'Quiet field', likeCount: 9, playCount: 5 });
    const videos = (await req('GET', '/content?type=video&pageSize=100')).json().data as Content[];
    expect(videos.every((c) => c.contentType === 'video')).toBe(true);
    expect(videos).toHaveLength(2);
    const tagged = (await req('GET', '/content?tag=harbour')).json().data as Content[];
    expect(tagged.map((c) => c.id)).toEqual([vid]);
    expect(tagged[0]?.tags).toEqual(['harbour', 'boats']);
    const text = (await req('GET', '/content?q=harbour')).json().data as Content[];
    expect(text.map((c) => c.id)).toEqual([vid]);
    const popular = (await req('GET', '/content?type=video&sort=popular')).json().data as Content[];
    expect(popular[0]?.title).toBe('Quiet field');
    expect((await req('GET', '/content?sort=sideways')).statusCode).toBe(400);
  });

  it('sorts by recent engagement for trending', async () => {
    const quiet = await insertItem({ contentType: 'gif', title: 'Old favourite', likeCount: 50 });
    const hot = await insertItem({ contentType: 'gif', title: 'New buzz' });
    await req('POST', `/content/${hot}/like`, other);
    await req('POST', `/content/${hot}/comments`, other, { content: 'Lovely' });
    const list = (await req('GET', '/content?type=gif&sort=trending')).json().data as Content[];
    expect(list.map((c) => c.id)).toEqual([hot, quiet]);
  });
});

describe('GET /content/search', () => {
  it('ranks a title match above a description match and never finds private items', async () => {
    const inDescription = await insertItem({ title: 'Evening study', description: 'A lighthouse on the rocks' });
    const inTitle = await insertItem({ title: 'Lighthouse keeper', description: 'Evening light' });
    await insertItem({ title: 'Lighthouse secret', isPrivate: true });
    const res = await req('GET', '/content/search?q=lighthouse');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Content[]).map((c) => c.id)).toEqual([inTitle, inDescription]);
    expect(res.json().pagination.total).toBe(2);
    const asOwner = (await req('GET', '/content/search?q=lighthouse', owner)).json();
    expect(asOwner.pagination.total).toBe(2);
    expect((await req('GET', '/content/search?q=')).statusCode).toBe(400);
  });

  it('matches prompt and tag words too', async () => {
    const byPrompt = await insertItem({ title: 'Untitled', prompt: 'a glacier under aurora' });
    const byTag = await insertItem({ title: 'Untitled 2', tags: ['glacier'] });
    const ids = ((await req('GET', '/content/search?q=glacier')).json().data as Content[]).map((c) => c.id);
    expect(ids.sort()).toEqual([byPrompt, byTag].sort());
  });
});

describe('likes', () => {
  it('needs a signed-in user', async () => {
    const id = await insertItem();
    expect((await req('POST', `/content/${id}/like`)).statusCode).toBe(401);
    expect((await req('DELETE', `/content/${id}/like`)).statusCode).toBe(401);
  });

  it('counts one like per user, is idempotent and never goes below zero', async () => {
    const id = await insertItem();
    const first = await req('POST', `/content/${id}/like`, other);
    expect(first.json().data).toEqual({ likeCount: 1, isLiked: true });
    expect((await req('POST', `/content/${id}/like`, other)).json().data).toEqual({ likeCount: 1, isLiked: true });
    expect((await req('POST', `/content/${id}/like`, owner)).json().data).toEqual({ likeCount: 2, isLiked: true });
    expect((await req('GET', `/content/${id}`, other)).json().data).toMatchObject({ likeCount: 2, isLiked: true });
    expect((await req('GET', `/content/${id}`)).json().data).toMatchObject({ likeCount: 2, isLiked: false });
    const listed = ((await req('GET', '/content?pageSize=100', other)).json().data as Content[]).find((c) => c.id === id);
    expect(listed?.isLiked).toBe(true);
    expect((await req('DELETE', `/content/${id}/like`, other)).json().data).toEqual({ likeCount: 1, isLiked: false });
    expect((await req('DELETE', `/content/${id}/like`, other)).json().data).toEqual({ likeCount: 1, isLiked: false });
    await req('DELETE', `/content/${id}/like`, owner);
    expect((await req('DELETE', `/content/${id}/like`, owner)).json().data).toEqual({ likeCount: 0, isLiked: false });
  });

  it('hides private content from likes, plays and comments of others', async () => {
    const id = await insertItem({ isPrivate: true });
    for (const who of [other]) {
      expect((await req('POST', `/content/${id}/like`, who)).statusCode).toBe(404);
      expect((await req('DELETE', `/content/${id}/like`, who)).statusCode).toBe(404);
      expect((await req('POST', `/content/${id}/comments`, who, { content: 'hi' })).statusCode).toBe(404);
      expect((await req('GET', `/content/${id}/comments`, who)).statusCode).toBe(404);
    }
    expect((await req('POST', `/content/${id}/play`)).statusCode).toBe(404);
    expect((await req('GET', `/content/${id}/comments`)).statusCode).toBe(404);
    expect((await req('POST', `/content/${id}/like`, owner)).statusCode).toBe(200);
    expect((await req('POST', `/content/${id}/play`, owner)).json().data).toEqual({ playCount: 1 });
  });
});

describe('plays', () => {
  it('counts every play, signed in or not', async () => {
    const id = await insertItem({ contentType: 'video' });
    expect((await req('POST', `/content/${id}/play`)).json().data).toEqual({ playCount: 1 });
    expect((await req('POST', `/content/${id}/play`, other)).json().data).toEqual({ playCount: 2 });
    expect((await req('GET', `/content/${id}`)).json().data.playCount).toBe(2);
    expect((await req('POST', `/content/00000000-0000-4000-8000-000000000000/play`)).statusCode).toBe(404);
  });

  it('counts one play per signed-in viewer per item per hour', async () => {
    const id = await insertItem({ contentType: 'loops' });
    expect((await req('POST', `/content/${id}/play`, other)).json().data).toEqual({ playCount: 1 });
    expect((await req('POST', `/content/${id}/play`, other)).json().data).toEqual({ playCount: 1 });
    expect((await req('POST', `/content/${id}/play`, owner)).json().data).toEqual({ playCount: 2 });
    await t.deps.database.query(`UPDATE content_plays SET created_at = now() - interval '61 minutes' WHERE content_id = $1`, [id]);
    expect((await req('POST', `/content/${id}/play`, other)).json().data).toEqual({ playCount: 3 });
  });
});

describe('comments', () => {
  it('threads replies under their top-level comment and keeps commentCount', async () => {
    const id = await insertItem();
    expect((await req('POST', `/content/${id}/comments`, undefined, { content: 'hi' })).statusCode).toBe(401);
    const first = await req('POST', `/content/${id}/comments`, other, { content: 'First!' });
    expect(first.statusCode).toBe(201);
    const top = first.json().data as Comment;
    expect(top).toMatchObject({ contentId: id, parentId: null, content: 'First!', replies: [], author: { id: other.id, username: other.username } });
    const second = (await req('POST', `/content/${id}/comments`, owner, { content: 'Second' })).json().data as Comment;
    const reply = (await req('POST', `/content/${id}/comments`, owner, { content: 'Thanks', parentId: top.id })).json().data as Comment;
    expect(reply.parentId).toBe(top.id);
    const nested = (await req('POST', `/content/${id}/comments`, other, { content: 'Welcome', parentId: reply.id })).json().data as Comment;
    expect(nested.parentId).toBe(top.id);

    const list = (await req('GET', `/content/${id}/comments`)).json();
    expect((list.data as Comment[]).map((c) => c.id)).toEqual([second.id, top.id]);
    expect((list.data as Comment[])[1]?.replies.map((r) => r.content)).toEqual(['Thanks', 'Welcome']);
    expect(list.pagination.total).toBe(2);
    expect((await req('GET', `/content/${id}`)).json().data.commentCount).toBe(4);

    const elsewhere = await insertItem();
    const wrongParent = await req('POST', `/content/${elsewhere}/comments`, other, { content: 'x', parentId: top.id });
    expect(wrongParent.statusCode).toBe(400);
    expect((await req('POST', `/content/${id}/comments`, other, { content: '' })).statusCode).toBe(400);
    expect((await req('POST', `/content/${id}/comments`, other, { content: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  it('lets the author, the content owner or an admin delete, and nobody else', async () => {
    const id = await insertItem();
    const third = await createUser(t.deps);
    const byOther = (await req('POST', `/content/${id}/comments`, other, { content: 'mine' })).json().data as Comment;
    await req('POST', `/content/${id}/comments`, owner, { content: 'reply', parentId: byOther.id });
    expect((await req('DELETE', `/content/${id}/comments/${byOther.id}`)).statusCode).toBe(401);
    expect((await req('DELETE', `/content/${id}/comments/${byOther.id}`, third)).statusCode).toBe(403);
    expect((await req('DELETE', `/content/${id}/comments/${byOther.id}`, other)).statusCode).toBe(200);
    expect((await req('GET', `/content/${id}/comments`)).json().data).toEqual([]);
    expect((await req('GET', `/content/${id}`)).json().data.commentCount).toBe(0);

    const c2 = (await req('POST', `/content/${id}/comments`, third, { content: 'rude' })).json().data as Comment;
    expect((await req('DELETE', `/content/${id}/comments/${c2.id}`, owner)).statusCode).toBe(200);
    const c3 = (await req('POST', `/content/${id}/comments`, third, { content: 'again' })).json().data as Comment;
    expect((await req('DELETE', `/content/${id}/comments/${c3.id}`, admin)).statusCode).toBe(200);
    expect((await req('DELETE', `/content/${id}/comments/${c3.id}`, admin)).statusCode).toBe(404);
  });

  it('pages top-level comments', async () => {
    const id = await insertItem();
    for (const n of [1, 2, 3]) await req('POST', `/content/${id}/comments`, other, { content: `c${n}` });
    const p2 = (await req('GET', `/content/${id}/comments?page=2&pageSize=2`)).json();
    expect((p2.data as Comment[]).map((c) => c.content)).toEqual(['c1']);
    expect(p2.pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
  });
});

describe('POST /content (upload)', () => {
  const form = (fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) => {
    const boundary = '----atelier' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    if (file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
      chunks.push(file.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const upload = (who: Who, f: ReturnType<typeof form>) =>
    t.app.inject({ method: 'POST', url: api('/content'), headers: { ...(who?.headers ?? {}), ...f.headers }, payload: f.payload });

  it('stores an image judged by its bytes, with preview and thumbnail', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const res = await upload(owner, form({ title: 'My upload', contentType: 'photo', tags: 'sea, Sky', isPrivate: 'false' }, { data: png, name: 'x.txt', type: 'text/plain' }));
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Content;
    expect(item).toMatchObject({ title: 'My upload', status: 'ready', mimeType: 'image/png', width: 40, height: 30, tags: ['sea', 'sky'] });
    expect(item.thumbnailUrl).toMatch(/thumbnail\.webp$/);
    const media = await t.app.inject({ method: 'GET', url: item.mediaUrl! });
    expect(media.statusCode).toBe(200);
    const listed = ((await req('GET', '/content?pageSize=100')).json().data as Content[]).map((c) => c.id);
    expect(listed).toContain(item.id);
  });

  it('makes a 640 px tile still for a large picture, so tiles are sharp on 2× screens; a small one keeps its thumbnail', async () => {
    const big = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#aa5500' } }).png().toBuffer();
    const res = await upload(owner, form({ title: 'Wide harbour', contentType: 'photo' }, { data: big, name: 'a.png', type: 'image/png' }));
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Content;
    expect(item.tileUrl).toMatch(/tile\.webp$/);
    const tile = await t.app.inject({ method: 'GET', url: item.tileUrl! });
    expect(tile.statusCode).toBe(200);
    expect(await sharp(tile.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 400 });
    // Lists carry it too, for the gallery's tiles.
    const listed = (await req('GET', '/content?pageSize=100')).json().data as Content[];
    expect(listed.find((c) => c.id === item.id)?.tileUrl).toBe(item.tileUrl);

    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const tiny = (await upload(owner, form({ title: 'Tiny', contentType: 'photo' }, { data: small, name: 'b.png', type: 'image/png' }))).json().data as Content;
    expect(tiny.tileUrl).toBeNull();
    expect(tiny.thumbnailUrl).toMatch(/thumbnail\.webp$/);
  });

  it('refuses an image that claims more than 40 megapixels with 400 and stores nothing', async () => {
    const res = await upload(owner, form({ title: 'Bomb', contentType: 'photo' }, { data: pngClaiming(8_000, 8_000), name: 'a.png', type: 'image/png' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This image is too large: at most 40 megapixels');
    const listed = ((await req('GET', '/content?pageSize=100')).json().data as Content[]).map((c) => c.title);
    expect(listed).not.toContain('Bomb');
  });

  it('refuses bytes that are not what they claim, unsafe SVG, and anonymous uploads', async () => {
    const fake = Buffer.from('this is not really a png');
    expect((await upload(owner, form({ title: 'Fake', contentType: 'photo' }, { data: fake, name: 'a.png', type: 'image/png' }))).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const ok = await upload(owner, form({ title: 'Vector', contentType: 'vector' }, { data: svg, name: 'a.svg', type: 'image/svg+xml' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.mimeType).toBe('image/svg+xml');
    const evil = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(owner, form({ title: 'Evil', contentType: 'vector' }, { data: evil, name: 'a.svg', type: 'image/svg+xml' }))).statusCode).toBe(415);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(owner, form({ title: 'Wrong type', contentType: 'video' }, { data: png, name: 'a.png', type: 'image/png' }))).statusCode).toBe(415);
    expect((await upload(undefined, form({ title: 'Anon', contentType: 'photo' }, { data: png, name: 'a.png', type: 'image/png' }))).statusCode).toBe(401);
    expect((await upload(owner, form({ title: 'No file', contentType: 'photo' }))).statusCode).toBe(400);
  });

  it('refuses the SVG tricks that got past the old check, and stores a normal SVG rebuilt without what could fetch', async () => {
    const tricks = [
      '<svg xmlns="http://www.w3.org/2000/svg"><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript&#58;alert(1)"><text>x</text></a></svg>',
    ];
    for (const trick of tricks) {
      const res = await upload(owner, form({ title: 'Trick', contentType: 'vector' }, { data: Buffer.from(trick), name: 'a.svg', type: 'image/svg+xml' }));
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('SVG files with scripts or event handlers are not allowed');
    }
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><use href="https://evil.example/s.svg#a"/><rect width="10" height="10" fill="teal"/></svg>',
    );
    const ok = await upload(owner, form({ title: 'Teal', contentType: 'vector' }, { data: drawing, name: 'a.svg', type: 'image/svg+xml' }));
    expect(ok.statusCode).toBe(201);
    const media = await t.app.inject({ method: 'GET', url: ok.json().data.mediaUrl });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-security-policy']).toContain('sandbox');
    expect(media.body).toContain('<rect width="10" height="10" fill="teal"/>');
    expect(media.body).not.toContain('evil.example');
  });

  it('keeps a private upload out of every public list', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await upload(owner, form({ title: 'Zebra private upload', contentType: 'photo', isPrivate: 'true' }, { data: png, name: 'a.png', type: 'image/png' }));
    const id = res.json().data.id as string;
    expect((await req('GET', `/content/${id}`, other)).statusCode).toBe(404);
    expect(((await req('GET', '/content/search?q=zebra', other)).json().data as Content[]).map((c) => c.id)).not.toContain(id);
    expect(((await req('GET', '/content?pageSize=100', other)).json().data as Content[]).map((c) => c.id)).not.toContain(id);
  });
});

describe('PUT /content/:id classification', () => {
  it('sets tags and refuses an unknown category; only the owner may', async () => {
    const id = await insertItem();
    const res = await req('PUT', `/content/${id}`, owner, { tags: ['Alpha', 'beta', 'alpha'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tags).toEqual(['alpha', 'beta']);
    expect((await req('PUT', `/content/${id}`, owner, { categoryId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await req('PUT', `/content/${id}`, other, { tags: ['x'] })).statusCode).toBe(403);
  });
});
