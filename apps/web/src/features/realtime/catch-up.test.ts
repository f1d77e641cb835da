import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatMessage, Notification } from '@atelier/shared';
import { FakeSocket } from '../../testing/fake-socket';
import { CatchUpState } from './catch-up';
import { RealtimeConnection } from './realtime-connection';

const message = (id: string, createdAt: string): ChatMessage =>
  ({ id, createdAt, senderId: 'u-2', recipientId: 'u-1', content: `message ${id}`, readAt: null }) as ChatMessage;
const notification = (id: string, updatedAt: string) => ({
  notification: { id, updatedAt, createdAt: updatedAt, kind: 'like' } as Notification,
  unread: 1,
});

function connection() {
  const sockets: FakeSocket[] = [];
  const conn = new RealtimeConnection({
    readToken: () => 'token-1',
    createSocket: (options) => {
      const socket = new FakeSocket(options as Record<string, unknown>);
      sockets.push(socket);
      return socket as unknown as Socket;
    },
  });
  const heard: { event: string; payload: unknown }[] = [];
  for (const event of ['newMessage', 'messageSent', 'notification', 'caughtUp', 'resync'])
    conn.on(event, (payload) => heard.push({ event, payload }));
  return { conn, sockets, heard, last: () => sockets.at(-1)! };
}

describe('catching up after a reconnect', () => {
  it('sends no cursor before anything was heard, then the newest message, notification and floor', () => {
    const { conn, last } = connection();
    conn.sync('u-1');
    expect(last().handshakeAuth()).toEqual({ token: 'token-1', since: {} });
    last().serverAccepts();
    last().serverSends('caughtUp', { at: '2026-11-28T10:00:00.000Z', replayed: 0, complete: true });
    last().serverSends('newMessage', message('m-2', '2026-11-28T10:00:02.000Z'));
    // One heard late but older does not move the cursor back.
    last().serverSends('newMessage', message('m-1', '2026-11-28T10:00:01.000Z'));
    last().serverSends('notification', notification('n-1', '2026-11-28T10:00:03.000Z'));

    // The manager's automatic reconnect reads the cursor at its handshake.
    last().serverDrops('transport close');
    expect(last().handshakeAuth()).toEqual({
      token: 'token-1',
      since: { messageId: 'm-2', notificationsAt: '2026-11-28T10:00:03.000Z', at: '2026-11-28T10:00:00.000Z' },
    });
  });

  it('lets each message through once, whether it came live, in a replay or as the own send acknowledged', async () => {
    const { conn, last, heard } = connection();
    conn.sync('u-1');
    last().serverAccepts();
    last().serverSends('newMessage', message('m-1', '2026-11-28T10:00:01.000Z'));
    last().answerAck = () => ({ ok: true, message: message('m-2', '2026-11-28T10:00:02.000Z') });
    await conn.emitWithAck('sendMessage', { recipientId: 'u-2', content: 'hi' });

    // The replay after a reconnect overlaps what was already heard.
    last().serverDrops('transport close');
    last().serverAccepts();
    for (const m of [
      message('m-1', '2026-11-28T10:00:01.000Z'),
      message('m-2', '2026-11-28T10:00:02.000Z'),
      message('m-3', '2026-11-28T10:00:03.000Z'),
    ])
      last().serverSends('newMessage', m);
    last().serverSends('messageSent', message('m-3', '2026-11-28T10:00:03.000Z'));

    expect(heard.filter((h) => h.event !== 'caughtUp').map((h) => (h.payload as ChatMessage).id)).toEqual([
      'm-1',
      'm-3',
    ]);
  });

  it('lets a notification through again only when it was regrouped (newer), never the same change twice', () => {
    const { conn, last, heard } = connection();
    conn.sync('u-1');
    last().serverAccepts();
    last().serverSends('notification', notification('n-1', '2026-11-28T10:00:01.000Z'));
    last().serverSends('notification', notification('n-1', '2026-11-28T10:00:01.000Z'));
    last().serverSends('notification', notification('n-2', '2026-11-28T10:00:02.000Z'));
    last().serverSends('notification', notification('n-1', '2026-11-28T10:00:05.000Z'));
    last().serverSends('notification', notification('n-1', '2026-11-28T10:00:04.000Z'));
    expect(
      heard.map((h) => [
        (h.payload as { notification: Notification }).notification.id,
        (h.payload as { notification: Notification }).notification.updatedAt,
      ]),
    ).toEqual([
      ['n-1', '2026-11-28T10:00:01.000Z'],
      ['n-2', '2026-11-28T10:00:02.000Z'],
      ['n-1', '2026-11-28T10:00:05.000Z'],
    ]);
  });

  it('asks for what it missed with catchUp and its cursor when the server says resync', () => {
    const { conn, last, heard } = connection();
    conn.sync('u-1');
    last().serverAccepts();
    last().serverSends('newMessage', message('m-1', '2026-11-28T10:00:01.000Z'));
    last().serverSends('resync', undefined);
    expect(last().emitted.at(-1)).toEqual(['catchUp', { messageId: 'm-1' }]);
    expect(heard.map((h) => h.event)).toEqual(['newMessage', 'resync']);
  });

  it('forgets what the last person held when someone else signs in or on sign-out', () => {
    const { conn, last } = connection();
    conn.sync('u-1');
    last().serverAccepts();
    last().serverSends('newMessage', message('m-1', '2026-11-28T10:00:01.000Z'));
    conn.sync('u-9');
    expect(last().handshakeAuth()).toEqual({ token: 'token-1', since: {} });
    last().serverAccepts();
    last().serverSends('newMessage', message('m-2', '2026-11-28T10:00:01.000Z'));
    conn.disconnect();
    conn.sync('u-9');
    expect(last().handshakeAuth()).toEqual({ token: 'token-1', since: {} });
  });

  it('remembers a bounded number of messages', () => {
    const state = new CatchUpState();
    for (let i = 0; i < 2001; i++)
      state.noteMessage(message(`m-${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    // The oldest was forgotten; a recent one is still dropped.
    expect(state.accept('newMessage', message('m-0', '2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(state.accept('newMessage', message('m-2000', '2026-01-01T00:33:20.000Z'))).toBe(false);
  });
});
