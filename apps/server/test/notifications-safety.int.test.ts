import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationText, type Notification } from '@atelier/shared';
import { content } from '../src/modules/content/content.schema.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { notifications } from '../src/modules/notifications/notifications.schema.js';
import { notificationsDeps } from '../src/modules/notifications/index.js';
import { deliver } from '../src/modules/notifications/notifications.service.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';

/**
 * Issue #28, the kinds that come from generation and moderation (remix, moderation), and
 * "nothing for what you should not see": blocks and suspensions, at write time and read time.
 */
const provider = fakeProvider('succeed');
let t: TestContext;
const silent = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await createTestApp({}, { worker: true, provider });
});
afterAll(async () => {
  await t.close();
});

const api = (path: string) => `/api/v1${path}`;
const person = (name: string, extra: { credits?: number; role?: 'admin' } = {}) => createUser(t.deps, { fullName: name, ...extra });

async function item(owner: TestUser, title = 'A quiet harbour') {
  const [row] = await t.deps.database.db
    .insert(content)
    .values({ userId: owner.id, title, prompt: 'a quiet harbour at dawn', model: 'stable-diffusion-xl', contentType: 'illustration', status: 'ready', isPrivate: false, seed: 1, cost: 5 })
    .returning();
  return row!;
}

async function list(who: TestUser, query = ''): Promise<{ data: Notification[]; nextCursor: string | null }> {
  const res = await t.app.inject({ method: 'GET', url: api(`/notifications${query}`), headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function unread(who: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: api('/notifications/unread-count'), headers: who.headers });
  return res.json().data.unread;
}

function until(who: TestUser, check: (list: Notification[]) => boolean, what: string): Promise<Notification[]> {
  return waitFor(async () => {
    const { data } = await list(who);
    return check(data) ? data : undefined;
  }, 10_000, what);
}

const settle = () => new Promise((r) => setTimeout(r, 1500));
const like = (who: TestUser, contentId: string) => t.app.inject({ method: 'POST', url: api(`/content/${contentId}/like`), headers: who.headers });
const rowsOf = (who: TestUser) => t.deps.database.db.select().from(notifications).where(eq(notifications.userId, who.id));

async function report(who: TestUser, targetType: string, targetId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: api('/reports'), headers: who.headers, payload: { targetType, targetId, reason: 'spam' } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('remix', () => {
  it("tells the owner of an item that someone remixed it, once for a batch, linking to the remix; a private remix says nothing", async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder', { credits: 100 });
    const harbour = await item(ann, 'Harbour');
    const res = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: bob.headers,
      payload: { contentType: 'illustration', prompt: 'The harbour at night', remixOf: harbour.id, count: 2 },
    });
    expect(res.statusCode).toBe(201);
    const [n] = await until(ann, (l) => l.some((x) => x.kind === 'remix'), 'the remix notification');
    await settle();
    const remixes = (await list(ann)).data.filter((x) => x.kind === 'remix');
    expect(remixes).toHaveLength(1);
    expect(n).toMatchObject({ kind: 'remix', actors: [{ id: bob.id }], actorCount: 1, subject: { type: 'content', id: harbour.id, title: 'Harbour' } });
    expect(n!.link).toMatch(/^\/content\/[0-9a-f-]{36}$/);
    expect(n!.link).not.toBe(`/content/${harbour.id}`);
    const remixId = n!.link.split('/').pop()!;
    expect((await t.deps.database.db.select().from(content).where(eq(content.id, remixId)))[0]?.parentId).toBe(harbour.id);
    expect(notificationText(n!)).toBe('Bob Builder remixed "Harbour"');

    const cat = await person('Cat Crane', { credits: 100 });
    const lighthouse = await item(ann, 'Lighthouse');
    const secret = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: cat.headers,
      payload: { contentType: 'illustration', prompt: 'A secret lighthouse', remixOf: lighthouse.id, isPrivate: true },
    });
    expect(secret.statusCode).toBe(201);
    await waitFor(async () => {
      const [row] = await t.deps.database.db.select().from(content).where(eq(content.id, secret.json().data.id));
      return row?.status === 'ready' ? row : undefined;
    }, 10_000, 'the private remix to finish');
    await settle();
    expect((await list(ann)).data.filter((x) => x.subject.id === lighthouse.id)).toHaveLength(0);
  });
});

