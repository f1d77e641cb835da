import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD } from './auth-helpers.js';
import { createUser, type TestUser } from './factories.js';

/** Reports, the moderation queue, hiding, suspension: what reporters, owners and admins notice. */
let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const req = (method: Method, path: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const count = async (sqlText: string, params: unknown[] = []) =>
  (await t.deps.database.query<{ n: number }>(sqlText, params)).rows[0]!.n;

let seq = 0;
async function insertItem(owner: TestUser, title = `Item ${++seq}`, fields: Partial<typeof contentTable.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({
      userId: owner.id,
      title,
      prompt: `${title} prompt words`,
      model: 'stable-diffusion-xl',
      contentType: 'photo',
      status: 'ready',
      seed: seq,
      cost: 0,
      ...fields,
    })
    .returning();
  return row!.id;
}

const report = (who: TestUser, targetType: string, targetId: string, reason = 'spam', details?: string) =>
  req('POST', '/reports', who, { targetType, targetId, reason, ...(details ? { details } : {}) });

async function openReportId(targetId: string): Promise<string> {
  const res = await req('GET', '/admin/reports?status=open&pageSize=100', admin);
  const group = (res.json().data as { targetId: string; reports: { id: string }[] }[]).find((g) => g.targetId === targetId);
  if (!group) throw new Error('no open report group for target');
  return group.reports[0]!.id;
}

describe('reporting', () => {
  it('stores one open report per reporter and target, even when sent many times at once', async () => {
    const owner = await createUser(t.deps);
    const reporter = await createUser(t.deps);
    const id = await insertItem(owner);
    const first = await report(reporter, 'content', id, 'spam', 'Links to a scam');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ targetType: 'content', targetId: id, reason: 'spam', status: 'open', details: 'Links to a scam' });
    const again = await report(reporter, 'content', id, 'hate');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);

    const other = await createUser(t.deps);
    const id2 = await insertItem(owner);
    const replies = await Promise.all(Array.from({ length: 6 }, () => report(other, 'content', id2)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM reports WHERE target_id = $1', [id2])).toBe(1);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const owner = await createUser(t.deps);
    const reporter = await createUser(t.deps);
    const id = await insertItem(owner);
    const privateId = await insertItem(owner, 'Private one', { isPrivate: true });
    const before = await count('SELECT count(*)::int AS n FROM reports');

    const badType = await req('POST', '/reports', reporter, { targetType: 'planet', targetId: id, reason: 'spam' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/Target type must be one of content, comment, user, message, job/);
    const badReason = await req('POST', '/reports', reporter, { targetType: 'content', targetId: id, reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toMatch(/Reason must be one of spam/);
    const missing = await report(reporter, 'content', '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('We could not find what you are reporting');
    expect((await report(reporter, 'content', privateId)).statusCode).toBe(404);
    expect((await report(reporter, 'job', id)).statusCode).toBe(404);
    const self = await report(reporter, 'user', reporter.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot report yourself');
    expect((await report(owner, 'content', id)).json().message).toBe('You cannot report yourself');
    expect((await req('POST', '/reports', undefined, { targetType: 'content', targetId: id, reason: 'spam' })).statusCode).toBe(401);
    expect(await count('SELECT count(*)::int AS n FROM reports')).toBe(before);
  });
});

describe('the moderation queue', () => {
  it('is for admins only, groups reports by target with a count, and filters by status and type', async () => {
    const owner = await createUser(t.deps);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const id = await insertItem(owner, 'Doubly reported');
    await report(a, 'content', id, 'spam');
    await report(b, 'content', id, 'hate');
    await report(a, 'user', owner.id, 'impersonation');

    expect((await req('GET', '/admin/reports', a)).statusCode).toBe(403);
    expect((await req('GET', '/admin/reports')).statusCode).toBe(401);

    const res = await req('GET', '/admin/reports?pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.openCount).toBeGreaterThanOrEqual(3);
    const group = body.data.find((g: { targetId: string }) => g.targetId === id);
    expect(group).toMatchObject({
      targetType: 'content',
      targetUser: { id: owner.id, username: owner.username },
      summary: 'Doubly reported',
      count: 2,
      isHidden: false,
    });
    expect([...group.reasons].sort()).toEqual(['hate', 'spam']);
    expect(group.reports.map((r: { reporter: { id: string } }) => r.reporter.id).sort()).toEqual([a.id, b.id].sort());

    const users = await req('GET', '/admin/reports?targetType=user&pageSize=100', admin);
    expect(users.json().data.every((g: { targetType: string }) => g.targetType === 'user')).toBe(true);
    expect(users.json().data.some((g: { targetId: string }) => g.targetId === owner.id)).toBe(true);
    expect((await req('GET', '/admin/reports?status=closed', admin)).statusCode).toBe(400);
  });

  it('hides a reported item from every public list, tells its owner, closes all its reports, and audits it', async () => {
    const owner = await createUser(t.deps);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const title = `Harbour zebracorn ${Date.now()}`;
    const id = await insertItem(owner, title);
    await report(a, 'content', id, 'sexual');
    await report(b, 'content', id, 'sexual');
    const gallery = async (who?: TestUser) =>
      ((await req('GET', '/content?pageSize=100', who)).json().data as { id: string }[]).some((c) => c.id === id);
    const search = async () =>
      ((await req('GET', `/content/search?q=${encodeURIComponent('zebracorn')}&pageSize=100`)).json().data as { id: string }[]).some(
        (c) => c.id === id,
      );
    expect(await gallery()).toBe(true);
    expect(await search()).toBe(true);

    const reportId = await openReportId(id);
    const acted = await req('PATCH', `/admin/reports/${reportId}`, admin, { action: 'hide', note: 'Nudity' });
    expect(acted.statusCode).toBe(200);
    expect(acted.json().data).toEqual({ closed: 2, status: 'actioned' });

    expect(await gallery()).toBe(false);
    expect(await gallery(a)).toBe(false);
    expect(await search()).toBe(false);
    expect((await req('GET', `/content/${id}`, a)).statusCode).toBe(404);
    expect((await req('GET', `/content/${id}`)).statusCode).toBe(404);
    const own = await req('GET', `/content/${id}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.isHidden).toBe(true);
    expect((await req('GET', `/content/${id}`, admin)).json().data.isHidden).toBe(true);
    expect(await count(`SELECT count(*)::int AS n FROM reports WHERE target_id = $1 AND status = 'open'`, [id])).toBe(0);

    const again = await req('PATCH', `/admin/reports/${reportId}`, admin, { action: 'dismiss' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This report is already closed');

    const audit = await req('GET', '/admin/audit?pageSize=50', admin);
    const entry = audit.json().data.find((e: { type: string; details: { targetId?: string } }) => e.type === 'report_action' && e.details?.targetId === id);
    expect(entry).toMatchObject({ actor: { id: admin.id }, target: { id: owner.id }, details: { action: 'hide', closed: 2, note: 'Nudity' } });
  });

  it('hides a comment from everyone but its author and admins', async () => {
    const owner = await createUser(t.deps);
    const author = await createUser(t.deps);
    const reader = await createUser(t.deps);
    const id = await insertItem(owner);
    const posted = await req('POST', `/content/${id}/comments`, author, { content: 'You are all idiots' });
    expect(posted.statusCode).toBe(201);
    const commentId = posted.json().data.id as string;
    expect((await report(reader, 'comment', commentId, 'harassment')).statusCode).toBe(201);
    await req('PATCH', `/admin/reports/${await openReportId(commentId)}`, admin, { action: 'hide' });

    const seen = async (who?: TestUser) =>
      (await req('GET', `/content/${id}/comments`, who)).json().data as { id: string; isHidden?: boolean }[];
    expect((await seen(reader)).some((c) => c.id === commentId)).toBe(false);
    expect((await seen()).some((c) => c.id === commentId)).toBe(false);
    expect((await seen(author)).find((c) => c.id === commentId)?.isHidden).toBe(true);
    expect((await seen(admin)).some((c) => c.id === commentId)).toBe(true);
  });

  it('deletes a reported comment, and dismisses several reports at once, all or nothing', async () => {
    const owner = await createUser(t.deps);
    const reporter = await createUser(t.deps);
    const id = await insertItem(owner);
    const posted = await req('POST', `/content/${id}/comments`, owner, { content: 'Buy followers at example.com' });
    const commentId = posted.json().data.id as string;
    await report(reporter, 'comment', commentId);
    const del = await req('PATCH', `/admin/reports/${await openReportId(commentId)}`, admin, { action: 'delete' });
    expect(del.statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM content_comments WHERE id = $1', [commentId])).toBe(0);

    const x = await insertItem(owner);
    const y = await insertItem(owner);
    await report(reporter, 'content', x);
    await report(reporter, 'content', y);
    const ids = [await openReportId(x), await openReportId(y)];
    const closedId = (await report(reporter, 'content', id)).json().data.id as string;
    await req('PATCH', `/admin/reports/${closedId}`, admin, { action: 'dismiss' });

    const mixed = await req('POST', '/admin/reports/bulk', admin, { ids: [...ids, closedId], action: 'dismiss' });
    expect(mixed.statusCode).toBe(400);
    expect(await count(`SELECT count(*)::int AS n FROM reports WHERE id = ANY($1::uuid[]) AND status = 'open'`, [ids])).toBe(2);
    const unknown = await req('POST', '/admin/reports/bulk', admin, { ids: [...ids, '00000000-0000-4000-8000-000000000000'], action: 'dismiss' });
    expect(unknown.statusCode).toBe(400);

    const bulk = await req('POST', '/admin/reports/bulk', admin, { ids, action: 'dismiss', note: 'Fine' });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data).toEqual({ closed: 2, status: 'dismissed' });
    const dismissed = await req('GET', '/admin/reports?status=dismissed&pageSize=100', admin);
    expect(dismissed.json().data.filter((g: { targetId: string }) => ids.length && [x, y].includes(g.targetId))).toHaveLength(2);

    const wrong = await req('POST', '/reports', reporter, { targetType: 'user', targetId: owner.id, reason: 'spam' });
    const hideUser = await req('PATCH', `/admin/reports/${wrong.json().data.id}`, admin, { action: 'hide' });
    expect(hideUser.statusCode).toBe(400);
    expect(hideUser.json().message).toBe('Only content items, comments and jobs can be hidden');
  });

  it('lets an admin read a reported message and the 10 before it, nothing more', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const outsider = await createUser(t.deps);
    const [lo, hi] = [ana.id, ben.id].sort();
    const conv = await t.deps.database.query<{ id: string }>(
      `INSERT INTO conversations (user_a_id, user_b_id, last_message_at) VALUES ($1, $2, now()) RETURNING id`,
      [lo, hi],
    );
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const from = i % 2 === 0 ? ana : ben;
      const to = from === ana ? ben : ana;
      const row = await t.deps.database.query<{ id: string }>(
        `INSERT INTO messages (conversation_id, sender_id, author_id, recipient_id, content, created_at)
         VALUES ($1, $2, $2, $3, $4, now() + ($5 || ' seconds')::interval) RETURNING id`,
        [conv.rows[0]!.id, from.id, to.id, `message ${i}`, String(i)],
      );
      ids.push(row.rows[0]!.id);
    }
    // Message 12 is ana's; ben reports it. An outsider cannot report a message they never saw.
    expect((await report(outsider, 'message', ids[12]!)).statusCode).toBe(404);
    expect((await report(ben, 'message', ids[12]!, 'harassment')).statusCode).toBe(201);
    const res = await req('GET', '/admin/reports?targetType=message&pageSize=100', admin);
    const group = res.json().data.find((g: { targetId: string }) => g.targetId === ids[12]);
    expect(group.targetUser.id).toBe(ana.id);
    expect(group.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 11 }, (_, k) => `message ${k + 2}`),
    );
    expect(group.messages.filter((m: { isReported: boolean }) => m.isReported).map((m: { id: string }) => m.id)).toEqual([ids[12]]);
  });
});

describe('suspension', () => {
  async function signUpAndIn() {
    const email = `suspend.${Date.now()}.${++seq}@example.com`;
    const username = `susp_${Date.now()}_${seq}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: api('/auth/register'),
      payload: { fullName: 'To Suspend', username, email, password: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    const { accessToken, refreshToken, user } = reg.json().data;
    return { email, accessToken: accessToken as string, refreshToken: refreshToken as string, id: user.id as string };
  }
  const login = (email: string) => t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email, password: PASSWORD } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: api('/users/me'), headers: { authorization: `Bearer ${token}` } });

  it('stops sign-in, sessions and refresh at once, with the end date; lifting restores them', async () => {
    const person = await signUpAndIn();
    const reporter = await createUser(t.deps);
    expect((await me(person.accessToken)).statusCode).toBe(200);
    await report(reporter, 'user', person.id, 'harassment');
    const until = new Date(Date.now() + 7 * 86_400_000);
    const res = await req('PATCH', `/admin/reports/${await openReportId(person.id)}`, admin, { action: 'suspend', until: until.toISOString() });
    expect(res.statusCode).toBe(200);

    expect((await me(person.accessToken)).statusCode).toBe(401);
    const username = (await t.deps.database.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [person.id])).rows[0]!.username;
    expect((await req('GET', `/users/profile/${username}`, reporter)).statusCode).toBe(404);
    expect((await req('GET', `/users/profile/${username}`, admin)).statusCode).toBe(200);
    const refused = await login(person.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^This account is suspended until /);
    expect(refused.json().details).toEqual([{ path: 'suspendedUntil', message: until.toISOString() }]);
    const refresh = await t.app.inject({ method: 'POST', url: api('/auth/refresh-token'), payload: { refreshToken: person.refreshToken } });
    expect(refresh.statusCode).toBe(403);

    const lift = await req('DELETE', `/admin/users/${person.id}/suspend`, admin);
    expect(lift.statusCode).toBe(200);
    expect((await login(person.email)).statusCode).toBe(200);
    expect((await me(person.accessToken)).statusCode).toBe(200);
    expect((await req('GET', `/users/profile/${username}`, reporter)).statusCode).toBe(200);

    const audit = (await req('GET', '/admin/audit?pageSize=50', admin)).json().data as { type: string; target: { id: string } | null }[];
    expect(audit.some((e) => e.type === 'unsuspend' && e.target?.id === person.id)).toBe(true);
  });

  it('says "This account is suspended" without a date when open-ended, and lifts itself when its end passes', async () => {
    const person = await signUpAndIn();
    expect((await req('POST', `/admin/users/${person.id}/suspend`, admin, {})).statusCode).toBe(200);
    const refused = await login(person.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is suspended');

    await t.deps.database.query(`UPDATE users SET suspended_until = now() - interval '1 minute' WHERE id = $1`, [person.id]);
    expect((await login(person.email)).statusCode).toBe(200);
  });

  it('refuses bad suspensions and keeps API keys away from admin calls', async () => {
    const person = await createUser(t.deps);
    expect((await req('POST', `/admin/users/${admin.id}/suspend`, admin, {})).statusCode).toBe(400);
    expect((await req('POST', `/admin/users/00000000-0000-4000-8000-000000000000/suspend`, admin, {})).statusCode).toBe(404);
    const past = await req('POST', `/admin/users/${person.id}/suspend`, admin, { until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect((await req('POST', `/admin/users/${person.id}/suspend`, person, {})).statusCode).toBe(403);
    const key = await req('POST', '/developers/keys', admin, { name: 'ops', scopes: ['generate', 'credits:read'] });
    expect(key.statusCode, key.body).toBe(201);
    const keyHeaders = { authorization: `Bearer ${key.json().data.token as string}` };
    const withKey = await t.app.inject({ method: 'GET', url: api('/admin/reports'), headers: keyHeaders });
    expect([401, 403]).toContain(withKey.statusCode);
    const suspendWithKey = await t.app.inject({ method: 'POST', url: api(`/admin/users/${person.id}/suspend`), headers: keyHeaders, payload: {} });
    expect([401, 403]).toContain(suspendWithKey.statusCode);
    expect(await count('SELECT count(*)::int AS n FROM users WHERE id = $1 AND suspended_at IS NOT NULL', [person.id])).toBe(0);
  });
});
