import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { content } from '../src/modules/content/content.schema.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, loginUser, PASSWORD, registerUser } from './auth-helpers.js';
import { createUser, pngBytes, pngClaiming, type TestUser } from './factories.js';

let t: TestContext;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.deps, { fullName: 'Ann Archer', credits: 30 });
  bob = await createUser(t.deps, { fullName: 'Bob Builder' });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const as = (user?: TestUser) => user?.headers ?? {};

async function insertContent(ownerId: string, opts: { isPrivate?: boolean; status?: 'ready' | 'failed'; likes?: number; plays?: number; title?: string } = {}) {
  const [row] = await t.deps.database.db
    .insert(content)
    .values({
      userId: ownerId,
      title: opts.title ?? 'A quiet harbour',
      prompt: 'a quiet harbour at dawn',
      model: 'stable-diffusion-xl',
      contentType: 'illustration',
      status: opts.status ?? 'ready',
      isPrivate: opts.isPrivate ?? false,
      seed: 1,
      cost: 5,
      likeCount: opts.likes ?? 0,
      playCount: opts.plays ?? 0,
    })
    .returning();
  return row!;
}

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('authorization matrix', () => {
  const authOnly: [string, string, object?][] = [
    ['GET', '/users/profile'],
    ['PATCH', '/users/profile', { bio: 'x' }],
    ['PATCH', '/users/settings', { theme: 'dark' }],
    ['GET', '/users/collections'],
    ['GET', '/users/content'],
    ['GET', '/users/content/archive'],
    ['GET', '/users/followers'],
    ['GET', '/users/following'],
    ['GET', '/users/referrals'],
    ['GET', '/users/stats'],
    ['DELETE', '/users/account', { password: 'x' }],
    ['POST', '/users/account/deletion-code'],
  ];
  it.each(authOnly)('%s %s needs a signed-in user', async (method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET', url: api(url), ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
  });

  it('follow and unfollow need a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: api(`/users/follow/${bob.id}`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: api(`/users/follow/${bob.id}`) })).statusCode).toBe(401);
  });

  it('public reads work for anonymous visitors, other users and admins', async () => {
    for (const viewer of [undefined, bob, admin]) {
      expect((await t.app.inject({ method: 'GET', url: api(`/users/profile/${ann.username}`), headers: as(viewer) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: api(`/users/${ann.id}/followers`), headers: as(viewer) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: api(`/users/${ann.id}/following`), headers: as(viewer) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: api(`/users/${ann.id}/content`), headers: as(viewer) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: api('/users/search?query=ann'), headers: as(viewer) })).statusCode).toBe(200);
    }
  });
});

