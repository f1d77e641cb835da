import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { notificationText, type Notification, type NotificationPayload } from '@atelier/shared';
import { content } from '../src/modules/content/content.schema.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { notifications, notificationSettings } from '../src/modules/notifications/notifications.schema.js';
import { notificationsDeps, sendDueDigests } from '../src/modules/notifications/index.js';
import { runAccountDeletion } from '../src/platform/account-deletion.js';
import { accountDeletionSteps } from '../src/platform/module-hooks.js';
import { moduleHooks } from '../src/modules/hooks.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';
import { nextEvent } from './socket-events.js';

const provider = fakeProvider('succeed');
let t: TestContext;
let url: string;
const sockets: Socket[] = [];
const silent = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await createTestApp({}, { worker: true, provider });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const api = (path: string) => `/api/v1${path}`;

async function person(name: string, username?: string): Promise<TestUser> {
  return createUser(t.deps, { fullName: name, ...(username ? { username } : {}) });
}

async function item(owner: TestUser, opts: { title?: string; isPrivate?: boolean } = {}) {
  const [row] = await t.deps.database.db
    .insert(content)
    .values({
      userId: owner.id,
      title: opts.title ?? 'A quiet harbour',
      prompt: 'a quiet harbour at dawn',
      model: 'stable-diffusion-xl',
      contentType: 'illustration',
      status: 'ready',
      isPrivate: opts.isPrivate ?? false,
      seed: 1,
      cost: 5,
    })
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

/** Waits until the worker has written what `check` looks for in `who`'s list. */
function until(who: TestUser, check: (list: Notification[]) => boolean, what: string): Promise<Notification[]> {
  return waitFor(async () => {
    const { data } = await list(who);
    return check(data) ? data : undefined;
  }, 10_000, what);
}

/** Lets queued jobs run, for the checks that something did NOT arrive. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

async function comment(who: TestUser, contentId: string, text: string, parentId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: api(`/content/${contentId}/comments`),
    headers: who.headers,
    payload: { content: text, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
}

const like = (who: TestUser, contentId: string) =>
  t.app.inject({ method: 'POST', url: api(`/content/${contentId}/like`), headers: who.headers });
const unlike = (who: TestUser, contentId: string) =>
  t.app.inject({ method: 'DELETE', url: api(`/content/${contentId}/like`), headers: who.headers });

function socketOf(who: TestUser): Promise<Socket> {
  const socket = connect(url, { auth: { token: who.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('comments, replies and mentions', () => {
  it("tells the owner of a comment on their item, with a link to it; nobody hears of their own", async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann, { title: 'Harbour' });
    await comment(ann, harbour.id, 'My own words');
    await comment(bob, harbour.id, 'Lovely light on the water');

    const [n] = await until(ann, (l) => l.length > 0, "Ann's comment notification");
    expect(n).toMatchObject({
      kind: 'comment',
      actors: [{ id: bob.id, fullName: 'Bob Builder' }],
      actorCount: 1,
      subject: { type: 'content', id: harbour.id, title: 'Harbour' },
      link: `/content/${harbour.id}`,
      excerpt: 'Lovely light on the water',
      isRead: false,
    });
    expect(notificationText(n!)).toBe('Bob Builder commented on "Harbour"');
    await settle();
    expect((await list(ann)).data).toHaveLength(1);
    expect((await list(bob)).data).toHaveLength(0);
  });

  it('tells the author of a comment of a reply, and a person named with @ of the mention', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const cat = await person('Cat Crane', `cat_${Date.now()}`);
    const harbour = await item(ann);
    const first = await comment(bob, harbour.id, 'Where is this?');
    await until(ann, (l) => l.length === 1, 'the first comment');
    await comment(ann, harbour.id, `Brittany! Ask @${cat.username} too`, first.id);

    const [reply] = await until(bob, (l) => l.length === 1, "Bob's reply notification");
    expect(reply).toMatchObject({ kind: 'reply', actors: [{ id: ann.id }], link: `/content/${harbour.id}` });
    const [mention] = await until(cat, (l) => l.length === 1, "Cat's mention");
    expect(mention).toMatchObject({ kind: 'mention', actors: [{ id: ann.id }] });
    expect(notificationText(mention!)).toContain('mentioned you');
  });

  it('withdraws an unread notification when its comment is deleted', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann);
    const c = await comment(bob, harbour.id, 'Regrettable words');
    await until(ann, (l) => l.length === 1, 'the comment notification');
    expect(await unread(ann)).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: api(`/content/${harbour.id}/comments/${c.id}`), headers: bob.headers });
    expect(res.statusCode).toBe(200);
    await until(ann, (l) => l.length === 0, 'the withdrawal');
    expect(await unread(ann)).toBe(0);
  });
});

describe('likes', () => {
  it('groups the likes of one item on one day in one line, newest liker first, and an unlike takes one back', async () => {
    const ann = await person('Ann Archer');
    const likers = await Promise.all(['Bob', 'Cat', 'Dan', 'Eve'].map((n) => person(`${n} Doe`)));
    const harbour = await item(ann, { title: 'Harbour' });
    for (const p of likers) {
      expect((await like(p, harbour.id)).statusCode).toBe(200);
      await until(ann, (l) => l[0]?.actorCount === likers.indexOf(p) + 1, `like ${likers.indexOf(p) + 1}`);
    }
    const [n] = (await list(ann)).data;
    expect((await list(ann)).data).toHaveLength(1);
    expect(n).toMatchObject({ kind: 'like', actorCount: 4, actors: [{ id: likers[3]!.id }, { id: likers[2]!.id }] });
    expect(notificationText(n!)).toBe('Eve Doe, Dan Doe and 2 others liked "Harbour"');
    expect(await unread(ann)).toBe(1);

    await unlike(likers[3]!, harbour.id);
    await until(ann, (l) => l[0]?.actorCount === 3, 'the unlike');
    expect((await list(ann)).data[0]!.actors.map((a) => a.id)).toEqual([likers[2]!.id, likers[1]!.id]);
  });

  it('says nothing of a like of your own item, and nothing about an item the person can no longer see', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann);
    await like(ann, harbour.id);
    await settle();
    expect((await list(ann)).data).toHaveLength(0);

    await like(bob, harbour.id);
    await until(ann, (l) => l.length === 1, 'the like');
    await comment(ann, harbour.id, `thanks @${bob.username}`);
    await until(bob, (l) => l.length === 1, 'the mention');
    // Ann makes the item private: Bob's mention about it drops out of his list and count.
    await t.deps.database.db.update(content).set({ isPrivate: true }).where(eq(content.id, harbour.id));
    expect((await list(bob)).data).toHaveLength(0);
    expect(await unread(bob)).toBe(0);
    expect((await list(ann)).data).toHaveLength(1);
  });

  it('removes the notifications of a deleted item', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann);
    await like(bob, harbour.id);
    await until(ann, (l) => l.length === 1, 'the like');
    const res = await t.app.inject({ method: 'DELETE', url: api(`/content/${harbour.id}`), headers: ann.headers });
    expect(res.statusCode).toBe(200);
    expect((await list(ann)).data).toHaveLength(0);
  });
});

describe('follows', () => {
  it('tells the person followed, linking to the follower; an unfollow withdraws it while unread', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    expect((await t.app.inject({ method: 'POST', url: api(`/users/follow/${ann.id}`), headers: bob.headers })).statusCode).toBe(200);
    const [n] = await until(ann, (l) => l.length === 1, 'the follow');
    expect(n).toMatchObject({ kind: 'follow', actors: [{ id: bob.id }], link: `/u/${bob.username}` });
    expect(notificationText(n!)).toBe('Bob Builder started following you');
    await t.app.inject({ method: 'DELETE', url: api(`/users/follow/${ann.id}`), headers: bob.headers });
    await until(ann, (l) => l.length === 0, 'the unfollow');
  });
});

describe('jobs', () => {
  it("tells a job's owner of an application, and the applicant of each status it reaches", async () => {
    const owner = await person('Olive Owner');
    const applicant = await person('Art Applicant');
    const job = await t.app.inject({
      method: 'POST',
      url: api('/jobs'),
      headers: owner.headers,
      payload: { title: 'Video Editor', company: 'Loop', location: 'Remote', employmentType: 'contract', description: 'Cut clips.' },
    });
    expect(job.statusCode).toBe(201);
    const jobId = job.json().data.id as string;
    const applied = await t.app.inject({
      method: 'POST',
      url: api('/applications'),
      headers: applicant.headers,
      payload: { jobId, name: applicant.fullName, email: applicant.email, coverLetter: 'I cut things.' },
    });
    expect(applied.statusCode).toBe(201);
    const [n] = await until(owner, (l) => l.length === 1, 'the application');
    expect(n).toMatchObject({ kind: 'application', subject: { type: 'job', id: jobId, title: 'Video Editor' }, link: `/jobs/${jobId}/applications` });

    const id = applied.json().data.id as string;
    const put = await t.app.inject({ method: 'PUT', url: api(`/applications/${id}`), headers: owner.headers, payload: { status: 'interview' } });
    expect(put.statusCode).toBe(200);
    const [status] = await until(applicant, (l) => l.length === 1, 'the status change');
    expect(notificationText(status!)).toBe('Your application for Video Editor is now interview');
    expect(status!.link).toBe('/applications/mine');
  });
});

describe('generations', () => {
  it('tells the owner an item is ready, and that one failed with its refund', async () => {
    const ann = await createUser(t.deps, { fullName: 'Ann Archer', credits: 20 });
    const generate = (prompt: string, model: string) =>
      t.app.inject({ method: 'POST', url: api('/content/generate'), headers: ann.headers, payload: { contentType: 'photo', prompt, model } });
    provider.mode = 'succeed';
    const ok = await generate('A kite over the dunes', 'flux-schnell');
    expect(ok.statusCode).toBe(201);
    const [ready] = await until(ann, (l) => l.length === 1, 'the finished item');
    expect(ready).toMatchObject({ kind: 'generation', link: `/content/${ok.json().data.id}`, refunded: null });
    expect(notificationText(ready!)).toMatch(/is ready$/);

    provider.mode = 'fail';
    const bad = await generate('Cannot be drawn', 'flux-dev');
    expect(bad.statusCode).toBe(201);
    const failedId = bad.json().data.id as string;
    const failed = (await until(ann, (l) => l.length === 2, 'the failed item')).find((n) => n.subject.id === failedId);
    provider.mode = 'succeed';
    expect(failed).toMatchObject({ kind: 'generation', refunded: 5 });
    expect(notificationText(failed!)).toContain('could not be generated; 5 credits were refunded');
  });

  it('tells of a batch’s finished candidates in one notification that counts them', async () => {
    const cy = await createUser(t.deps, { fullName: 'Cy Batch', credits: 50 });
    provider.mode = 'succeed';
    const res = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: cy.headers,
      payload: { contentType: 'photo', prompt: 'Three kites over the dunes', model: 'flux-schnell', count: 3 },
    });
    expect(res.statusCode).toBe(201);
    const batchId = res.json().data.batch.id as string;
    const [one] = await until(cy, (l) => l[0]?.itemCount === 3, 'the whole batch in one notification');
    expect((await list(cy)).data).toHaveLength(1);
    expect(await unread(cy)).toBe(1);
    expect(one).toMatchObject({ kind: 'generation', refunded: null, subject: { type: 'content' } });
    const [first] = await t.deps.database.db.select().from(content).where(eq(content.id, one!.subject.id));
    expect(first?.batchId).toBe(batchId);
    expect(notificationText(one!)).toBe(`"${first!.title}" and 2 more are ready`);
    // Deleting the candidate it is about keeps it, about the next one; it goes with the last.
    const remove = (id: string) => t.app.inject({ method: 'DELETE', url: api(`/content/${id}`), headers: cy.headers });
    expect((await remove(one!.subject.id)).statusCode).toBe(200);
    const [moved] = (await list(cy)).data;
    expect(moved).toMatchObject({ id: one!.id, itemCount: 2, subject: { type: 'content' } });
    expect(moved!.subject.id).not.toBe(one!.subject.id);
    const [next] = await t.deps.database.db.select().from(content).where(eq(content.id, moved!.subject.id));
    expect(next?.batchId).toBe(batchId);
    expect(moved!.link).toBe(`/content/${next!.id}`);
    expect(notificationText(moved!)).toBe(`"${next!.title}" and 1 more are ready`);
    expect((await remove(next!.id)).statusCode).toBe(200);
    const [last] = (await list(cy)).data;
    expect(last).toMatchObject({ id: one!.id, itemCount: 1 });
    expect(notificationText(last!)).toMatch(/ is ready$/);
    expect((await remove(last!.subject.id)).statusCode).toBe(200);
    expect((await list(cy)).data).toHaveLength(0);
    // A single item's notification carries no count.
    const single = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: cy.headers,
      payload: { contentType: 'photo', prompt: 'One kite', model: 'flux-schnell' },
    });
    const singleId = single.json().data.id as string;
    const alone = (await until(cy, (l) => l.some((n) => n.subject.id === singleId), 'the single item')).find((n) => n.subject.id === singleId);
    expect(alone?.itemCount).toBeUndefined();
    expect(notificationText(alone!)).toMatch(/ is ready$/);
  });
});

describe('reading', () => {
  it('pages newest first by cursor, marks one or all read, and refuses what is not yours or not a cursor', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const items = [];
    for (let i = 0; i < 5; i++) items.push(await item(ann, { title: `Item ${i}` }));
    // A notification is stamped when the worker writes it, and jobs run four at a time: each like's
    // is waited for before the next, so the five are written a second apart, in order.
    for (const [i, it] of items.entries()) {
      await like(bob, it.id);
      await until(ann, (l) => l.length === i + 1, `like ${i + 1}`);
      t.clock.advance(1000);
    }

    const first = await list(ann, '?limit=2');
    const second = await list(ann, `?limit=2&cursor=${first.nextCursor}`);
    const third = await list(ann, `?limit=2&cursor=${second.nextCursor}`);
    const titles = [...first.data, ...second.data, ...third.data].map((n) => n.subject.title);
    expect(titles).toEqual(['Item 4', 'Item 3', 'Item 2', 'Item 1', 'Item 0']);
    expect(third.nextCursor).toBeNull();

    const bad = await t.app.inject({ method: 'GET', url: api('/notifications?cursor=nonsense'), headers: ann.headers });
    expect(bad.statusCode).toBe(400);

    const foreign = await t.app.inject({ method: 'POST', url: api(`/notifications/${first.data[0]!.id}/read`), headers: bob.headers });
    expect(foreign.statusCode).toBe(404);
    expect(await unread(ann)).toBe(5);

    const one = await t.app.inject({ method: 'POST', url: api(`/notifications/${first.data[0]!.id}/read`), headers: ann.headers });
    expect(one.json()).toEqual({ data: { unread: 4 } });
    expect((await list(ann)).data[0]!.isRead).toBe(true);
    const all = await t.app.inject({ method: 'POST', url: api('/notifications/read-all'), headers: ann.headers });
    expect(all.json()).toEqual({ data: { unread: 0 } });

    const anon = await t.app.inject({ method: 'GET', url: api('/notifications') });
    expect(anon.statusCode).toBe(401);
  });

  it('arrives live on the owner\'s socket with the unread count', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann, { title: 'Harbour' });
    const socket = await socketOf(ann);
    const arrived = nextEvent<NotificationPayload>(socket, 'notification', () => true, 10_000);
    await like(bob, harbour.id);
    const payload = await arrived;
    expect(payload.unread).toBe(1);
    expect(payload.notification).toMatchObject({ kind: 'like', subject: { id: harbour.id } });
    const read = nextEvent<{ unread: number }>(socket, 'notifications:unread', () => true, 10_000);
    await t.app.inject({ method: 'POST', url: api('/notifications/read-all'), headers: ann.headers });
    expect((await read).unread).toBe(0);
  });
});

describe('settings', () => {
  it('has the defaults, keeps a change, refuses an unknown kind, and a kind turned off in the app is not written', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const got = await t.app.inject({ method: 'GET', url: api('/notifications/settings'), headers: ann.headers });
    expect(got.json().data).toMatchObject({
      comment: { inApp: true, email: true },
      like: { inApp: true, email: false },
      generation: { inApp: true, email: false },
      follow: { inApp: true, email: true },
    });
    expect(got.json().emailNotifications).toBe(true);

    const unknown = await t.app.inject({ method: 'PATCH', url: api('/notifications/settings'), headers: ann.headers, payload: { poke: { inApp: false } } });
    expect(unknown.statusCode).toBe(400);
    const changed = await t.app.inject({ method: 'PATCH', url: api('/notifications/settings'), headers: ann.headers, payload: { like: { inApp: false } } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.like).toEqual({ inApp: false, email: false });

    const harbour = await item(ann);
    await like(bob, harbour.id);
    await comment(bob, harbour.id, 'nice');
    await until(ann, (l) => l.length >= 1, 'the comment');
    await settle();
    expect((await list(ann)).data.map((n) => n.kind)).toEqual(['comment']);
  });
});

describe('email', () => {
  it('sends at most one email per kind per 15 minutes, listing what happened, with a one-click unsubscribe', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const cat = await person('Cat Crane');
    const harbour = await item(ann, { title: 'Harbour' });
    const deps = notificationsDeps(t.deps, silent);
    await comment(bob, harbour.id, 'first');
    await comment(cat, harbour.id, 'second');
    await like(bob, harbour.id); // likes are not emailed by default
    await until(ann, (l) => l.length === 3, 'three notifications');

    const before = t.mailer.sent.length;
    await sendDueDigests(deps);
    expect(t.mailer.sent.filter((m) => m.to === ann.email)).toHaveLength(0);

    t.clock.advance(15 * 60_000);
    await sendDueDigests(deps);
    const mails = t.mailer.sent.slice(before).filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('2 new notifications on Atelier');
    expect(mail.text).toContain('Bob Builder commented on "Harbour"');
    expect(mail.text).toContain('Cat Crane commented on "Harbour"');
    expect(mail.text).not.toContain('liked');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Nothing new: nothing more is sent.
    t.clock.advance(15 * 60_000);
    await sendDueDigests(deps);
    expect(t.mailer.sent.slice(before).filter((m) => m.to === ann.email)).toHaveLength(1);

    // The one-click link needs no sign-in and turns this kind's emails off.
    const oneClick = mail.headers!['List-Unsubscribe']!.replace(/^<|>$/g, '');
    const res = await t.app.inject({ method: 'POST', url: new URL(oneClick).pathname + new URL(oneClick).search });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.kind).toBe('comment');
    // (Ann's access token has expired with the clock moved on; her stored settings say it.)
    const stored = await t.deps.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, ann.id));
    expect(stored).toEqual([{ userId: ann.id, kind: 'comment', inApp: true, email: false }]);
    expect(mail.text).toContain(`/notifications/unsubscribe?token=`);

    const forged = await t.app.inject({ method: 'POST', url: api('/notifications/unsubscribe?token=abc.def.ghi') });
    expect(forged.statusCode).toBe(400);
  });

  it('keeps what an email that failed would have said for the next one', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    await t.app.inject({ method: 'POST', url: api(`/users/follow/${ann.id}`), headers: bob.headers });
    await until(ann, (l) => l.length === 1, 'the follow');
    const deps = notificationsDeps(t.deps, silent);
    t.clock.advance(15 * 60_000);
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      await sendDueDigests(deps);
    } finally {
      t.mailer.send = send;
    }
    expect(t.mailer.sent.filter((m) => m.to === ann.email)).toHaveLength(0);
    t.clock.advance(15 * 60_000);
    await sendDueDigests(deps);
    const mails = t.mailer.sent.filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Bob Builder started following you');
  });

  it('sends no email at all with emailNotifications off', async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const off = await t.app.inject({ method: 'PATCH', url: api('/users/settings'), headers: ann.headers, payload: { emailNotifications: false } });
    expect(off.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: api(`/users/follow/${ann.id}`), headers: bob.headers });
    await until(ann, (l) => l.length === 1, 'the follow');
    t.clock.advance(16 * 60_000);
    await sendDueDigests(notificationsDeps(t.deps, silent));
    expect(t.mailer.sent.filter((m) => m.to === ann.email)).toHaveLength(0);
  });
});

describe('account deletion', () => {
  it("removes the person's notifications and settings, and their part in others'", async () => {
    const ann = await person('Ann Archer');
    const bob = await person('Bob Builder');
    const harbour = await item(ann);
    const bobs = await item(bob);
    await like(bob, harbour.id);
    await like(ann, bobs.id);
    await until(ann, (l) => l.length === 1, "Ann's like");
    await until(bob, (l) => l.length === 1, "Bob's like");
    await t.app.inject({ method: 'PATCH', url: api('/notifications/settings'), headers: bob.headers, payload: { like: { email: true } } });

    const steps = accountDeletionSteps(moduleHooks(t.deps));
    await runAccountDeletion(t.deps.database.db, steps, bob.id, new Date());
    const db = t.deps.database.db;
    expect(await db.select().from(notifications).where(eq(notifications.userId, bob.id))).toHaveLength(0);
    expect(await db.select().from(notificationSettings).where(eq(notificationSettings.userId, bob.id))).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, ann.id))).toHaveLength(0);
    expect((await db.select().from(users).where(eq(users.id, bob.id)))[0]?.deletedAt).not.toBeNull();
  });
});
