import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function open(user: TestUser): Promise<Socket> {
  const socket = connect(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const disconnected = (socket: Socket, timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const deleteAccount = (user: TestUser, code: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/v1/users/account', headers: user.headers, payload: { code } });

describe('DELETE /users/account and open sockets', () => {
  it('disconnects every socket of the deleted user, keeps everyone else, and refuses a reconnect', async () => {
    const leaving = await createUser(t.deps);
    const staying = await createUser(t.deps);
    const [tabA, tabB, bystander] = await Promise.all([open(leaving), open(leaving), open(staying)]);

    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/account/deletion-code', headers: leaving.headers })).statusCode).toBe(200);
    const code = t.mailer.lastCode(leaving.email);

    // A refused deletion leaves the sockets alone.
    expect((await deleteAccount(leaving, code === '000000' ? '111111' : '000000')).statusCode).toBe(400);
    expect(tabA.connected && tabB.connected).toBe(true);

    const closing = [disconnected(tabA), disconnected(tabB)];
    expect((await deleteAccount(leaving, code)).statusCode).toBe(200);
    // "io server disconnect": the server closed them, not a network blip the client would retry.
    expect(await Promise.all(closing)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);

    const again = connect(url, { auth: { token: leaving.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(again);
    const outcome = await new Promise<string>((resolve) => {
      again.once('connect', () => resolve('connected'));
      again.once('connect_error', (err) => resolve(`refused: ${err.message}`));
    });
    expect(outcome).toMatch(/^refused/);
  });
});