describe('profiles', () => {
  it('shows your own full profile and settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/profile'), headers: ann.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: ann.id, email: ann.email, username: ann.username });
    expect(res.json().data.settings).toMatchObject({ profileVisibility: 'public' });
  });

  it('a public profile hides the email from others and shows it to the owner', async () => {
    const other = await t.app.inject({ method: 'GET', url: api(`/users/profile/${ann.username.toUpperCase()}`), headers: bob.headers });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.user.email).toBeUndefined();
    expect(other.json().data.user.fullName).toBe('Ann Archer');
    const self = await t.app.inject({ method: 'GET', url: api(`/users/profile/${ann.username}`), headers: ann.headers });
    expect(self.json().data.user).toMatchObject({ email: ann.email, isSelf: true });
  });

  it('an unknown username is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/profile/nobody_here_at_all') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('updates profile fields and refuses a taken username (any case) with 409', async () => {
    const ok = await t.app.inject({
      method: 'PATCH',
      url: api('/users/profile'),
      headers: ann.headers,
      payload: { bio: 'I draw boats', website: 'https://ann.example.com', location: 'Lisbon', fullName: 'Ann A. Archer' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ bio: 'I draw boats', website: 'https://ann.example.com', location: 'Lisbon', fullName: 'Ann A. Archer' });
    const taken = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { username: bob.username.toUpperCase() } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken');
    const badSite = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { website: 'javascript:alert(1)' } });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().message).toBe('Enter a website address like alice.example.com');
    // A bare address is a website: saved with https://, from JSON and from the profile form alike.
    const bare = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { website: ' ann.example.com ' } });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data.user.website).toBe('https://ann.example.com');
    const form = multipart({ website: 'ann.example.org/boats', bio: 'Boats' });
    const viaForm = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: { ...ann.headers, ...form.headers }, payload: form.payload });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.json().data.user).toMatchObject({ website: 'https://ann.example.org/boats', bio: 'Boats' });
    const notAHost = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { website: 'my site' } });
    expect(notAHost.statusCode).toBe(400);
    const longBio = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { bio: 'x'.repeat(501) } });
    expect(longBio.statusCode).toBe(400);
  });

  it('accepts an avatar image by its bytes, stores a 256px WebP, and refuses a disguised file', async () => {
    const png = await pngBytes(600, 400);
    const good = multipart({ location: 'Porto' }, { name: 'me.png', data: png, type: 'image/png' });
    const res = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: { ...ann.headers, ...good.headers }, payload: good.payload });
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user.location).toBe('Porto');
    expect(user.avatar).toMatch(new RegExp(`/media/avatars/${ann.id}-[0-9a-f]+\\.webp$`));
    const fetched = await t.app.inject({ method: 'GET', url: new URL(user.avatar, 'http://x').pathname });
    expect(fetched.statusCode).toBe(200);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(fetched.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const fake = multipart({}, { name: 'evil.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    const refused = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: { ...ann.headers, ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Please select a valid image file');

    const bomb = multipart({}, { name: 'bomb.png', data: pngClaiming(16_000, 16_000), type: 'image/png' });
    const tooBig = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: { ...ann.headers, ...bomb.headers }, payload: bomb.payload });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('This image is too large: at most 40 megapixels');
  });

  it('settings: updates and a private profile shows only name, username and avatar to others', async () => {
    const carol = await createUser(t.deps, { fullName: 'Carol Private' });
    await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: carol.headers, payload: { bio: 'secret bio', location: 'Hidden' } });
    await insertContent(carol.id);
    const res = await t.app.inject({ method: 'PATCH', url: api('/users/settings'), headers: carol.headers, payload: { profileVisibility: 'private', theme: 'dark' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toMatchObject({ profileVisibility: 'private', theme: 'dark' });
    const seen = await t.app.inject({ method: 'GET', url: api(`/users/profile/${carol.username}`), headers: bob.headers });
    expect(seen.json().data.user).toMatchObject({ fullName: 'Carol Private', bio: null, location: null, isPrivate: true });
    expect(seen.json().data.stats).toEqual({ followers: 0, following: 0, content: 0 });
    const items = await t.app.inject({ method: 'GET', url: api(`/users/${carol.id}/content`), headers: bob.headers });
    expect(items.json().data).toEqual([]);
    const own = await t.app.inject({ method: 'GET', url: api(`/users/profile/${carol.username}`), headers: carol.headers });
    expect(own.json().data.user.bio).toBe('secret bio');
  });
});

describe('theme', () => {
  it('keeps one of the five themes on the account and refuses any other name, changing nothing', async () => {
    const fay = await createUser(t.deps);
    const patch = (theme: unknown) =>
      t.app.inject({ method: 'PATCH', url: api('/users/settings'), headers: fay.headers, payload: { theme } });
    const saved = await patch('ocean');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings.theme).toBe('ocean');

    for (const bad of ['neon', 'Dark', '', 42]) {
      const res = await patch(bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await patch('neon')).json().message).toBe('Theme must be one of light, dark, ocean, forest, sunset');
    // What another device reads on sign-in is still the valid choice.
    const me = await t.app.inject({ method: 'GET', url: api('/users/me'), headers: fay.headers });
    expect(me.json().data.settings.theme).toBe('ocean');
  });
});

