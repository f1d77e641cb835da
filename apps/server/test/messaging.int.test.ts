import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  ChatMessage,
  ConversationUpdatedPayload,
  MessageHistoryPayload,
  MessageReadPayload,
  PresencePayload,
  SendMessageAck,
  TypingPayload,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { nextEvent as next } from './socket-events.js';

let t: TestContext;
let url: string;
let support: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The first admin is the support account (no SUPPORT_EMAIL in tests).
  support = await createUser(t.deps, { role: 'admin', fullName: 'Atelier Support' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function open(user: { token: string }): Promise<Socket> {
  const socket = connect(url, {
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects every `event` the socket hears from now on. */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

const send = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5000).emitWithAck('sendMessage', payload) as Promise<SendMessageAck>;
const settle = () => new Promise((r) => setTimeout(r, 150));

async function unread(user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/messages/unread-count', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.count as number;
}

describe('sending', () => {
  it('stores the message, acknowledges the sender and reaches every socket of both people', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const anaTab1 = await open(ana);
    const anaTab2 = await open(ana);
    const benTab1 = await open(ben);
    const benTab2 = await open(ben);
    const sentEvents = record<ChatMessage>(anaTab1, 'messageSent');
    const inBen1 = next<ChatMessage>(benTab1, 'newMessage');
    const inBen2 = next<ChatMessage>(benTab2, 'newMessage');
    const inAnaOtherTab = next<ChatMessage>(anaTab2, 'newMessage');
    const echoedToSender = record<ChatMessage>(anaTab1, 'newMessage');
    const benList = next<ConversationUpdatedPayload>(benTab1, 'conversationUpdated');

    const ack = await send(anaTab1, { recipientId: ben.id, content: '  Hello <b>Ben</b>  ' });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.message).toMatchObject({
      senderId: ana.id,
      recipientId: ben.id,
      content: 'Hello <b>Ben</b>',
      readAt: null,
    });
    expect(await inBen1).toEqual(ack.message);
    expect(await inBen2).toEqual(ack.message);
    expect(await inAnaOtherTab).toEqual(ack.message);
    const { conversation } = await benList;
    expect(conversation).toMatchObject({
      otherUser: { id: ana.id, isOnline: true },
      unreadCount: 1,
      lastMessage: { id: ack.message.id },
    });
    await settle();
    expect(echoedToSender).toEqual([]);
    // The acknowledgement carried the message: the sending socket is not told twice.
    expect(sentEvents).toEqual([]);

    // Stored: the thread and the list read it back over REST.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages`,
      headers: ben.headers,
    });
    expect(thread.json()).toEqual({ data: [ack.message], hasMore: false });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/messages/conversations', headers: ben.headers });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ otherUser: { id: ana.id, username: ana.username }, unreadCount: 1 });
    expect(list.json().pagination).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    expect(await unread(ben)).toBe(1);
    expect(await unread(ana)).toBe(0);
  });

  it('tells a sender that asked for no acknowledgement with messageSent (spec §7)', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const anaTab = await open(ana);
    const benTab = await open(ben);
    const sent = next<ChatMessage>(anaTab, 'messageSent');
    const heard = next<ChatMessage>(benTab, 'newMessage');
    anaTab.emit('sendMessage', { recipientId: ben.id, content: 'no ack asked' });
    const message = await sent;
    expect(message).toMatchObject({ senderId: ana.id, recipientId: ben.id, content: 'no ack asked' });
    expect(await heard).toEqual(message);
  });

  it('refuses messages to yourself, empty or too long messages and unknown recipients', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const socket = await open(ana);
    const errors = record<{ message: string }>(socket, 'messageError');
    expect(await send(socket, { recipientId: ana.id, content: 'hi me' })).toEqual({
      ok: false,
      error: 'You cannot message yourself',
    });
    expect(await send(socket, { recipientId: ben.id, content: '   ' })).toEqual({
      ok: false,
      error: 'Message cannot be empty',
    });
    expect(await send(socket, { recipientId: ben.id, content: 'x'.repeat(2001) })).toEqual({
      ok: false,
      error: 'Message must be at most 2000 characters',
    });
    expect(await send(socket, { recipientId: ben.id, content: 'nul\u0000byte' })).toEqual({
      ok: false,
      error: 'Text may not contain NUL characters or invalid Unicode',
    });
    expect(await send(socket, { recipientId: '00000000-0000-4000-8000-000000000000', content: 'hello?' })).toEqual({
      ok: false,
      error: 'Recipient not found',
    });
    await settle();
    expect(errors.map((e) => e.message)).toEqual([
      'You cannot message yourself',
      'Message cannot be empty',
      'Message must be at most 2000 characters',
      'Text may not contain NUL characters or invalid Unicode',
      'Recipient not found',
    ]);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ben.id}/messages`,
      headers: ana.headers,
    });
    expect(thread.json().data).toEqual([]);
  });

  it('slows down a person who sends too fast, and lets them go on after the window', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const socket = await open(ana);
    for (let i = 0; i < 10; i += 1)
      expect((await send(socket, { recipientId: ben.id, content: `m${i}` })).ok).toBe(true);
    const error = next<{ message: string }>(socket, 'messageError');
    expect(await send(socket, { recipientId: ben.id, content: 'one too many' })).toEqual({
      ok: false,
      error: 'You are sending messages too fast',
    });
    expect(await error).toEqual({ message: 'You are sending messages too fast' });
    t.clock.advance(5000);
    expect((await send(socket, { recipientId: ben.id, content: 'later' })).ok).toBe(true);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ben.id}/messages?limit=30`,
      headers: ana.headers,
    });
    expect(thread.json().data.map((m: ChatMessage) => m.content)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `m${i}`),
      'later',
    ]);
  });
});

