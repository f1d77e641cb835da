import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MESSAGING_TEXT } from '@atelier/shared';
import { messages } from '../src/modules/messaging/messaging.schema.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, loginUser, registerUser } from './auth-helpers.js';
import { createUser } from './factories.js';

let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'desk@atelier.test' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const post = (path: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers });

async function open(token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const closedByServer = (socket: Socket, timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** One person signed in on two devices, a socket open on each. */
async function twoDevices() {
  const first = await registerUser(t);
  const second = await loginUser(t, first.signup.email);
  const [here, there] = await Promise.all([open(first.accessToken), open(second.accessToken)]);
  return { first, second, here, there };
}

describe('open sockets follow the session', () => {
  it('signing out everywhere closes every socket of the person, and only theirs', async () => {
    const { first, here, there } = await twoDevices();
    const bystander = await open((await registerUser(t)).accessToken);
    const closing = [closedByServer(here), closedByServer(there)];
    expect((await post('/auth/logout-all', undefined, bearer(first.accessToken))).statusCode).toBe(200);
    expect(await Promise.all(closing)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
  });

  it('signing out one device closes that device’s sockets and keeps the other’s', async () => {
    const { first, here, there } = await twoDevices();
    const closing = closedByServer(here);
    expect((await post('/auth/logout', {}, bearer(first.accessToken))).statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(there.connected).toBe(true);
  });

  it('ending a session from the sessions list closes its sockets', async () => {
    const { first, second, here, there } = await twoDevices();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(first.accessToken) });
    const other = (list.json().data as { id: string; isCurrent: boolean }[]).find((s) => !s.isCurrent);
    expect(other).toBeDefined();
    const closing = closedByServer(there);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${other!.id}`, headers: bearer(first.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(here.connected).toBe(true);
    expect(second.accessToken).not.toBe(first.accessToken);
  });

  it('a password change closes the other devices’ sockets and keeps this one', async () => {
    const { first, here, there } = await twoDevices();
    const closing = closedByServer(there);
    const res = await post('/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Brand1newpass' }, bearer(first.accessToken));
    expect(res.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(here.connected).toBe(true);
  });

  it('a password reset closes every socket of the person', async () => {
    const { first, here, there } = await twoDevices();
    await post('/auth/forgot-password', { email: first.signup.email });
    // The code is made and mailed after the reply, so both answers take the same time.
    await t.app.afterReply.idle();
    const code = t.mailer.lastCode(first.signup.email);
    const { resetToken } = (await post('/auth/verify-reset-otp', { email: first.signup.email, code })).json().data;
    const closing = [closedByServer(here), closedByServer(there)];
    expect((await post('/auth/reset-password', { resetToken, newPassword: 'Fresh1password' })).statusCode).toBe(200);
    expect(await Promise.all(closing)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a role change closes the person’s sockets, so they reconnect with the new role', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const member = await createUser(t.deps);
    const socket = await open(member.token);
    const closing = closedByServer(socket);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${member.id}/role`, headers: admin.headers, payload: { role: 'admin' } });
    expect(res.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
  });
});

describe('privileged socket actions read the role again', () => {
  type Ack = { ok: boolean; error?: string };
  const send = (socket: Socket, payload: object) => socket.timeout(5000).emitWithAck('sendMessage', payload) as Promise<Ack>;

  it('a demoted admin’s socket that is still open can no longer answer as support', async () => {
    await createUser(t.deps, { role: 'admin', email: 'desk@atelier.test' });
    const agent = await createUser(t.deps, { role: 'admin' });
    const customer = await createUser(t.deps);
    const socket = await open(agent.token);
    expect(await send(socket, { recipientId: customer.id, content: 'Happy to help', asSupport: true })).toMatchObject({ ok: true });

    // Demoted behind the socket's back (no disconnect): the next privileged action is refused.
    await t.deps.database.db.update(users).set({ role: 'user' }).where(eq(users.id, agent.id));
    expect(await send(socket, { recipientId: customer.id, content: 'Still me', asSupport: true })).toEqual({
      ok: false,
      error: MESSAGING_TEXT.supportOnlyAdmins,
    });
    const stored = await t.deps.database.db.select().from(messages).where(eq(messages.content, 'Still me'));
    expect(stored).toEqual([]);
    // Acting as themselves still works.
    expect(await send(socket, { recipientId: customer.id, content: 'Personal note' })).toMatchObject({ ok: true });
  });
});
