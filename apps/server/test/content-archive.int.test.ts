import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories } from '../src/modules/categories/categories.schema.js';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, pngBytes, type TestUser } from './factories.js';
import { readZip } from './zip-reader.js';

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

const ARCHIVE = '/api/v1/users/content/archive';

async function insertItem(userId: string, fields: Partial<typeof contentTable.$inferInsert> = {}) {
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({ userId, title: 'Item', prompt: 'a quiet harbour', model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: 1, cost: 0, ...fields })
    .returning();
  return row!;
}

/** A ready item with a real file in storage, as the worker or an upload leaves it. */
async function insertWithFile(userId: string, fields: Partial<typeof contentTable.$inferInsert>, bytes: Buffer) {
  const row = await insertItem(userId, fields);
  const key = `content/${row.id}/original.png`;
  await t.deps.storage.put(key, bytes, 'image/png');
  await t.deps.database.db.update(contentTable).set({ mediaKey: key, mimeType: 'image/png' }).where(eq(contentTable.id, row.id));
  return row;
}

interface IndexItem {
  id: string;
  title: string;
  isPrivate: boolean;
  status: string;
  folder: string | null;
  file: string | null;
  tags: string[];
  category: { id: string; name: string | null } | null;
  counts: { likes: number; comments: number; plays: number };
}

describe('GET /users/content/archive', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: ARCHIVE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: expect.any(String), error: 'Unauthorized', message: expect.any(String) });
  });

  it('zips every item the caller owns, private included, with metadata and an index, and nothing of anyone else', async () => {
    const [category] = await t.deps.database.db.insert(categories).values({ name: 'Harbours', slug: `harbours-${Date.now()}` }).returning();
    const redPng = await pngBytes(12, 10, '#cc2200');
    const bluePng = await pngBytes(6, 6, '#0022cc');
    const pub = await insertWithFile(owner.id, { title: 'Harbour at dusk', tags: ['sea', 'dusk'], categoryId: category!.id, width: 12, height: 10, likeCount: 3, playCount: 7 }, redPng);
    const priv = await insertWithFile(owner.id, { title: 'Harbour at dusk', isPrivate: true }, bluePng);
    const failed = await insertItem(owner.id, { title: 'Never finished', status: 'failed', failureReason: 'provider down' });
    const queued = await insertItem(owner.id, { title: 'Still waiting', status: 'queued' });
    const orphan = await insertItem(owner.id, { title: 'Lost file', mediaKey: 'content/nowhere/original.png', mimeType: 'image/png' });
    const theirs = await insertWithFile(other.id, { title: 'Not yours' }, redPng);
    const theirsPrivate = await insertWithFile(other.id, { title: 'Not yours either', isPrivate: true }, bluePng);

    const res = await t.app.inject({ method: 'GET', url: ARCHIVE, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="atelier-content-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = readZip(res.rawPayload);

    const index = JSON.parse(files.get('index.json')!.toString('utf8')) as { itemCount: number; items: IndexItem[] };
    const byId = new Map(index.items.map((i) => [i.id, i]));
    expect(index.itemCount).toBe(5);
    expect([...byId.keys()].sort()).toEqual([pub.id, priv.id, failed.id, queued.id, orphan.id].sort());
    for (const foreign of [theirs.id, theirsPrivate.id]) {
      expect(byId.has(foreign)).toBe(false);
      expect([...files.keys()].some((name) => name.includes(foreign.slice(0, 8)))).toBe(false);
    }

    // Ready items: the original bytes and their metadata, in a folder of their own (same titles don't clash).
    const pubEntry = byId.get(pub.id)!;
    const privEntry = byId.get(priv.id)!;
    expect(pubEntry.folder).not.toBe(privEntry.folder);
    expect(files.get(pubEntry.file!)!.equals(redPng)).toBe(true);
    expect(files.get(privEntry.file!)!.equals(bluePng)).toBe(true);
    expect(pubEntry).toMatchObject({ isPrivate: false, tags: ['sea', 'dusk'], category: { id: category!.id, name: 'Harbours' }, counts: { likes: 3, comments: 0, plays: 7 } });
    const meta = JSON.parse(files.get(`${pubEntry.folder}/metadata.json`)!.toString('utf8'));
    expect(meta).toMatchObject({ id: pub.id, title: 'Harbour at dusk', prompt: 'a quiet harbour', model: 'stable-diffusion-xl', type: 'photo', width: 12, height: 10 });
    expect(JSON.parse(files.get(`${privEntry.folder}/metadata.json`)!.toString('utf8'))).toMatchObject({ id: priv.id, isPrivate: true });

    // No file: in the index only.
    for (const id of [failed.id, queued.id]) {
      expect(byId.get(id)).toMatchObject({ folder: null, file: null });
      expect([...files.keys()].some((name) => name.includes(id.slice(0, 8)))).toBe(false);
    }
    expect(byId.get(failed.id)!.status).toBe('failed');
    // A row whose file is gone is still listed, and says it has no file.
    expect(byId.get(orphan.id)!.file).toBeNull();
  });

  it('gives another user, or an admin, only their own items', async () => {
    const theirs = await insertWithFile(admin.id, { title: 'Admin own' }, await pngBytes());
    const res = await t.app.inject({ method: 'GET', url: ARCHIVE, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const index = JSON.parse(readZip(res.rawPayload).get('index.json')!.toString('utf8')) as { items: IndexItem[] };
    expect(index.items.map((i) => i.id)).toEqual([theirs.id]);
  });

  it('is a valid, empty archive for someone with no content', async () => {
    const newcomer = await createUser(t.deps);
    const res = await t.app.inject({ method: 'GET', url: ARCHIVE, headers: newcomer.headers });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(['index.json']);
    expect(JSON.parse(files.get('index.json')!.toString('utf8'))).toMatchObject({ itemCount: 0, items: [] });
  });
});
