import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { newSignup } from './auth-helpers.js';
import { createUser, pngBytes, type TestUser } from './factories.js';

/** Reserved usernames, and the prompt blocklist applied to everything else people write. */
let t: TestContext;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', PROMPT_BLOCKLIST: 'snuff,forbidden phrase' });
  ann = await createUser(t.deps);
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const count = async (table: string) =>
  (await t.deps.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('reserved usernames', () => {
  it.each(['support', 'Admin', 'administrator', 'atelier', 'moderator', 'staff', 'system', 'help', 'AtelierTeam', 'the_support_desk'])(
    'refuses %s at sign-up and creates nobody',
    async (username) => {
      const before = await count('users');
      const res = await t.app.inject({ method: 'POST', url: api('/auth/register'), payload: newSignup({ username }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This username is reserved');
      expect(await count('users')).toBe(before);
    },
  );

  it('refuses a reserved name on a profile change and keeps the old one; ordinary names still pass', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: ann.headers, payload: { username: 'Support' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This username is reserved');
    const me = await t.app.inject({ method: 'GET', url: api('/users/profile'), headers: ann.headers });
    expect(me.json().data.user.username).toBe(ann.username);
    const ok = await t.app.inject({ method: 'POST', url: api('/auth/register'), payload: newSignup({ username: `helper_${Date.now()}` }) });
    expect(ok.statusCode).toBe(201);
  });

  it('lets an account that already holds a reserved name keep it when it saves its profile', async () => {
    const admin = await createUser(t.deps, { role: 'admin', username: `admin${Date.now()}` });
    const res = await t.app.inject({
      method: 'PATCH',
      url: api('/users/profile'),
      headers: admin.headers,
      payload: { username: admin.username, bio: 'Running the place' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the staff badge', () => {
  it('marks admins, and only admins, as staff on their profile', async () => {
    const admin = await createUser(t.deps, { role: 'admin', fullName: 'Atelier Support' });
    const profile = async (username: string) =>
      (await t.app.inject({ method: 'GET', url: api(`/users/profile/${username}`) })).json().data.user;
    expect((await profile(admin.username)).isStaff).toBe(true);
    expect((await profile(ann.username)).isStaff).toBeUndefined();
  });
});

describe('the blocklist on what people write', () => {
  async function upload(title: string) {
    const boundary = '----atelier-test';
    const png = await pngBytes();
    const head = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(head('title', title) + head('contentType', 'photo')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: api('/content'),
      headers: { ...ann.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }

  it('refuses an upload whose title holds a blocked term, naming it, and stores nothing', async () => {
    const before = await count('content');
    const res = await upload('A SNUFF film still');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your title contains a blocked term: "snuff"');
    expect(await count('content')).toBe(before);
    expect((await upload('Harbour at dawn')).statusCode).toBe(201);
  });

  it('refuses blocked titles, descriptions and tags on edit, and blocked comments', async () => {
    const created = await upload('Quiet street');
    const id = created.json().data.id as string;
    const edit = (payload: object) => t.app.inject({ method: 'PUT', url: api(`/content/${id}`), headers: ann.headers, payload });
    const title = await edit({ title: 'snuff' });
    expect(title.statusCode).toBe(400);
    expect(title.json().message).toBe('Your title contains a blocked term: "snuff"');
    expect((await edit({ description: 'has a Forbidden  Phrase inside' })).json().message).toBe(
      'Your description contains a blocked term: "forbidden phrase"',
    );
    expect((await edit({ tags: ['street', 'snuff'] })).json().message).toBe('Your tags contains a blocked term: "snuff"');
    const item = await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: ann.headers });
    expect(item.json().data.title).toBe('Quiet street');

    const comments = await count('content_comments');
    const comment = await t.app.inject({
      method: 'POST',
      url: api(`/content/${id}/comments`),
      headers: ann.headers,
      payload: { content: 'what a snuff scene' },
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().message).toBe('Your comment contains a blocked term: "snuff"');
    expect(await count('content_comments')).toBe(comments);
  });

  it('refuses a job post with a blocked term', async () => {
    const before = await count('jobs');
    const res = await t.app.inject({
      method: 'POST',
      url: api('/jobs'),
      headers: ann.headers,
      payload: {
        title: 'Illustrator',
        company: 'Studio',
        location: 'Lisbon',
        employmentType: 'full_time',
        description: 'We need snuff drawings',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your job description contains a blocked term: "snuff"');
    expect(await count('jobs')).toBe(before);
  });
});
