import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { SendMessageAck } from '@atelier/shared';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { nextEvent } from './socket-events.js';

/** Blocking: what each side can no longer do, what the blocker no longer reads, and nobody is told. */
let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const api = (path: string) => `/api/v1${path}`;
type Method = 'GET' | 'POST' | 'DELETE';
const req = (method: Method, path: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

let seq = 0;
async function insertItem(owner: TestUser): Promise<string> {
  seq += 1;
  const [row] = await t.deps.database.db
    .insert(contentTable)
    .values({ userId: owner.id, title: `Block item ${seq}`, prompt: 'p', model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: seq, cost: 0 })
    .returning();
  return row!.id;
}

async function open(user: TestUser): Promise<Socket> {
  const socket = connect(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const send = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5000).emitWithAck('sendMessage', payload) as Promise<SendMessageAck>;

describe('blocking', () => {
  it('ends follows both ways, and stops messages, comments, likes, follows and applications on both sides', async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    const bystander = await createUser(t.deps);
    expect((await req('POST', `/users/follow/${b.id}`, a)).statusCode).toBe(200);
    expect((await req('POST', `/users/follow/${a.id}`, b)).statusCode).toBe(200);
    const aItem = await insertItem(a);
    const bItem = await insertItem(b);

    const blocked = await req('POST', `/users/block/${a.id}`, b);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual({ isBlocked: true });
    expect((await req('POST', `/users/block/${a.id}`, b)).statusCode).toBe(200);
    expect(await t.deps.database.query('SELECT 1 FROM follows WHERE (follower_id = $1 AND following_id = $2) OR (follower_id = $2 AND following_id = $1)', [a.id, b.id]).then((r) => r.rows)).toEqual([]);

    // A's direct message to B gets the error on the socket, and nothing is stored.
    const aSocket = await open(a);
    const error = nextEvent<{ message: string }>(aSocket, 'messageError');
    expect(await send(aSocket, { recipientId: b.id, content: 'hello?' })).toEqual({ ok: false, error: "You can't message this person" });
    expect(await error).toEqual({ message: "You can't message this person" });
    const bSocket = await open(b);
    expect((await send(bSocket, { recipientId: a.id, content: 'and you?' })).ok).toBe(false);
    const stored = await t.deps.database.query('SELECT 1 FROM messages WHERE sender_id IN ($1, $2) AND recipient_id IN ($1, $2)', [a.id, b.id]);
    expect(stored.rows).toEqual([]);
    expect((await send(aSocket, { recipientId: bystander.id, content: 'hi there' })).ok).toBe(true);

    for (const [who, item, owner] of [[a, bItem, b], [b, aItem, a]] as const) {
      const comment = await req('POST', `/content/${item}/comments`, who, { content: 'Nice' });
      expect(comment.statusCode).toBe(403);
      expect(comment.json().message).toBe("You can't interact with this person");
      expect((await req('POST', `/content/${item}/like`, who)).statusCode).toBe(403);
      expect((await req('POST', `/users/follow/${owner.id}`, who)).statusCode).toBe(403);
    }
    expect((await req('POST', `/content/${bItem}/like`, bystander)).statusCode).toBe(200);

    const unblocked = await req('DELETE', `/users/block/${a.id}`, b);
    expect(unblocked.json().data).toEqual({ isBlocked: false });
    expect((await send(aSocket, { recipientId: b.id, content: 'friends again' })).ok).toBe(true);
    expect((await req('POST', `/content/${bItem}/like`, a)).statusCode).toBe(200);
  });

  it('hides the blocked person’s comments from the blocker only', async () => {
    const owner = await createUser(t.deps);
    const rude = await createUser(t.deps);
    const blocker = await createUser(t.deps);
    const item = await insertItem(owner);
    const posted = await req('POST', `/content/${item}/comments`, rude, { content: 'First!' });
    expect(posted.statusCode).toBe(201);
    await req('POST', `/users/block/${rude.id}`, blocker);
    const ids = async (who?: TestUser) =>
      ((await req('GET', `/content/${item}/comments`, who)).json().data as { id: string }[]).map((c) => c.id);
    expect(await ids(blocker)).not.toContain(posted.json().data.id);
    expect(await ids(owner)).toContain(posted.json().data.id);
    expect(await ids()).toContain(posted.json().data.id);
  });

  it('lists the people you blocked, newest first, and refuses bad input without changing anything', async () => {
    const me = await createUser(t.deps);
    const first = await createUser(t.deps);
    const second = await createUser(t.deps);
    await req('POST', `/users/block/${first.id}`, me);
    t.clock.advance(1000);
    await req('POST', `/users/block/${second.id}`, me);
    const list = await req('GET', '/users/blocked', me);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(list.json().pagination).toMatchObject({ total: 2 });
    expect((await req('GET', '/users/blocked', first)).json().data).toEqual([]);

    const self = await req('POST', `/users/block/${me.id}`, me);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself');
    expect((await req('POST', '/users/block/00000000-0000-4000-8000-000000000000', me)).statusCode).toBe(404);
    expect((await req('POST', '/users/block/not-an-id', me)).statusCode).toBe(400);
    expect((await req('POST', `/users/block/${first.id}`)).statusCode).toBe(401);
    expect((await req('GET', '/users/blocked', me)).json().pagination.total).toBe(2);
  });

  it('stores one block however many requests arrive at once', async () => {
    const me = await createUser(t.deps);
    const them = await createUser(t.deps);
    const replies = await Promise.all(Array.from({ length: 5 }, () => req('POST', `/users/block/${them.id}`, me)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.deps.database.query('SELECT 1 FROM user_blocks WHERE blocker_id = $1', [me.id]);
    expect(rows.rows).toHaveLength(1);
  });
});
