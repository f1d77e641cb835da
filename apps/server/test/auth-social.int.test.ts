import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@atelier/shared';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, meStatus, registerUser } from './auth-helpers.js';

const GOOGLE_CLIENT_ID = 'atelier-test.apps.googleusercontent.com';
const FB_APP_ID = '1234567890';
const FB_APP_SECRET = 'fb-test-secret';

interface FacebookPerson {
  id: string;
  name: string;
  email?: string;
  picture?: string;
  appId?: string;
}

/** Facebook tokens the fake Graph API knows. */
const facebookTokens = new Map<string, FacebookPerson>();

let server: http.Server;
let baseUrl: string;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let t: TestContext;

/** Google's JWKS endpoint and the two Graph API calls we make, on 127.0.0.1. */
function startProviders(jwks: { keys: JWK[] }): Promise<void> {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/certs') return send(200, jwks);
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP_ID}|${FB_APP_SECRET}`) {
        return send(400, { error: { message: 'Invalid OAuth access token' } });
      }
      const person = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      if (!person) return send(200, { data: { is_valid: false } });
      return send(200, { data: { is_valid: true, app_id: person.appId ?? FB_APP_ID, user_id: person.id } });
    }
    if (url.pathname === '/graph/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const person = facebookTokens.get(token);
      const proof = createHmac('sha256', FB_APP_SECRET).update(token).digest('hex');
      if (!person || url.searchParams.get('appsecret_proof') !== proof) {
        return send(400, { error: { message: 'Invalid OAuth access token' } });
      }
      return send(200, {
        id: person.id,
        name: person.name,
        ...(person.email ? { email: person.email } : {}),
        ...(person.picture ? { picture: { data: { url: person.picture } } } : {}),
      });
    }
    return send(404, { error: 'not found' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  await startProviders({ keys: [jwk] });
  t = await createTestApp({
    RATE_LIMIT_DISABLED: 'true',
    GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: `${baseUrl}/google/certs`,
    FACEBOOK_APP_ID: FB_APP_ID,
    FACEBOOK_APP_SECRET: FB_APP_SECRET,
    FACEBOOK_GRAPH_URL: `${baseUrl}/graph`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

interface IdTokenOptions {
  sub?: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
  audience?: string;
  issuer?: string;
  key?: CryptoKey;
  expiresAt?: number;
}

let googleCounter = 0;
function googleIdToken(opts: IdTokenOptions = {}): Promise<string> {
  googleCounter += 1;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: opts.email ?? `g.person${googleCounter}@gmail.com`,
    email_verified: opts.emailVerified ?? true,
    name: opts.name ?? 'Grace Hopper',
    ...(opts.picture ? { picture: opts.picture } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? GOOGLE_CLIENT_ID)
    .setSubject(opts.sub ?? `google-${googleCounter}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(opts.expiresAt ?? now + 3600)
    .sign(opts.key ?? googleKey);
}

/** Signs up and confirms the address with the mailed code, as the mailbox's owner would. */
async function registerVerified() {
  const account = await registerUser(t);
  const code = t.mailer.lastCode(account.signup.email);
  const res = await post('/auth/verify-email', { code }, bearer(account.accessToken));
  expect(res.statusCode).toBe(200);
  return account;
}