describe('follows', () => {
  it('follows, refuses yourself, a second follow and unknown users; unfollows', async () => {
    const dan = await createUser(t.deps);
    const eve = await createUser(t.deps);
    const self = await t.app.inject({ method: 'POST', url: api(`/users/follow/${dan.id}`), headers: dan.headers });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself');
    const first = await t.app.inject({ method: 'POST', url: api(`/users/follow/${eve.id}`), headers: dan.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ isFollowing: true, followers: 1 });
    const again = await t.app.inject({ method: 'POST', url: api(`/users/follow/${eve.id}`), headers: dan.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already follow this user');
    const unknown = await t.app.inject({ method: 'POST', url: api('/users/follow/00000000-0000-4000-8000-000000000000'), headers: dan.headers });
    expect(unknown.statusCode).toBe(404);

    const profile = await t.app.inject({ method: 'GET', url: api(`/users/profile/${eve.username}`), headers: dan.headers });
    expect(profile.json().data).toMatchObject({ isFollowing: true, stats: { followers: 1, following: 0 } });
    const followers = await t.app.inject({ method: 'GET', url: api('/users/followers'), headers: eve.headers });
    expect(followers.json().data).toEqual([{ id: dan.id, username: dan.username, fullName: dan.fullName, avatar: null, isFollowing: false }]);
    const following = await t.app.inject({ method: 'GET', url: api(`/users/${dan.id}/following`) });
    expect(following.json().data.map((p: { id: string }) => p.id)).toEqual([eve.id]);
    expect(following.json().pagination).toMatchObject({ total: 1, page: 1 });

    const un = await t.app.inject({ method: 'DELETE', url: api(`/users/follow/${eve.id}`), headers: dan.headers });
    expect(un.json().data).toEqual({ isFollowing: false, followers: 0 });
    const unAgain = await t.app.inject({ method: 'DELETE', url: api(`/users/follow/${eve.id}`), headers: dan.headers });
    expect(unAgain.statusCode).toBe(200);
  });
});

describe('content, search and stats', () => {
  it('your content includes private and failed items; others see public ready items only', async () => {
    const fay = await createUser(t.deps);
    const pub = await insertContent(fay.id, { likes: 3, plays: 7 });
    const priv = await insertContent(fay.id, { isPrivate: true, likes: 1 });
    const failed = await insertContent(fay.id, { status: 'failed' });
    const mine = await t.app.inject({ method: 'GET', url: api('/users/content'), headers: fay.headers });
    expect(mine.json().data.map((c: { id: string }) => c.id).sort()).toEqual([pub.id, priv.id, failed.id].sort());
    const onlyPrivate = await t.app.inject({ method: 'GET', url: api('/users/content?isPrivate=true'), headers: fay.headers });
    expect(onlyPrivate.json().data.map((c: { id: string }) => c.id)).toEqual([priv.id]);
    for (const viewer of [undefined, bob]) {
      const theirs = await t.app.inject({ method: 'GET', url: api(`/users/${fay.id}/content`), headers: as(viewer) });
      expect(theirs.json().data.map((c: { id: string }) => c.id)).toEqual([pub.id]);
    }
    const profile = await t.app.inject({ method: 'GET', url: api(`/users/profile/${fay.username}`), headers: bob.headers });
    expect(profile.json().data.stats.content).toBe(1);
    await t.app.inject({ method: 'POST', url: api(`/users/follow/${fay.id}`), headers: bob.headers });
    const stats = await t.app.inject({ method: 'GET', url: api('/users/stats'), headers: fay.headers });
    expect(stats.json().data.stats).toEqual({
      content: 3,
      publicContent: 1,
      likesReceived: 4,
      plays: 7,
      followers: 1,
      following: 0,
      collections: 0,
      credits: 0,
      referrals: 0,
    });
  });

  it('searches by username or full name, case-insensitively, without deleted users', async () => {
    const gil = await createUser(t.deps, { fullName: 'Gilberto Zanzibar' });
    const res = await t.app.inject({ method: 'GET', url: api('/users/search?query=zanZIBAR'), headers: bob.headers });
    expect(res.json().data.map((p: { id: string }) => p.id)).toEqual([gil.id]);
    const byUsername = await t.app.inject({ method: 'GET', url: api(`/users/search?query=${gil.username.slice(2, 12)}`) });
    expect(byUsername.json().data.map((p: { id: string }) => p.id)).toContain(gil.id);
    await t.deps.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gil.id));
    const after = await t.app.inject({ method: 'GET', url: api('/users/search?query=zanzibar') });
    expect(after.json().data).toEqual([]);
    const wildcard = await t.app.inject({ method: 'GET', url: api('/users/search?query=%25') });
    expect(wildcard.json().pagination.total).toBe(0);
  });

  it('with nothing typed, lists the most followed people and the newest ones, for visitors too', async () => {
    const star = await createUser(t.deps, { fullName: 'Star Maker' });
    const rising = await createUser(t.deps, { fullName: 'Rising Maker' });
    const fans = await Promise.all([createUser(t.deps), createUser(t.deps), createUser(t.deps)]);
    for (const fan of fans) {
      expect((await t.app.inject({ method: 'POST', url: api(`/users/follow/${star.id}`), headers: fan.headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: api(`/users/follow/${rising.id}`), headers: fans[0]!.headers })).statusCode).toBe(200);

    const most = await t.app.inject({ method: 'GET', url: api('/users/search?sort=followers&pageSize=50') });
    expect(most.statusCode).toBe(200);
    const ids = most.json().data.map((p: { id: string }) => p.id);
    expect(ids.indexOf(star.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(star.id)).toBeLessThan(ids.indexOf(rising.id));
    // Only people someone follows.
    expect(ids).not.toContain(fans[1]!.id);

    const newest = await t.app.inject({ method: 'GET', url: api('/users/search?sort=newest&pageSize=3') });
    expect(newest.statusCode).toBe(200);
    expect(newest.json().data.map((p: { id: string }) => p.id)).toContain(fans[2]!.id);

    const bad = await t.app.inject({ method: 'GET', url: api('/users/search?sort=loudest') });
    expect(bad.statusCode).toBe(400);
  });
});

describe('delete account', () => {
  it('needs the right password, then anonymises the account, signs it out and removes its private data', async () => {
    const reg = await registerUser(t);
    const hal = reg.user;
    const other = await createUser(t.deps);
    const pub = await insertContent(hal.id);
    const priv = await insertContent(hal.id, { isPrivate: true });
    const coll = await t.app.inject({ method: 'POST', url: api('/collection'), headers: bearer(reg.accessToken), payload: { name: 'Mine' } });
    expect(coll.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: api(`/users/follow/${other.id}`), headers: bearer(reg.accessToken) });

    const wrong = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: bearer(reg.accessToken), payload: { password: 'Wrong1pass' } });
    expect(wrong.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: bearer(reg.accessToken), payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Your account has been deleted' });

    expect((await t.app.inject({ method: 'GET', url: api('/users/me'), headers: bearer(reg.accessToken) })).statusCode).toBe(401);
    await expect(loginUser(t, reg.signup.email)).rejects.toThrow(/login failed: 401/);
    expect((await t.app.inject({ method: 'GET', url: api(`/content/${priv.id}`), headers: admin.headers })).statusCode).toBe(404);
    const kept = await t.app.inject({ method: 'GET', url: api(`/content/${pub.id}`) });
    expect(kept.json().data.owner.fullName).toBe('Deleted user');
    expect((await t.app.inject({ method: 'GET', url: api(`/collection/${coll.json().data.id}`), headers: admin.headers })).statusCode).toBe(404);
    const followers = await t.app.inject({ method: 'GET', url: api('/users/followers'), headers: other.headers });
    expect(followers.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: api(`/users/profile/${reg.signup.username}`) })).statusCode).toBe(404);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, hal.id));
    expect(row).toMatchObject({ email: `deleted-${hal.id}@deleted.invalid`, fullName: 'Deleted user', passwordHash: null, bio: null });
    expect(row!.deletedAt).not.toBeNull();
  });

  it('an account without a password confirms with a mailed code', async () => {
    const ivy = await createUser(t.deps);
    const noCode = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: ivy.headers, payload: { password: 'anything' } });
    expect(noCode.statusCode).toBe(400);
    const sent = await t.app.inject({ method: 'POST', url: api('/users/account/deletion-code'), headers: ivy.headers });
    expect(sent.statusCode).toBe(200);
    const code = t.mailer.lastCode(ivy.email);
    const bad = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: ivy.headers, payload: { code: code === '000000' ? '111111' : '000000' } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: ivy.headers, payload: { code } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api('/users/me'), headers: ivy.headers })).statusCode).toBe(401);
  });
});
