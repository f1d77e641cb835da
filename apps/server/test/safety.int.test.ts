import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationText, type Notification } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { countIndexedContent, findSharedContent } from '../src/modules/content/content-pages.repository.js';
import { createTestApp, writeBehind, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';

/**
 * Trust and safety, second part: mature ratings and the showMature setting, blocks filtering what
 * the blocker sees, suspended accounts leaving every public place, and the notices moderators'
 * actions send. Each as a person would notice it.
 */
let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { worker: true, provider: fakeProvider('succeed') });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const req = (method: Method, path: string, who?: { headers: Record<string, string> } | null, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const count = async (sqlText: string, params: unknown[] = []) =>
  (await t.deps.database.query<{ n: number }>(sqlText, params)).rows[0]!.n;

let seq = 0;
async function insertItem(owner: TestUser, title: string, fields: Partial<typeof contentTable.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({ userId: owner.id, title, prompt: `${title} prompt`, model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: seq, cost: 0, ...fields })
    .returning();
  return row!.id;
}

const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((c) => c.id);

/** Every place a visitor or a person finds items by: the gallery, search, one owner's list and their profile list. */
async function foundEverywhere(who: TestUser | null, owner: TestUser, word: string): Promise<Record<string, string[]>> {
  const [gallery, search, ownerGallery, profile] = await Promise.all([
    req('GET', '/content?pageSize=100', who),
    req('GET', `/content/search?q=${word}&pageSize=100`, who),
    req('GET', `/content?owner=${owner.id}&pageSize=100`, who),
    req('GET', `/users/${owner.id}/content?pageSize=100`, who),
  ]);
  for (const r of [gallery, search, ownerGallery, profile]) expect(r.statusCode, r.body).toBe(200);
  return { gallery: ids(gallery), search: ids(search), ownerGallery: ids(ownerGallery), profile: ids(profile) };
}

describe('mature content', () => {
  it('never shows a mature item to visitors or to people who have not opted in; an adult who opts in sees it', async () => {
    const owner = await createUser(t.deps);
    const word = `kestrel${Date.now().toString(36)}`;
    const general = await insertItem(owner, `${word} general`);
    const mature = await insertItem(owner, `${word} mature`, { rating: 'mature' });
    const viewer = await createUser(t.deps);

    for (const who of [null, viewer]) {
      const found = await foundEverywhere(who, owner, word);
      for (const [where, list] of Object.entries(found)) {
        expect(list, where).toContain(general);
        expect(list, where).not.toContain(mature);
      }
    }
    // Link previews and the sitemap advertise it to nobody.
    expect(await findSharedContent(t.deps.database.db, mature)).toBeNull();
    expect(await findSharedContent(t.deps.database.db, general)).not.toBeNull();

    // Its own page opens, behind the gate.
    const page = await req('GET', `/content/${mature}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ id: mature, rating: 'mature', isMatureGated: true });
    expect((await req('GET', `/content/${general}`, null)).json().data.isMatureGated).toBeUndefined();

    // The setting is off for a new account; turning it on shows mature items everywhere.
    const me = await req('GET', '/users/me', viewer);
    expect(me.json().data.settings.showMature).toBe(false);
    const on = await req('PATCH', '/users/settings', viewer, { showMature: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.settings.showMature).toBe(true);
    const found = await foundEverywhere(viewer, owner, word);
    for (const [where, list] of Object.entries(found)) expect(list, where).toEqual(expect.arrayContaining([general, mature]));
    expect((await req('GET', `/content/${mature}`, viewer)).json().data.isMatureGated).toBeUndefined();

    // The owner always sees their own, in their profile list, without a gate.
    expect(ids(await req('GET', `/users/${owner.id}/content?pageSize=100`, owner))).toContain(mature);
    expect((await req('GET', `/content/${mature}`, owner)).json().data.isMatureGated).toBeUndefined();

    const bad = await req('PATCH', '/users/settings', viewer, { showMature: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message ?? bad.body).toBeTruthy();
    expect((await req('GET', '/users/me', viewer)).json().data.settings.showMature).toBe(true);
  });

  it('lets the owner rate their item on edit, and refuses an unknown rating without changing anything', async () => {
    const owner = await createUser(t.deps);
    const id = await insertItem(owner, 'Rated on edit');
    const edited = await req('PUT', `/content/${id}`, owner, { rating: 'mature' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.rating).toBe('mature');
    expect(ids(await req('GET', '/content?pageSize=100', null))).not.toContain(id);

    const bad = await req('PUT', `/content/${id}`, owner, { rating: 'spicy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Rating must be one of general, mature');
    const other = await createUser(t.deps);
    expect((await req('PUT', `/content/${id}`, other, { rating: 'general' })).statusCode).toBe(403);
    expect(await count('SELECT count(*)::int AS n FROM content WHERE id = $1 AND rating = $2', [id, 'mature'])).toBe(1);
  });

  it('lets admins set a rating, audited once even when sent many times at once; others and API keys may not', async () => {
    const owner = await createUser(t.deps);
    const id = await insertItem(owner, 'Rated by a moderator');
    const replies = await Promise.all(Array.from({ length: 5 }, () => req('PUT', `/admin/content/${id}/rating`, admin, { rating: 'mature' })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await count('SELECT count(*)::int AS n FROM content WHERE id = $1 AND rating = $2', [id, 'mature'])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'set_rating' AND details->>'contentId' = $1`, [id])).toBe(1);

    expect((await req('PUT', `/admin/content/${id}/rating`, owner, { rating: 'general' })).statusCode).toBe(403);
    expect((await req('PUT', `/admin/content/${id}/rating`, null, { rating: 'general' })).statusCode).toBe(401);
    const missing = await req('PUT', '/admin/content/00000000-0000-4000-8000-00000000abcd/rating', admin, { rating: 'general' });
    expect(missing.statusCode).toBe(404);
    expect((await req('PUT', `/admin/content/${id}/rating`, admin, { rating: 'x' })).statusCode).toBe(400);

    // An admin's API key cannot call it: only a session.
    const key = await req('POST', '/developers/keys', admin, { name: 'script', scopes: ['generate'] });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await t.app.inject({
      method: 'PUT',
      url: api(`/admin/content/${id}/rating`),
      headers: { authorization: `Bearer ${key.json().data.token}` },
      payload: { rating: 'general' },
    });
    expect([401, 403]).toContain(byKey.statusCode);
    expect(await count('SELECT count(*)::int AS n FROM content WHERE id = $1 AND rating = $2', [id, 'mature'])).toBe(1);
  });
});