describe('POST /auth/google', () => {
  it('creates a verified account without a password on first sign-in, then finds it again', async () => {
    const idToken = await googleIdToken({
      sub: 'g-first',
      email: 'Grace.Hopper@Gmail.com',
      picture: 'https://lh3.googleusercontent.com/a/grace',
    });
    const res = await post('/auth/google', { idToken });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      email: 'grace.hopper@gmail.com',
      username: 'grace.hopper',
      fullName: 'Grace Hopper',
      isVerified: true,
      avatar: 'https://lh3.googleusercontent.com/a/grace',
      role: 'user',
    });
    expect(await meStatus(t, data.accessToken)).toBe(200);
    expect((await post('/auth/refresh-token', { refreshToken: data.refreshToken })).statusCode).toBe(200);

    const again = await post('/auth/google', {
      idToken: await googleIdToken({ sub: 'g-first', email: 'grace.hopper@gmail.com' }),
    });
    expect(again.json().data.user.id).toBe(data.user.id);
    // No password was ever set, so no password can sign in.
    expect((await post('/auth/login', { email: 'grace.hopper@gmail.com', password: PASSWORD })).statusCode).toBe(401);
  });

  it('makes the username unique when the email name is taken', async () => {
    await registerUser(t, { username: 'taken.name' });
    const res = await post('/auth/google', { idToken: await googleIdToken({ email: 'taken.name@gmail.com' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toMatch(/^taken\.name\d+$/);
  });

  it('links to an existing verified account with the same email and keeps its password', async () => {
    const existing = await registerVerified();
    const res = await post('/auth/google', { idToken: await googleIdToken({ email: existing.signup.email }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: existing.user.id, isVerified: true });
    expect((await post('/auth/login', { email: existing.signup.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await meStatus(t, existing.accessToken)).toBe(200);
  });

  it('takes an unverified account with the same email away from whoever registered it: their password, sessions and API keys stop, and the mailbox is told', async () => {
    // Someone registers the victim's address with a password of theirs and never verifies it …
    const squatter = await registerUser(t);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/developers/keys',
      headers: bearer(squatter.accessToken),
      payload: { name: 'kept', scopes: ['credits:read'] },
    });
    expect(key.statusCode).toBe(201);
    const keyToken = key.json().data.token as string;

    // … then the owner of the mailbox signs in with Google.
    const res = await post('/auth/google', { idToken: await googleIdToken({ email: squatter.signup.email }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: squatter.user.id, isVerified: true });

    expect((await post('/auth/login', { email: squatter.signup.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await meStatus(t, squatter.accessToken)).toBe(401);
    const refresh = await post('/auth/refresh-token', { refreshToken: squatter.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const withKey = await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: bearer(keyToken) });
    expect(withKey.statusCode).toBe(401);
    // The Google session works, and the mailbox hears why the old password is gone.
    expect(await meStatus(t, res.json().data.accessToken)).toBe(200);
    expect(t.mailer.last(squatter.signup.email)?.subject).toBe('Your Atelier account is now linked with Google');
  });

  it.each<[string, () => IdTokenOptions]>([
    ['another audience', () => ({ audience: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => ({ issuer: 'https://evil.example.com' })],
    ['an expired token', () => ({ expiresAt: Math.floor(Date.now() / 1000) - 10 })],
    ['a key Google did not publish', () => ({ key: otherKey })],
    ['an unverified email', () => ({ emailVerified: false })],
  ])('refuses %s with 401 "Google login failed"', async (_label, options) => {
    const res = await post('/auth/google', { idToken: await googleIdToken(options()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.auth.googleLoginFailed);
  });

  it('refuses something that is not a token at all', async () => {
    const res = await post('/auth/google', { idToken: 'garbage' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.auth.googleLoginFailed);
  });
});

describe('POST /auth/facebook', () => {
  it('creates an account from the Graph profile, then finds it again', async () => {
    facebookTokens.set('fb-token-1', {
      id: '100001',
      name: 'Alan Turing',
      email: 'alan@example.org',
      picture: 'https://graph.example/alan.jpg',
    });
    const res = await post('/auth/facebook', { accessToken: 'fb-token-1' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      email: 'alan@example.org',
      username: 'alan',
      fullName: 'Alan Turing',
      isVerified: true,
      avatar: 'https://graph.example/alan.jpg',
    });
    expect(await meStatus(t, data.accessToken)).toBe(200);

    facebookTokens.set('fb-token-1b', { id: '100001', name: 'Alan Turing', email: 'alan@example.org' });
    const again = await post('/auth/facebook', { accessToken: 'fb-token-1b' });
    expect(again.json().data.user.id).toBe(data.user.id);
  });

  it('links to an existing verified account with the same email, keeping its sessions', async () => {
    const existing = await registerVerified();
    facebookTokens.set('fb-token-2', { id: '100002', name: 'Someone', email: existing.signup.email });
    const res = await post('/auth/facebook', { accessToken: 'fb-token-2' });
    expect(res.json().data.user.id).toBe(existing.user.id);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(existing.accessToken),
    });
    expect(sessions.json().data).toHaveLength(2);
  });

  it('drops the password and sessions of an unverified account with the same email before linking', async () => {
    const squatter = await registerUser(t);
    facebookTokens.set('fb-token-3', { id: '100003', name: 'Owner', email: squatter.signup.email });
    const res = await post('/auth/facebook', { accessToken: 'fb-token-3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(squatter.user.id);
    expect((await post('/auth/login', { email: squatter.signup.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await meStatus(t, squatter.accessToken)).toBe(401);
  });

  it('refuses an invalid token and a token issued to another app', async () => {
    const invalid = await post('/auth/facebook', { accessToken: 'unknown-token' });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().message).toBe(MSG.auth.facebookLoginFailed);

    facebookTokens.set('fb-other-app', { id: '100003', name: 'Mallory', email: 'mallory@example.org', appId: '999' });
    const otherApp = await post('/auth/facebook', { accessToken: 'fb-other-app' });
    expect(otherApp.statusCode).toBe(401);
    expect(otherApp.json().message).toBe(MSG.auth.facebookLoginFailed);
  });

  it('explains when Facebook shares no email address and creates nothing', async () => {
    facebookTokens.set('fb-no-email', { id: '100004', name: 'No Mail' });
    const res = await post('/auth/facebook', { accessToken: 'fb-no-email' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'Facebook did not share an email address for this account; please sign up with email instead',
    );
    const rows = await t.deps.database.db.execute(sql`select id from users where facebook_id = '100004'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

describe('without provider credentials', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => bare.close());

  it('answers 503 with a clear message for both providers', async () => {
    const google = await bare.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { idToken: 'x' } });
    expect(google.statusCode).toBe(503);
    expect(google.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      error: 'Service Unavailable',
      message: 'Google sign-in is not configured on this server',
    });
    const facebook = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/auth/facebook',
      payload: { accessToken: 'x' },
    });
    expect(facebook.statusCode).toBe(503);
    expect(facebook.json().message).toBe('Facebook sign-in is not configured on this server');
  });
});
