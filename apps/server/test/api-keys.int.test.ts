import { API_KEY_SCOPES, type ApiKeyScope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { bearer, PASSWORD, registerUser } from './auth-helpers.js';
import { createUser, type TestUser } from './factories.js';

const api = (p: string) => `/api/v1${p}`;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function makeKey(user: { headers: { authorization: string } }, scopes: ApiKeyScope[], name = 'script') {
  const res = await t.app.inject({ method: 'POST', url: api('/developers/keys'), headers: user.headers, payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: string; key: { id: string; prefix: string; lastUsedAt: string | null } };
}

const withKey = (token: string) => ({ authorization: `Bearer ${token}` });

describe('creating, listing and revoking keys', () => {
  it('shows the secret once, stores only a hash, and lists keys by their visible prefix', async () => {
    const user = await createUser(t.deps);
    const created = await makeKey(user, ['generate', 'credits:read'], 'Render farm');
    expect(created.token).toMatch(/^atl_[0-9a-f]{8}_[A-Za-z0-9_-]{32}$/);
    expect(created.token.startsWith(`${created.key.prefix}_`)).toBe(true);

    const stored = await t.deps.database.query<{ token_hash: string }>('SELECT token_hash FROM api_keys WHERE id = $1', [created.key.id]);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(created.token);

    const list = await t.app.inject({ method: 'GET', url: api('/developers/keys'), headers: user.headers });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: created.key.id, name: 'Render farm', prefix: created.key.prefix, scopes: ['generate', 'credits:read'], lastUsedAt: null, revokedAt: null }),
    ]);
    expect(list.body).not.toContain(created.token);
  });

  it('records when a key was last used', async () => {
    const user = await createUser(t.deps);
    const { token, key } = await makeKey(user, ['credits:read']);
    const balance = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) });
    expect(balance.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: api('/developers/keys'), headers: user.headers });
    expect(list.json().data[0]).toMatchObject({ id: key.id, lastUsedAt: expect.any(String) });
  });

  it('refuses a key without a name or scopes, or with an unknown scope, and creates nothing', async () => {
    const user = await createUser(t.deps);
    for (const payload of [{ name: '', scopes: ['generate'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['admin'] }, { name: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: api('/developers/keys'), headers: user.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const list = await t.app.inject({ method: 'GET', url: api('/developers/keys'), headers: user.headers });
    expect(list.json().data).toEqual([]);
  });

  it('a revoked key fails at once; nobody else can revoke your key', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const { token, key } = await makeKey(user, ['credits:read']);
    const notYours = await t.app.inject({ method: 'DELETE', url: api(`/developers/keys/${key.id}`), headers: other.headers });
    expect(notYours.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) })).statusCode).toBe(200);

    const revoke = await t.app.inject({ method: 'DELETE', url: api(`/developers/keys/${key.id}`), headers: user.headers });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.revokedAt).toEqual(expect.any(String));
    const after = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API key is not valid or has been revoked');
  });

  it('a deleted account’s keys fail and are gone', async () => {
    const reg = await registerUser(t);
    const person = { headers: bearer(reg.accessToken) };
    const { token } = await makeKey(person, ['credits:read', 'content:read']);
    expect((await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: person.headers, payload: { password: PASSWORD } });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) });
    expect(after.statusCode).toBe(401);
    const rows = await t.deps.database.query('SELECT id FROM api_keys WHERE user_id = $1', [reg.user.id]);
    expect(rows.rows).toEqual([]);
  });

  it('a key cannot manage keys, the account or its security', async () => {
    const user = await createUser(t.deps);
    const { token, key } = await makeKey(user, [...API_KEY_SCOPES]);
    const attempts: [string, string, object?][] = [
      ['GET', '/developers/keys'],
      ['POST', '/developers/keys', { name: 'more', scopes: ['generate'] }],
      ['DELETE', `/developers/keys/${key.id}`],
      ['GET', '/users/me'],
      ['PATCH', '/users/profile', { fullName: 'Taken over' }],
      ['POST', '/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Another1pass' }],
      ['GET', '/auth/sessions'],
      ['POST', '/auth/logout-all'],
      ['DELETE', '/users/account', { password: PASSWORD }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await t.app.inject({ method: method as 'GET', url: api(url), headers: withKey(token), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/^API keys cannot be used here/);
    }
    const list = await t.app.inject({ method: 'GET', url: api('/developers/keys'), headers: user.headers });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].revokedAt).toBeNull();
  });
});