describe('signing out', () => {
  it('stops a socket from sending once its session is revoked', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const socket = await open(ana);
    expect((await send(socket, { recipientId: ben.id, content: 'still here' })).ok).toBe(true);
    await t.deps.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ana.sessionId));
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect(await send(socket, { recipientId: ben.id, content: 'after sign-out' })).toEqual({
      ok: false,
      error: 'Your session has ended, please sign in again',
    });
    expect(await dropped).toBe('io server disconnect');
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages`,
      headers: ben.headers,
    });
    expect(thread.json().data.map((m: ChatMessage) => m.content)).toEqual(['still here']);
  });
});

describe('history, typing and reading', () => {
  it('sends the latest messages on join and pages older ones over REST', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const socket = await open(ana);
    for (let i = 0; i < 55; i += 1) {
      if (i % 10 === 0) t.clock.advance(5000);
      expect((await send(socket, { recipientId: ben.id, content: `n${i}` })).ok).toBe(true);
    }
    const benSocket = await open(ben);
    const history = next<MessageHistoryPayload>(benSocket, 'messageHistory');
    benSocket.emit('joinConversation', { otherUserId: ana.id });
    const h = await history;
    expect(h.otherUserId).toBe(ana.id);
    expect(h.hasMore).toBe(true);
    expect(h.messages.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `n${i + 5}`));

    const first = h.messages[0]!;
    const older = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages?before=${first.id}&limit=30`,
      headers: ben.headers,
    });
    expect(older.json()).toMatchObject({ hasMore: false });
    expect(older.json().data.map((m: ChatMessage) => m.content)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages?limit=3`,
      headers: ben.headers,
    });
    expect(latest.json().data.map((m: ChatMessage) => m.content)).toEqual(['n52', 'n53', 'n54']);
  });

  it('relays typing and stopTyping to the recipient only', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const carl = await createUser(t.deps);
    const anaSocket = await open(ana);
    const benSocket = await open(ben);
    const carlSocket = await open(carl);
    const overheard = record<TypingPayload>(carlSocket, 'typing');
    const typing = next<TypingPayload>(benSocket, 'typing');
    anaSocket.emit('typing', { recipientId: ben.id });
    expect(await typing).toEqual({ senderId: ana.id, recipientId: ben.id });
    const stopped = next<TypingPayload>(benSocket, 'stopTyping');
    anaSocket.emit('stopTyping', { recipientId: ben.id });
    expect(await stopped).toEqual({ senderId: ana.id, recipientId: ben.id });
    await settle();
    expect(overheard).toEqual([]);
  });

  it('marks messages read, tells the sender, and keeps unread counts exact', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const anaSocket = await open(ana);
    const benSocket = await open(ben);
    const sent: ChatMessage[] = [];
    for (const content of ['one', 'two', 'three']) {
      const ack = await send(anaSocket, { recipientId: ben.id, content });
      if (ack.ok) sent.push(ack.message);
    }
    expect(await unread(ben)).toBe(3);

    const receipt = next<MessageReadPayload>(anaSocket, 'messageRead');
    const ack = await benSocket.timeout(5000).emitWithAck('markAsRead', { messageId: sent[0]!.id });
    expect(ack).toMatchObject({ ok: true, messageIds: [sent[0]!.id] });
    expect(await receipt).toMatchObject({ messageId: sent[0]!.id, messageIds: [sent[0]!.id], readerId: ben.id });
    expect(await unread(ben)).toBe(2);

    // Marking again changes nothing; the sender marking their own message changes nothing.
    await benSocket.timeout(5000).emitWithAck('markAsRead', { messageId: sent[0]!.id });
    await anaSocket.timeout(5000).emitWithAck('markAsRead', { messageIds: [sent[1]!.id] });
    expect(await unread(ben)).toBe(2);

    const allRead = next<MessageReadPayload>(anaSocket, 'messageRead');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${ana.id}/read`,
      headers: ben.headers,
    });
    expect(res.json().data.count).toBe(2);
    expect((await allRead).messageIds.sort()).toEqual([sent[1]!.id, sent[2]!.id].sort());
    expect(await unread(ben)).toBe(0);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ben.id}/messages`,
      headers: ana.headers,
    });
    expect(thread.json().data).toHaveLength(3);
    expect(thread.json().data.every((m: ChatMessage) => m.readAt !== null)).toBe(true);
  });

  it('does not let someone outside the conversation read or mark its messages', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const eve = await createUser(t.deps);
    const anaSocket = await open(ana);
    const eveSocket = await open(eve);
    const ack = await send(anaSocket, { recipientId: ben.id, content: 'private' });
    if (!ack.ok) throw new Error(ack.error);
    expect(await eveSocket.timeout(5000).emitWithAck('markAsRead', { messageId: ack.message.id })).toEqual({
      ok: false,
      error: 'You are not part of this conversation',
    });
    expect(await unread(ben)).toBe(1);
    // Eve's own thread with Ana is empty: threads are always the viewer's own.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages`,
      headers: eve.headers,
    });
    expect(res.json()).toEqual({ data: [], hasMore: false });
    const history = next<MessageHistoryPayload>(eveSocket, 'messageHistory');
    eveSocket.emit('joinConversation', { otherUserId: ben.id });
    expect((await history).messages).toEqual([]);
  });

  it('loses nothing while the recipient is away', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const anaSocket = await open(ana);
    const benSocket = await open(ben);
    const offline = next<PresencePayload>(anaSocket, 'presence', (p) => p.userId === ben.id && !p.isOnline);
    await send(anaSocket, { recipientId: ben.id, content: 'before' });
    benSocket.disconnect();
    expect(await offline).toEqual({ userId: ben.id, isOnline: false });
    const ack = await send(anaSocket, { recipientId: ben.id, content: 'while you were away' });
    expect(ack.ok).toBe(true);

    const online = next<PresencePayload>(anaSocket, 'presence', (p) => p.userId === ben.id && p.isOnline);
    const back = await open(ben);
    expect(await online).toEqual({ userId: ben.id, isOnline: true });
    const history = next<MessageHistoryPayload>(back, 'messageHistory');
    back.emit('joinConversation', { otherUserId: ana.id });
    expect((await history).messages.map((m) => m.content)).toEqual(['before', 'while you were away']);
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${ana.id}/messages`,
      headers: ben.headers,
    });
    expect(rest.json().data.map((m: ChatMessage) => m.content)).toEqual(['before', 'while you were away']);
    expect(await unread(ben)).toBe(2);
    const onlineNow = await back
      .timeout(5000)
      .emitWithAck('getOnlineUsers', { userIds: [ana.id, ben.id, '00000000-0000-4000-8000-000000000000'] });
    expect(onlineNow).toEqual({
      ok: true,
      online: { [ana.id]: true, [ben.id]: true, '00000000-0000-4000-8000-000000000000': false },
    });
  });
});

describe('support chat', () => {
  it('names the support account and delivers a user message to it and to every admin on duty', async () => {
    const user = await createUser(t.deps);
    const otherAdmin = await createUser(t.deps, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/messages/support', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.supportUser).toMatchObject({ id: support.id, fullName: 'Atelier Support' });

    const userSocket = await open(user);
    const supportSocket = await open(support);
    const agentSocket = await open(otherAdmin);
    const toSupport = next<ChatMessage>(supportSocket, 'newMessage');
    const toAgent = next<ChatMessage>(agentSocket, 'newMessage');
    const inbox = next<ConversationUpdatedPayload>(agentSocket, 'conversationUpdated', (p) => p.isSupport === true);
    const ack = await send(userSocket, { recipientId: support.id, content: 'My render is stuck' });
    if (!ack.ok) throw new Error(ack.error);
    expect((await toSupport).id).toBe(ack.message.id);
    expect((await toAgent).id).toBe(ack.message.id);
    expect((await inbox).conversation).toMatchObject({ otherUser: { id: user.id }, unreadCount: 1 });

    // Another admin answers as support: the user sees the support account as the sender.
    const reply = next<ChatMessage>(userSocket, 'newMessage');
    const answer = await send(agentSocket, { recipientId: user.id, content: 'Looking into it', asSupport: true });
    expect(answer).toMatchObject({ ok: true, message: { senderId: support.id, recipientId: user.id } });
    expect(await reply).toMatchObject({ senderId: support.id, content: 'Looking into it' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messages/support/inbox',
      headers: otherAdmin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((c: { otherUser: { id: string } }) => c.otherUser.id === user.id)).toMatchObject({
      unreadCount: 1,
    });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${user.id}/read?asSupport=true`,
      headers: otherAdmin.headers,
    });
    expect(read.json().data.count).toBe(1);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${user.id}/messages?asSupport=true`,
      headers: otherAdmin.headers,
    });
    expect(thread.json().data.map((m: ChatMessage) => m.content)).toEqual(['My render is stuck', 'Looking into it']);
  });

  it('keeps the support inbox and acting as support to admins', async () => {
    const user = await createUser(t.deps);
    const stranger = await createUser(t.deps);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/messages/support/inbox', headers: user.headers });
    expect(inbox.statusCode).toBe(403);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${stranger.id}/messages?asSupport=true`,
      headers: user.headers,
    });
    expect(thread.statusCode).toBe(403);
    expect(thread.json().message).toBe('Only administrators can answer as support');
    const socket = await open(user);
    expect(await send(socket, { recipientId: stranger.id, content: 'I am support', asSupport: true })).toEqual({
      ok: false,
      error: 'Only administrators can answer as support',
    });
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/messages/conversations' });
    expect(anon.statusCode).toBe(401);
  });
});

// Last: it moves the shared clock past every token issued so far.
describe('token expiry', () => {
  it('drops a socket whose access token has expired', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const socket = await open(ana);
    t.clock.advance(16 * 60 * 1000);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const error = next<{ message: string }>(socket, 'messageError');
    expect(await send(socket, { recipientId: ben.id, content: 'too late' })).toEqual({
      ok: false,
      error: 'Your session has expired, please sign in again',
    });
    expect(await error).toEqual({ message: 'Your session has expired, please sign in again' });
    expect(await dropped).toBe('io server disconnect');
  });
});