describe('moderation', () => {
  it('tells the owner that a moderator hid their item, with the note, and each reporter that their report was acted on', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const cat = await person('Cat Crane');
    const admin = await person('Ada Admin', { role: 'admin' });
    const harbour = await item(ann, 'Harbour');
    const first = await report(bob, 'content', harbour.id);
    await report(cat, 'content', harbour.id);
    const act = await t.app.inject({
      method: 'PATCH',
      url: api(`/admin/reports/${first}`),
      headers: admin.headers,
      payload: { action: 'hide', note: 'Copies another artist' },
    });
    expect(act.statusCode).toBe(200);

    const [owner] = await until(ann, (l) => l.length === 1, "Ann's moderation notice");
    expect(owner).toMatchObject({ kind: 'moderation', action: 'hidden', actors: [], excerpt: 'Copies another artist', link: `/content/${harbour.id}` });
    expect(notificationText(owner!)).toBe('A moderator hid "Harbour"');
    for (const reporter of [bob, cat]) {
      const [n] = await until(reporter, (l) => l.length === 1, 'the reporter notice');
      expect(n).toMatchObject({ kind: 'moderation', action: 'report-hide', subject: { type: 'report', id: harbour.id }, excerpt: null, link: '/terms-of-services' });
      expect(notificationText(n!)).toBe('Thank you for your report: a moderator hid what you reported');
    }
    expect((await list(admin)).data).toHaveLength(0);
  });

  it("tells the author of a hidden comment, linking to the item; a dismissed report tells nobody", async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const admin = await person('Ada Admin', { role: 'admin' });
    const harbour = await item(ann, 'Harbour');
    const res = await t.app.inject({ method: 'POST', url: api(`/content/${harbour.id}/comments`), headers: bob.headers, payload: { content: 'buy cheap pills' } });
    expect(res.statusCode).toBe(201);
    const commentId = res.json().data.id as string;
    await until(ann, (l) => l.length === 1, 'the comment');

    const dismissed = await report(ann, 'comment', commentId);
    await t.app.inject({ method: 'PATCH', url: api(`/admin/reports/${dismissed}`), headers: admin.headers, payload: { action: 'dismiss' } });
    await settle();
    expect((await list(bob)).data).toHaveLength(0);
    expect((await list(ann)).data).toHaveLength(1);

    const again = await report(ann, 'comment', commentId);
    await t.app.inject({ method: 'PATCH', url: api(`/admin/reports/${again}`), headers: admin.headers, payload: { action: 'hide' } });
    const [n] = await until(bob, (l) => l.length === 1, "Bob's notice");
    expect(n).toMatchObject({ kind: 'moderation', action: 'comment-hidden', subject: { type: 'content', id: harbour.id }, link: `/content/${harbour.id}` });
    expect(notificationText(n!)).toBe('A moderator hid your comment on "Harbour"');
    await until(ann, (l) => l.some((x) => x.action === 'report-hide'), "Ann's report notice");
  });
});