describe('scopes × routes', () => {
  let owner: TestUser;
  let tokens: Record<ApiKeyScope, string>;
  let collectionId: string;
  let jobId: string;

  beforeAll(async () => {
    owner = await createUser(t.deps, { credits: 500 });
    tokens = {} as Record<ApiKeyScope, string>;
    for (const scope of API_KEY_SCOPES) tokens[scope] = (await makeKey(owner, [scope], scope)).token;
    const collection = await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'Mine' } });
    collectionId = collection.json().data.id;
    const job = await t.app.inject({
      method: 'POST',
      url: api('/jobs'),
      headers: owner.headers,
      payload: { title: 'Illustrator', company: 'Atelier', location: 'Remote', employmentType: 'full_time', description: 'Draw things for us, every day.' },
    });
    jobId = job.json().data?.id;
  });

  // One request per route; each needs exactly the scope in the second column.
  const matrix: [string, () => string, ApiKeyScope, (() => object)?][] = [
    ['POST', () => '/content/generate', 'generate', () => ({ contentType: 'photo', prompt: 'A lighthouse at dusk', model: 'flux-dev' })],
    ['GET', () => '/users/content', 'content:read'],
    ['GET', () => '/content', 'content:read'],
    ['GET', () => '/credits/balance', 'credits:read'],
    ['GET', () => '/credits/history', 'credits:read'],
    ['GET', () => '/collection', 'collections'],
    ['GET', () => `/collection/${collectionId}`, 'collections'],
    ['PATCH', () => `/collection/${collectionId}`, 'collections', () => ({ description: 'From a script' })],
    ['GET', () => '/users/collections', 'collections'],
    ['GET', () => '/jobs', 'jobs'],
    ['GET', () => `/jobs/${jobId}`, 'jobs'],
    ['GET', () => '/applications', 'jobs'],
  ];

  it('each route answers to a key with its scope, and refuses every other scope with 403', async () => {
    expect(jobId).toBeTruthy();
    for (const [method, url, needed, body] of matrix) {
      for (const scope of API_KEY_SCOPES) {
        const res = await t.app.inject({ method: method as 'GET', url: api(url()), headers: withKey(tokens[scope]), ...(body ? { payload: body() } : {}) });
        const where = `${method} ${url()} with ${scope}`;
        if (scope === needed) {
          expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(300);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().message, where).toBe(`This API key needs the "${needed}" scope for this request`);
        }
      }
    }
  });

  it('routes that name no scope refuse every key, even on public reads', async () => {
    for (const url of ['/users/stats', '/messages/conversations', '/users/dashboard/overview', '/categories', '/billing/checkouts']) {
      const res = await t.app.inject({ method: 'GET', url: api(url), headers: withKey(tokens.collections) });
      expect(res.statusCode, url).toBe(403);
    }
    // Without the key the public read works.
    expect((await t.app.inject({ method: 'GET', url: api('/categories') })).statusCode).toBe(200);
  });

  it('a key acts as its owner, with a member’s rights only', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const { token } = await makeKey(admin, ['credits:read']);
    const res = await t.app.inject({ method: 'GET', url: api('/admin/users'), headers: withKey(token) });
    expect(res.statusCode).toBe(403);
    const balance = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(tokens['credits:read']) });
    const own = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: owner.headers });
    expect(balance.json()).toEqual(own.json());
  });

  it('an unknown key is 401 with a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey('atl_00000000_not-a-real-key-at-all-not-a-real-key') });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This API key is not valid or has been revoked');
  });
});

describe('per-key rate limit', () => {
  it('counts each key on its own and answers 429 with Retry-After past the limit', async () => {
    const limited = await createTestApp({ API_KEY_RATE_LIMIT: '3' });
    try {
      const user = await createUser(limited.deps);
      const make = async () =>
        (await limited.app.inject({ method: 'POST', url: api('/developers/keys'), headers: user.headers, payload: { name: 'k', scopes: ['credits:read'] } })).json().data.token as string;
      const [a, b] = [await make(), await make()];
      const call = (token: string) => limited.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) });
      for (let i = 0; i < 3; i += 1) expect((await call(a)).statusCode).toBe(200);
      const over = await call(a);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(b)).statusCode).toBe(200);
      // The session keeps working: the limit is the key's.
      expect((await limited.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).statusCode).toBe(200);
      // A new window lets the key in again.
      limited.clock.advance(61_000);
      expect((await call(a)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('admins and keys', () => {
  it('an admin lists and revokes anyone’s key, and the audit trail records it', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const user = await createUser(t.deps);
    const { token, key } = await makeKey(user, ['credits:read'], 'Leaky key');

    const forbidden = await t.app.inject({ method: 'GET', url: api('/admin/api-keys'), headers: user.headers });
    expect(forbidden.statusCode).toBe(403);

    const list = await t.app.inject({ method: 'GET', url: api(`/admin/api-keys?userId=${user.id}`), headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: key.id, name: 'Leaky key', owner: { id: user.id, username: user.username } })]);

    const revoke = await t.app.inject({ method: 'DELETE', url: api(`/admin/api-keys/${key.id}`), headers: admin.headers });
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: withKey(token) })).statusCode).toBe(401);

    const audit = await t.app.inject({ method: 'GET', url: api('/admin/audit'), headers: admin.headers });
    expect(audit.json().data[0]).toMatchObject({
      type: 'api_key_revoke',
      actor: { id: admin.id, username: admin.username },
      target: { id: user.id, username: user.username },
      details: { keyId: key.id, name: 'Leaky key', prefix: key.prefix },
    });
    const missing = await t.app.inject({ method: 'DELETE', url: api('/admin/api-keys/00000000-0000-4000-8000-000000000000'), headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a call without any key', () => {
  it('to the public API says the API key is missing, not to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/credits/balance') });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^Please sign in to continue, or call it with an API key/);
    expect(res.json().message).toContain('Authorization: Bearer atl_');
  });

  it('to a page only people use still asks to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/developers/keys') });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue');
  });
});
