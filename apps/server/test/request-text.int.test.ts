import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOptions } from '../src/platform/log.js';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, newSignup, registerUser } from './auth-helpers.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { loggerInstance: pino(logOptions('info'), sink) });
});
afterAll(async () => t.close());

const INVALID = 'Text may not contain NUL characters or invalid Unicode';

describe('invalid text in any field', () => {
  it('is a 400 naming the field, for JSON bodies, query strings and path parameters, signed in or not', async () => {
    const user = await registerUser(t);
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/v1/auth/register',
        payload: newSignup({ fullName: 'Nul\u0000Person' }),
        path: 'body.fullName',
      },
      {
        method: 'POST' as const,
        url: '/api/v1/auth/login',
        payload: { email: 'a\u0000@example.com', password: 'x' },
        path: 'body.email',
      },
      {
        method: 'POST' as const,
        url: '/api/v1/contact',
        payload: { name: 'A', email: 'a@example.com', subject: '\uD800', message: 'hello there' },
        path: 'body.subject',
      },
      { method: 'GET' as const, url: '/api/v1/content/search?query=%00', path: 'querystring.query' },
      { method: 'GET' as const, url: '/api/v1/users/search?query=a%00b', path: 'querystring.query' },
      { method: 'GET' as const, url: '/api/v1/users/profile/a%00b', path: 'params.username' },
      {
        method: 'PATCH' as const,
        url: '/api/v1/users/profile',
        payload: { bio: 'bio\u0000' },
        path: 'body.bio',
        headers: bearer(user.accessToken),
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: c.headers });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toMatchObject({
        code: 'BAD_REQUEST',
        message: INVALID,
        details: [{ path: c.path, message: INVALID }],
      });
    }
  });

  it('is a 400 in multipart form fields too', async () => {
    const user = await registerUser(t);
    const boundary = 'x-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="bio"',
      '',
      'bad\u0000bio',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      payload,
      headers: { ...bearer(user.accessToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID, details: [{ path: 'body.bio' }] });
  });
});

describe('the log', () => {
  it('never holds a password, its hash, a token, or the body of a failed sign-up', async () => {
    // Make the next sign-up fail inside the database, the way an unexpected error would.
    await t.deps.database.exec(
      `ALTER TABLE users ADD CONSTRAINT log_test_block CHECK (full_name <> 'Blocked Person') NOT VALID`,
    );
    const signup = newSignup({ fullName: 'Blocked Person', password: 'Secret9Passphrase' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signup });
    expect(res.statusCode).toBe(500);
    await t.deps.database.exec('ALTER TABLE users DROP CONSTRAINT log_test_block');

    const user = await registerUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.signup.email, password: PASSWORD },
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.accessToken) });

    const log = lines.join('');
    expect(log).toContain('request failed');
    // Written through the request's own logger, made when first used: it carries the request's id.
    expect(lines.find((l) => l.includes('request failed'))).toMatch(/"reqId":"[\w-]+"/);
    expect(log).toContain('[redacted]');
    for (const secret of [
      signup.email,
      signup.username,
      'Secret9Passphrase',
      '$argon2',
      PASSWORD,
      user.accessToken,
      user.refreshToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('hides secrets passed to a log call by name', () => {
    const out: string[] = [];
    const log = pino(
      logOptions('info'),
      new Writable({ write: (c: Buffer, _e, done) => (out.push(c.toString()), done()) }),
    );
    log.info(
      {
        body: { a: 1 },
        user: { password: 'p1', passwordHash: 'h1', refreshToken: 'r1', cardNumber: '4242424242424242' },
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } },
      },
      'x',
    );
    const text = out.join('');
    for (const secret of ['p1', 'h1', 'r1', '4242424242424242', 'Bearer abc', 'sid=1', '"a":1'])
      expect(text).not.toContain(secret);
  });
});
