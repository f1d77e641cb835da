import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryTreeNode, Content } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.deps);
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
type Who = TestUser | undefined;
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function create(body: object): Promise<Category> {
  const res = await req('POST', '/category', admin, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as Category;
}

let seq = 0;
async function insertItem(categoryId: string | null, fields: Partial<typeof contentTable.$inferInsert> = {}): Promise<string> {
  seq += 1;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({ userId: user.id, title: `C${seq}`, prompt: 'p', model: 'm', contentType: 'photo', status: 'ready', seed: 1, cost: 0, categoryId, ...fields })
    .returning({ id: contentTable.id });
  return row!.id;
}

const importFile = (who: Who, name: string, text: string) => {
  const boundary = '----cat' + Math.random().toString(16).slice(2);
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: api('/category/import'),
    headers: { ...(who?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

describe('authorization', () => {
  it('lets only admins change categories', async () => {
    const c = await create({ name: 'Auth Check' });
    for (const who of [undefined, user]) {
      const expected = who ? 403 : 401;
      expect((await req('POST', '/category', who, { name: 'Nope' })).statusCode).toBe(expected);
      expect((await req('PATCH', `/category/${c.id}`, who, { name: 'Nope' })).statusCode).toBe(expected);
      expect((await req('DELETE', `/category/${c.id}`, who)).statusCode).toBe(expected);
      expect((await req('POST', '/category/bulk-toggle', who, { ids: [c.id], isActive: false })).statusCode).toBe(expected);
      expect((await importFile(who, 'c.csv', 'name\nX')).statusCode).toBe(expected);
    }
    for (const who of [undefined, user, admin]) {
      expect((await req('GET', `/category/${c.id}`, who)).statusCode).toBe(200);
      expect((await req('GET', '/category/tree', who)).statusCode).toBe(200);
      expect((await req('GET', '/categories', who)).statusCode).toBe(200);
    }
  });
});

describe('tree, roots, breadcrumb and lists', () => {
  it('builds the tree and the path from the root', async () => {
    const nature = await create({ name: 'Nature', sortOrder: 1 });
    expect(nature.slug).toBe('nature');
    const land = await create({ name: 'Landscapes', parentId: nature.id });
    const peaks = await create({ name: 'Mountain Peaks', parentId: land.id });
    expect(peaks.slug).toBe('mountain-peaks');

    const tree = (await req('GET', '/category/tree')).json().data as CategoryTreeNode[];
    const natureNode = tree.find((n) => n.id === nature.id);
    expect(natureNode?.children.map((c) => c.id)).toEqual([land.id]);
    expect(natureNode?.children[0]?.children.map((c) => c.id)).toEqual([peaks.id]);

    const crumbs = (await req('GET', `/category/${peaks.id}/breadcrumb`)).json().data as Category[];
    expect(crumbs.map((c) => c.name)).toEqual(['Nature', 'Landscapes', 'Mountain Peaks']);

    const roots = (await req('GET', '/category/root')).json().data as Category[];
    expect(roots.map((r) => r.id)).toContain(nature.id);
    expect(roots.map((r) => r.id)).not.toContain(land.id);
    const rootPage = (await req('GET', '/category?parentId=null&pageSize=100')).json().data as Category[];
    expect(rootPage.every((c) => c.parentId === null)).toBe(true);
    const children = (await req('GET', `/category?parentId=${nature.id}`)).json().data as Category[];
    expect(children.map((c) => c.id)).toEqual([land.id]);
    const found = (await req('GET', '/category/search?q=mount')).json().data as Category[];
    expect(found.map((c) => c.id)).toEqual([peaks.id]);
  });

  it('refuses duplicate slugs and cycles', async () => {
    const a = await create({ name: 'Cycle A' });
    const b = await create({ name: 'Cycle B', parentId: a.id });
    expect((await req('POST', '/category', admin, { name: 'Other', slug: 'cycle-a' })).statusCode).toBe(409);
    expect((await req('PATCH', `/category/${a.id}`, admin, { parentId: b.id })).statusCode).toBe(400);
    expect((await req('PATCH', `/category/${a.id}`, admin, { parentId: a.id })).statusCode).toBe(400);
    const ok = await req('PATCH', `/category/${b.id}`, admin, { parentId: null, name: 'Cycle B2' });
    expect(ok.json().data).toMatchObject({ parentId: null, name: 'Cycle B2' });
  });

  it('hides inactive categories from everyone but admins; bulk toggle flips them', async () => {
    const a = await create({ name: 'Toggle A' });
    const b = await create({ name: 'Toggle B' });
    const res = await req('POST', '/category/bulk-toggle', admin, { ids: [a.id, b.id], isActive: false });
    expect(res.json().data.updated).toBe(2);
    expect((await req('GET', `/category/${a.id}`, user)).statusCode).toBe(404);
    expect((await req('GET', `/category/${a.id}`, admin)).json().data.isActive).toBe(false);
    const publicList = (await req('GET', '/categories?pageSize=100')).json().data as Category[];
    expect(publicList.map((c) => c.id)).not.toContain(a.id);
    const adminList = (await req('GET', '/category?isActive=false&pageSize=100', admin)).json().data as Category[];
    expect(adminList.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('category content', () => {
  it('includes descendants, never private or unfinished items, and counts only public ones', async () => {
    const top = await create({ name: 'Oceans' });
    const sub = await create({ name: 'Reefs', parentId: top.id });
    const a = await insertItem(top.id);
    const b = await insertItem(sub.id);
    const hidden = await insertItem(sub.id, { isPrivate: true });
    await insertItem(sub.id, { status: 'processing' });
    for (const who of [undefined, user, admin]) {
      const res = await req('GET', `/category/${top.id}/content`, who);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const ids = (body.data as Content[]).map((c) => c.id);
      expect(ids.sort()).toEqual([a, b].sort());
      expect(ids).not.toContain(hidden);
      expect(body.category.id).toBe(top.id);
      expect(body.pagination.total).toBe(2);
    }
    expect((await req('GET', `/category/${sub.id}`)).json().data.contentCount).toBe(1);
    const viaList = ((await req('GET', `/content?category=${top.id}`)).json().data as Content[]).map((c) => c.id);
    expect(viaList.sort()).toEqual([a, b].sort());
  });
});

describe('delete', () => {
  it('moves content and children to the reassign target', async () => {
    const from = await create({ name: 'Doomed' });
    const child = await create({ name: 'Doomed Child', parentId: from.id });
    const to = await create({ name: 'Refuge' });
    const item = await insertItem(from.id);
    expect((await req('DELETE', `/category/${from.id}`, admin, { reassignToCategory: child.id })).statusCode).toBe(400);
    const res = await req('DELETE', `/category/${from.id}`, admin, { reassignToCategory: to.id });
    expect(res.statusCode).toBe(200);
    expect((await req('GET', `/category/${from.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/category/${child.id}`)).json().data.parentId).toBe(to.id);
    expect((await req('GET', `/content/${item}`)).json().data.categoryId).toBe(to.id);
  });

  it('without a target, content loses its category and children move to the parent', async () => {
    const root = await create({ name: 'Grand' });
    const mid = await create({ name: 'Middle', parentId: root.id });
    const leaf = await create({ name: 'Leaf', parentId: mid.id });
    const item = await insertItem(mid.id);
    expect((await req('DELETE', `/category/${mid.id}`, admin)).statusCode).toBe(200);
    expect((await req('GET', `/category/${leaf.id}`)).json().data.parentId).toBe(root.id);
    expect((await req('GET', `/content/${item}`)).json().data.categoryId).toBeNull();
  });
});

describe('import', () => {
  it('imports a CSV with parents defined later in the file', async () => {
    const csv = 'name,slug,parent_slug,description\n"Deep Sea, Dark",deep-sea,ocean-life,"Things ""below"""\nOcean Life,ocean-life,,\n';
    const res = await importFile(admin, 'cats.csv', csv);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.imported).toBe(2);
    const deep = (res.json().data.categories as Category[]).find((c) => c.slug === 'deep-sea');
    expect(deep?.name).toBe('Deep Sea, Dark');
    expect(deep?.description).toBe('Things "below"');
    const crumbs = (await req('GET', `/category/${deep!.id}/breadcrumb`)).json().data as Category[];
    expect(crumbs.map((c) => c.slug)).toEqual(['ocean-life', 'deep-sea']);
  });

  it('imports JSON and rejects the whole file when any row is bad, naming the rows', async () => {
    const ok = await importFile(admin, 'c.json', JSON.stringify([{ name: 'Json One', slug: 'json-one' }]));
    expect(ok.statusCode).toBe(201);
    const bad = JSON.stringify([
      { name: 'Fine Row', slug: 'fine-row' },
      { name: '', slug: 'empty-name' },
      { name: 'Dup', slug: 'json-one' },
      { name: 'Orphan', slug: 'orphan', parent_slug: 'nowhere' },
    ]);
    const res = await importFile(admin, 'c.json', bad);
    expect(res.statusCode).toBe(400);
    const rows = (res.json().details as { path: string }[]).map((d) => d.path);
    expect(rows).toEqual(['rows.2', 'rows.3', 'rows.4']);
    expect(res.json().message).toContain('row 2: name is required');
    expect((await req('GET', '/category/search?q=fine')).json().data).toEqual([]);
  });
});