describe('nothing from people one should not hear from', () => {
  it('drops what a blocked person did, either side of the block, at read time and at write time', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const cat = await person('Cat Crane');
    const harbour = await item(ann, 'Harbour');
    await like(bob, harbour.id);
    await like(cat, harbour.id);
    await until(ann, (l) => l[0]?.actorCount === 2, 'both likes');

    // Ann blocks Bob: the grouped like keeps Cat only.
    expect((await t.app.inject({ method: 'POST', url: api(`/users/block/${bob.id}`), headers: ann.headers })).statusCode).toBeLessThan(300);
    const [grouped] = (await list(ann)).data;
    expect(grouped).toMatchObject({ actors: [{ id: cat.id }], actorCount: 1 });
    expect(notificationText(grouped!)).toBe('Cat Crane liked "Harbour"');

    // Bob blocks Dan, who follows him: the follow he had drops out, and a follow queued before the block is never written.
    const dan = await person('Dan Dune');
    await t.app.inject({ method: 'POST', url: api(`/users/follow/${bob.id}`), headers: dan.headers });
    await until(bob, (l) => l.some((x) => x.kind === 'follow'), "Dan's follow");
    expect(await unread(bob)).toBe(1);
    await t.app.inject({ method: 'POST', url: api(`/users/block/${dan.id}`), headers: bob.headers });
    expect((await list(bob)).data.filter((x) => x.kind === 'follow')).toHaveLength(0);
    expect(await unread(bob)).toBe(0);

    const before = (await rowsOf(ann)).length;
    const deps = notificationsDeps(t.deps, silent);
    await deliver(deps, { type: 'comment', actorId: bob.id, contentId: harbour.id, commentId: crypto.randomUUID(), parentId: null, body: 'sneaky' });
    await deliver(deps, { type: 'follow', actorId: bob.id, userId: ann.id });
    expect(await rowsOf(ann)).toHaveLength(before);
  });

  it("drops what a suspended account did, and lets it show again when the suspension ends", async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const admin = await person('Ada Admin', { role: 'admin' });
    const harbour = await item(ann, 'Harbour');
    await like(bob, harbour.id);
    await until(ann, (l) => l.length === 1, 'the like');

    const suspend = await t.app.inject({ method: 'POST', url: api(`/admin/users/${bob.id}/suspend`), headers: admin.headers, payload: {} });
    expect(suspend.statusCode).toBe(200);
    expect((await list(ann)).data).toHaveLength(0);
    expect(await unread(ann)).toBe(0);
    const deps = notificationsDeps(t.deps, silent);
    const other = await item(ann, 'Other');
    await deliver(deps, { type: 'like', actorId: bob.id, contentId: other.id });
    expect(await rowsOf(ann)).toHaveLength(1);

    await t.deps.database.db.update(users).set({ suspendedAt: null, suspendedUntil: null }).where(eq(users.id, bob.id));
    expect((await list(ann)).data).toHaveLength(1);
  });
});

describe('bad input changes nothing', () => {
  it('refuses a malformed cursor, an id that is not one, a foreign id and an unknown kind with a clear message', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann);
    await like(bob, harbour.id);
    const [n] = await until(ann, (l) => l.length === 1, 'the like');

    const cursors = ['nonsense', Buffer.from('yesterday|abc').toString('base64url'), Buffer.from(`2026-01-01T00:00:00Z|${'x'.repeat(36)}`).toString('base64url'), 'a'.repeat(300)];
    for (const cursor of cursors) {
      const res = await t.app.inject({ method: 'GET', url: api(`/notifications?cursor=${cursor}`), headers: ann.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cursor is not valid/);
    }

    const notAnId = await t.app.inject({ method: 'POST', url: api('/notifications/not-an-id/read'), headers: ann.headers });
    expect(notAnId.statusCode).toBe(400);
    const foreign = await t.app.inject({ method: 'POST', url: api(`/notifications/${n!.id}/read`), headers: bob.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notification not found');
    const missing = await t.app.inject({ method: 'POST', url: api(`/notifications/${crypto.randomUUID()}/read`), headers: ann.headers });
    expect(missing.statusCode).toBe(404);
    expect(await unread(ann)).toBe(1);

    const before = (await t.app.inject({ method: 'GET', url: api('/notifications/settings'), headers: ann.headers })).json();
    for (const payload of [{ like: { inApp: false }, poke: { inApp: false } }, { like: { inApp: 'no' } }, { like: { email: false, loud: true } }]) {
      const res = await t.app.inject({ method: 'PATCH', url: api('/notifications/settings'), headers: ann.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const after = (await t.app.inject({ method: 'GET', url: api('/notifications/settings'), headers: ann.headers })).json();
    expect(after).toEqual(before);
  });
});
