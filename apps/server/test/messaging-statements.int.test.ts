import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { MESSAGE_RATE_LIMIT, MESSAGING_TEXT, type ConversationUpdatedPayload, type SendMessageAck } from '@atelier/shared';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { nextEvent as next } from './socket-events.js';
import { captureStatements } from './statements.js';

let t: TestContext;
let url: string;
let support: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Webhook endpoints on this machine may be registered; no worker runs, so nothing is delivered.
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  // The first admin is the support account (no SUPPORT_EMAIL in tests).
  support = await createUser(t.deps, { role: 'admin', fullName: 'Atelier Support' });
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

/** Until both people's sockets are marked online (that runs in the background after connecting). */
async function online(...ids: string[]): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await t.deps.presence.onlineAmong(ids)).size === ids.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not online');
}

const send = (socket: Socket, payload: Record<string, unknown>) =>
  socket.timeout(5000).emitWithAck('sendMessage', payload) as Promise<SendMessageAck>;

describe('what one send costs', () => {
  it('is at most three statements: no session, recipient, support or presence query of its own', async () => {
    const ana = await createUser(t.deps);
    const ben = await createUser(t.deps);
    const anaSocket = await open(ana);
    const benSocket = await open(ben);
    await online(ana.id, ben.id);
    for (const content of ['first', 'second']) {
      const heard = next<ConversationUpdatedPayload>(benSocket, 'conversationUpdated');
      const { result, statements } = await captureStatements(t.deps.database, () =>
        send(anaSocket, { recipientId: ben.id, content }),
      );
      expect(result.ok).toBe(true);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
      expect(statements.filter((s) => /presence_sockets|^BEGIN|advisory/i.test(s))).toEqual([]);
      expect((await heard).conversation).toMatchObject({
        otherUser: { id: ana.id, isOnline: true },
        unreadCount: content === 'first' ? 1 : 2,
        lastMessage: { content },
      });
    }
  });

  it('is at most three statements for an admin answering as support too', async () => {
    const agent = await createUser(t.deps, { role: 'admin' });
    const customer = await createUser(t.deps);
    const socket = await open(agent);
    await open(customer);
    await online(agent.id, customer.id);
    const { result, statements } = await captureStatements(t.deps.database, () =>
      send(socket, { recipientId: customer.id, content: 'How can I help?', asSupport: true }),
    );
    expect(result).toMatchObject({ ok: true, message: { senderId: support.id, recipientId: customer.id } });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
  });
});

describe('what a send tells', () => {
  it("queues a message.received webhook for the recipient's endpoint, naming the message and sender", async () => {
    const gil = await createUser(t.deps);
    const hal = await createUser(t.deps);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/developers/webhooks',
      headers: hal.headers,
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['message.received'] },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const endpointId = registered.json().data.endpoint.id as string;
    const ack = await send(await open(gil), { recipientId: hal.id, content: 'ping' });
    if (!ack.ok) throw new Error(ack.error);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/developers/webhooks/${endpointId}/deliveries`,
      headers: hal.headers,
    });
    expect(list.json().data).toEqual([expect.objectContaining({ eventType: 'message.received' })]);
    const { rows } = await t.deps.database.query<{ payload: { data: Record<string, unknown> } }>(
      `SELECT payload FROM webhook_events WHERE user_id = $1`,
      [hal.id],
    );
    expect(rows.map((r) => r.payload.data)).toEqual([
      { messageId: ack.message.id, senderId: gil.id, createdAt: ack.message.createdAt },
    ]);
  });
});

describe('the send limit under concurrent sends', () => {
  it('lets exactly the limit through when one person sends many at once from two tabs', async () => {
    const cy = await createUser(t.deps);
    const dee = await createUser(t.deps);
    const tabs = [await open(cy), await open(cy)];
    const attempts = MESSAGE_RATE_LIMIT.count + 6;
    const acks = await Promise.all(
      Array.from({ length: attempts }, (_, i) => send(tabs[i % 2]!, { recipientId: dee.id, content: `burst ${i}` })),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(MESSAGE_RATE_LIMIT.count);
    expect(acks.filter((a) => !a.ok)).toEqual(
      Array.from({ length: attempts - MESSAGE_RATE_LIMIT.count }, () => ({ ok: false, error: MESSAGING_TEXT.tooFast })),
    );
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${dee.id}/messages?limit=30`,
      headers: cy.headers,
    });
    expect(thread.json().data).toHaveLength(MESSAGE_RATE_LIMIT.count);
  });
});

describe('what a refused send is told first', () => {
  it('names the ended session before anything wrong with the message, and closes the socket', async () => {
    const eve = await createUser(t.deps);
    const socket = await open(eve);
    await t.deps.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, eve.sessionId));
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect(await send(socket, { recipientId: eve.id, content: '   ' })).toEqual({
      ok: false,
      error: 'Your session has ended, please sign in again',
    });
    expect(await dropped).toBe('io server disconnect');
  });

  it('refuses acting as support to a non-admin before looking at the message', async () => {
    const fay = await createUser(t.deps);
    const socket = await open(fay);
    expect(await send(socket, { recipientId: support.id, content: '', asSupport: true })).toEqual({
      ok: false,
      error: MESSAGING_TEXT.supportOnlyAdmins,
    });
    expect(await send(socket, { recipientId: support.id, content: 'hi', asSupport: true })).toEqual({
      ok: false,
      error: MESSAGING_TEXT.supportOnlyAdmins,
    });
  });

  it('refuses an admin messaging the support account as support, as messaging oneself', async () => {
    const agent = await createUser(t.deps, { role: 'admin' });
    const socket = await open(agent);
    expect(await send(socket, { recipientId: support.id, content: 'hello me', asSupport: true })).toEqual({
      ok: false,
      error: MESSAGING_TEXT.self,
    });
  });
});