describe('rating at generation', () => {
  it('stores the rating asked for at generation, and refuses an unknown one without charging', async () => {
    const maker = await createUser(t.deps, { credits: 100 });
    const res = await req('POST', '/content/generate', maker, { contentType: 'photo', prompt: 'a lighthouse in fog', rating: 'mature' });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as { id: string }).id;
    expect(await count('SELECT count(*)::int AS n FROM content WHERE id = $1 AND rating = $2', [id, 'mature'])).toBe(1);

    const balance = await count('SELECT credits AS n FROM users WHERE id = $1', [maker.id]);
    const bad = await req('POST', '/content/generate', maker, { contentType: 'photo', prompt: 'a lighthouse in fog', rating: 'adult' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Rating must be one of general, mature');
    expect(await count('SELECT credits AS n FROM users WHERE id = $1', [maker.id])).toBe(balance);
  });
});

describe('blocks filter what the blocker sees', () => {
  it("leaves the blocked person's items and profile out of the blocker's lists, and only the blocker's", async () => {
    const blocker = await createUser(t.deps);
    const blocked = await createUser(t.deps, { fullName: 'Blocked Person' });
    const word = `heron${Date.now().toString(36)}`;
    const item = await insertItem(blocked, `${word} by the blocked`);
    expect((await req('POST', `/users/follow/${blocked.id}`, blocker)).statusCode).toBe(200);
    expect((await req('POST', `/users/block/${blocked.id}`, blocker)).statusCode).toBe(200);

    const seen = await foundEverywhere(blocker, blocked, word);
    expect(seen.gallery).not.toContain(item);
    expect(seen.search).not.toContain(item);
    expect(seen.ownerGallery).not.toContain(item);
    expect(seen.profile).not.toContain(item);
    const people = await req('GET', `/users/search?q=${blocked.username}`, blocker);
    expect(people.json().data.map((p: { id: string }) => p.id)).not.toContain(blocked.id);

    // The blocked person and everyone else still see it.
    const others = await foundEverywhere(blocked, blocked, word);
    expect(others.gallery).toContain(item);
    expect((await foundEverywhere(null, blocked, word)).search).toContain(item);

    // Unblocking brings it back.
    expect((await req('DELETE', `/users/block/${blocked.id}`, blocker)).statusCode).toBe(200);
    expect((await foundEverywhere(blocker, blocked, word)).gallery).toContain(item);
  });
});

describe('search totals count what the pages can show', () => {
  const search = async (who: TestUser | null, word: string, pageSize = 100) => {
    const res = await req('GET', `/content/search?q=${word}&pageSize=${pageSize}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: ids(res), total: res.json().pagination.total as number };
  };

  it("leaves a blocked person's matches out of the blocker's total, and pages stay full", async () => {
    const blocker = await createUser(t.deps);
    const blocked = await createUser(t.deps);
    const other = await createUser(t.deps);
    const word = `grebe${Date.now().toString(36)}`;
    const theirs = [await insertItem(blocked, `${word} one`), await insertItem(blocked, `${word} two`), await insertItem(blocked, `${word} three`)];
    const mine = [await insertItem(other, `${word} four`), await insertItem(other, `${word} five`)];
    expect((await search(blocker, word)).total).toBe(5);

    expect((await req('POST', `/users/block/${blocked.id}`, blocker)).statusCode).toBe(200);
    const seen = await search(blocker, word);
    expect(seen.total).toBe(2);
    expect(seen.ids.sort()).toEqual([...mine].sort());
    // A page of two holds both of the other person's items, not blocked ones left out after paging.
    expect((await search(blocker, word, 2)).ids.sort()).toEqual([...mine].sort());
    // Everyone else still finds all five.
    expect((await search(other, word)).total).toBe(5);
    expect((await search(null, word)).ids).toEqual(expect.arrayContaining(theirs));
  });

  it("leaves a suspended account's matches out of every total", async () => {
    const person = await createUser(t.deps);
    const other = await createUser(t.deps);
    const viewer = await createUser(t.deps);
    const word = `shrike${Date.now().toString(36)}`;
    await insertItem(person, `${word} one`);
    await insertItem(person, `${word} two`);
    const kept = await insertItem(other, `${word} three`);
    expect((await search(viewer, word)).total).toBe(3);
    expect((await req('POST', `/admin/users/${person.id}/suspend`, admin, {})).statusCode).toBe(200);
    for (const who of [null, viewer]) {
      const seen = await search(who, word);
      expect(seen.total).toBe(1);
      expect(seen.ids).toEqual([kept]);
    }
  });
});

describe('suspension hides an account', () => {
  it("takes the account's items and profile out of every public place until it ends, by the database's clock", async () => {
    const person = await createUser(t.deps);
    const word = `osprey${Date.now().toString(36)}`;
    const item = await insertItem(person, `${word} by the suspended`);
    const viewer = await createUser(t.deps);
    const suspend = await req('POST', `/admin/users/${person.id}/suspend`, admin, {});
    expect(suspend.statusCode, suspend.body).toBe(200);

    for (const who of [null, viewer]) {
      const found = await foundEverywhere(who, person, word);
      for (const [where, list] of Object.entries(found)) expect(list, where).not.toContain(item);
      expect((await req('GET', `/content/${item}`, who)).statusCode).toBe(404);
      expect((await req('GET', `/users/profile/${person.username}`, who)).statusCode).toBe(404);
    }
    expect(await findSharedContent(t.deps.database.db, item)).toBeNull();
    // Admins still open both.
    expect((await req('GET', `/content/${item}`, admin)).statusCode).toBe(200);
    expect((await req('GET', `/users/profile/${person.username}`, admin)).statusCode).toBe(200);

    // The end passes in the database: the account is back without anyone writing anything else.
    const before = await countIndexedContent(t.deps.database.db);
    // Written behind the app's back: the visitors' read cache hears of it through the database.
    await writeBehind(t, () => t.deps.database.query(`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = $1`, [person.id]));
    expect((await foundEverywhere(null, person, word)).gallery).toContain(item);
    expect((await req('GET', `/content/${item}`, null)).statusCode).toBe(200);
    expect((await req('GET', `/users/profile/${person.username}`, null)).statusCode).toBe(200);
    expect(await countIndexedContent(t.deps.database.db)).toBe(before + 1);
  });
});

describe("moderators' actions tell the people concerned", () => {
  async function notices(who: TestUser): Promise<Notification[]> {
    const res = await req('GET', '/notifications', who);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Notification[]).filter((n) => n.kind === 'moderation');
  }
  const arrive = (who: TestUser, n: number) =>
    waitFor(async () => {
      const list = await notices(who);
      return list.length >= n ? list : undefined;
    }, 10_000, `${n} moderation notices`);

  async function openReport(reporter: TestUser, targetType: string, targetId: string): Promise<string> {
    const res = await req('POST', '/reports', reporter, { targetType, targetId, reason: 'harassment' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  }

  it('warns the person, tells the owner of a hidden item, and thanks the reporters; a dismissal tells nobody', async () => {
    const owner = await createUser(t.deps);
    const reporter = await createUser(t.deps);
    const item = await insertItem(owner, 'Reported harbour');
    const hide = await req('PATCH', `/admin/reports/${await openReport(reporter, 'content', item)}`, admin, { action: 'hide', note: 'Not for the gallery' });
    expect(hide.statusCode, hide.body).toBe(200);
    const [hidden] = await arrive(owner, 1);
    expect(notificationText(hidden!)).toBe('A moderator hid "Reported harbour"');
    expect(hidden!.excerpt).toBe('Not for the gallery');
    const [thanks] = await arrive(reporter, 1);
    expect(notificationText(thanks!)).toBe('Thank you for your report: a moderator hid what you reported');

    const warnReport = await openReport(reporter, 'user', owner.id);
    expect((await req('PATCH', `/admin/reports/${warnReport}`, admin, { action: 'warn', note: 'Be kind' })).statusCode).toBe(200);
    const list = await arrive(owner, 2);
    expect(list.some((n) => notificationText(n).startsWith('A moderator warned you') && n.excerpt === 'Be kind')).toBe(true);

    const quiet = await createUser(t.deps);
    const dismissed = await openReport(quiet, 'content', await insertItem(owner, 'Fine item'));
    expect((await req('PATCH', `/admin/reports/${dismissed}`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await notices(quiet)).toEqual([]);
  });
});
