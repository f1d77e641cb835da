import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { CatchUpAck, CatchUpCursor, CaughtUpPayload, ChatMessage, NotificationPayload, SendMessageAck } from '@atelier/shared';
import { upsertNotification } from '../src/modules/notifications/notifications.repository.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { nextEvent } from './socket-events.js';

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

/**
 * Connects with an optional cursor and records, from the very first frame, every message and
 * notification the socket hears until its first `caughtUp`.
 */
async function open(user: TestUser, since?: CatchUpCursor) {
  const socket = connect(url, {
    // The web app sends `since` on every connect, empty until it holds something.
    auth: { token: user.token, since: since ?? {} },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const messages: ChatMessage[] = [];
  const notifications: NotificationPayload[] = [];
  socket.on('newMessage', (m: ChatMessage) => messages.push(m));
  socket.on('notification', (n: NotificationPayload) => notifications.push(n));
  const caughtUp = nextEvent<CaughtUpPayload>(socket, 'caughtUp');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, messages, notifications, caughtUp: await caughtUp };
}

async function send(from: Socket, recipientId: string, content: string): Promise<ChatMessage> {
  const ack = (await from.timeout(5000).emitWithAck('sendMessage', { recipientId, content })) as SendMessageAck;
  if (!ack.ok) throw new Error(ack.error);
  return ack.message;
}

describe('a reconnecting socket catches up', () => {
  it('replays exactly the messages stored after the newest one it holds, once each, in order', async () => {
    const [ann, bob, cat] = await Promise.all([
      createUser(t.deps, { fullName: 'Ann Archer' }),
      createUser(t.deps, { fullName: 'Bob Builder' }),
      createUser(t.deps, { fullName: 'Cat Carver' }),
    ]);
    const annSocket = (await open(ann)).socket;
    const catSocket = (await open(cat)).socket;
    const first = await open(bob);
    // A first connection without a cursor replays nothing, and says when it started.
    expect(first.caughtUp).toMatchObject({ replayed: 0, complete: true });
    expect(Date.parse(first.caughtUp.at)).not.toBeNaN();

    const heard = nextEvent<ChatMessage>(first.socket, 'newMessage');
    const held = await send(annSocket, bob.id, 'Before the tunnel');
    expect((await heard).id).toBe(held.id);
    first.socket.disconnect();

    // While Bob is away: two from Ann, one from Cat, and one between Ann and Cat that is not his.
    const missed = [
      await send(annSocket, bob.id, 'Are you there?'),
      await send(catSocket, bob.id, 'Lunch on Friday?'),
      await send(annSocket, bob.id, 'Call me when you can'),
    ];
    await send(annSocket, cat.id, 'Not for Bob');

    const back = await open(bob, { messageId: held.id, at: first.caughtUp.at });
    expect(back.messages.map((m) => m.content)).toEqual(missed.map((m) => m.content));
    expect(back.messages.map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(back.caughtUp).toMatchObject({ replayed: 3, complete: true });

    // Live traffic after the catch-up arrives once, as before.
    const live = nextEvent<ChatMessage>(back.socket, 'newMessage');
    const after = await send(annSocket, bob.id, 'Good to have you back');
    expect((await live).id).toBe(after.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(back.messages.filter((m) => m.id === after.id)).toHaveLength(1);
    expect(back.messages).toHaveLength(4);
  });

  it('replays from the last catch-up time when it holds no message, and on request with catchUp', async () => {
    const [ann, bob] = await Promise.all([createUser(t.deps), createUser(t.deps)]);
    const annSocket = (await open(ann)).socket;
    const first = await open(bob);
    first.socket.disconnect();
    t.clock.advance(1000);
    const sent = [await send(annSocket, bob.id, 'One'), await send(annSocket, bob.id, 'Two')];

    const back = await open(bob, { at: first.caughtUp.at });
    expect(back.messages.map((m) => m.id)).toEqual(sent.map((m) => m.id));

    // A process that lost its LISTEN connection tells its sockets to catch up; they ask again.
    const resync = nextEvent(back.socket, 'resync');
    t.deps.realtime.resync();
    await resync;
    const ack = (await back.socket
      .timeout(5000)
      .emitWithAck('catchUp', { messageId: sent[0]!.id })) as CatchUpAck;
    expect(ack).toMatchObject({ ok: true, replayed: 1, complete: true });
    expect(back.messages.map((m) => m.content)).toEqual(['One', 'Two', 'Two']);
  });

  it("replays the notifications written or regrouped after the newest one it holds, with the unread count", async () => {
    const [ann, bob, cat] = await Promise.all([createUser(t.deps), createUser(t.deps), createUser(t.deps)]);
    const db = t.deps.database.db;
    const follow = (actor: TestUser, at: Date) =>
      upsertNotification(
        db,
        {
          userId: ann.id,
          kind: 'follow',
          groupKey: `follow:${actor.id}`,
          subjectType: 'user',
          subjectId: actor.id,
          sourceId: null,
          actorId: actor.id,
          excerpt: null,
          refunded: null,
          email: false,
        },
        at,
      );
    const now = Date.now();
    const held = await follow(bob, new Date(now - 60_000));
    await follow(cat, new Date(now - 30_000));
    // Bob's follow is regrouped (newest again) after Cat's.
    await follow(bob, new Date(now - 10_000));

    const back = await open(ann, { notificationsAt: held.updatedAt.toISOString() });
    expect(back.notifications.map((n) => n.notification.subject.id)).toEqual([cat.id, bob.id]);
    expect(back.notifications.map((n) => n.unread)).toEqual([2, 2]);
    expect(back.caughtUp).toMatchObject({ replayed: 2, complete: true });

    const none = await open(ann, { notificationsAt: new Date(now - 5_000).toISOString() });
    expect(none.notifications).toEqual([]);
  });

  it('sends no caughtUp to a client that sends no cursor at all', async () => {
    const bob = await createUser(t.deps);
    const socket = connect(url, { auth: { token: bob.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const heard: string[] = [];
    socket.onAny((event: string) => heard.push(event));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });

  it('ignores a malformed cursor: nothing is replayed and the socket still works', async () => {
    const bob = await createUser(t.deps);
    const back = await open(bob, { messageId: 'not-an-id', at: 'yesterday' } as CatchUpCursor);
    expect(back.caughtUp).toMatchObject({ replayed: 0, complete: true });
    expect(back.socket.connected).toBe(true);
  });
});
