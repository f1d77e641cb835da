import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationPayload,
  ChatMessage,
  MessageHistoryPayload,
  MessageReadPayload,
  OnlineUsersAck,
  PresencePayload,
  SendMessageAck,
  TypingPayload,
} from '@atelier/shared';
import { withDatabase } from './global-setup.js';
import { startServerProcess, stopAllServerProcesses } from './server-processes.js';
import { nextEvent as next } from './socket-events.js';

/**
 * Messaging across two real server processes (DESIGN.md §1 scale-out): `src/main.ts` started twice
 * with ROLE=api on its own port, both on one fresh PostgreSQL database. Socket events cross through
 * the Postgres adapter; presence and the send limit are shared through the database. Runs only in
 * the PostgreSQL leg (vitest.config.ts).
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `atelier_t_${randomBytes(6).toString('hex')}`;
const jwtSecret = randomBytes(32).toString('hex');
const sockets: Socket[] = [];
let databaseCreated = false;

interface Proc {
  url: string;
  output: () => string;
}
interface Person {
  id: string;
  token: string;
}

let p1: Proc;
let p2: Proc;
let ana: Person;
let ben: Person;
let databaseUrl: string;

/** Starts `src/main.ts` and resolves once it answers health checks; fails early if it exits. */
async function startServer(databaseUrl: string, role: 'api' | 'all' = 'api'): Promise<Proc> {
  const proc = await startServerProcess({
    role,
    env: {
      DATABASE_URL: databaseUrl,
      // Both processes must accept each other's tokens, as a load-balanced deployment does.
      JWT_SECRET: jwtSecret,
      RATE_LIMIT_DISABLED: 'true',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  });
  return { url: proc.url, output: proc.output };
}

async function signUp(proc: Proc, name: string): Promise<Person> {
  const tag = `${name}${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${proc.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: name, username: tag, email: `${tag}@example.test`, password: 'Processes123' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { accessToken: string; user: { id: string } } };
  return { id: data.user.id, token: data.accessToken };
}

function open(proc: Proc, person: Person): Promise<Socket> {
  const socket = connect(proc.url, {
    auth: { token: person.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const send = (socket: Socket, recipientId: string, content: string) =>
  socket.timeout(10_000).emitWithAck('sendMessage', { recipientId, content }) as Promise<SendMessageAck>;

async function get<T>(proc: Proc, person: Person, url: string): Promise<T> {
  const res = await fetch(`${proc.url}/api/v1${url}`, { headers: { authorization: `Bearer ${person.token}` } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const thread = async (proc: Proc, viewer: Person, other: Person) =>
  (await get<{ data: ChatMessage[] }>(proc, viewer, `/messages/conversations/${other.id}/messages?limit=50`)).data;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // Empty, not a copy of the migrated template: both processes migrate and set up the queue and
    // the socket adapter at the same moment, as a fresh multi-process deployment does.
    await admin.query(`CREATE DATABASE ${dbName}`);
    databaseCreated = true;
  } finally {
    await admin.end();
  }
  const url = withDatabase(baseUrl, dbName);
  databaseUrl = url;
  [p1, p2] = await Promise.all([startServer(url), startServer(url)]);
  ana = await signUp(p1, 'Ana');
  ben = await signUp(p2, 'Ben');
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopAllServerProcesses('SIGTERM');
  if (!databaseCreated) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}, 30_000);

describe('messaging across two server processes on PostgreSQL', () => {
  let ana1: Socket;
  let ben1: Socket;
  let ben2: Socket;
  let first: ChatMessage;

  it('relays typing from one process to every tab of the recipient on both', async () => {
    ben1 = await open(p1, ben);
    ben2 = await open(p2, ben);
    ana1 = await open(p1, ana);
    const isFromAna = (p: TypingPayload) => p.senderId === ana.id;
    const onBen2 = next<TypingPayload>(ben2, 'typing', isFromAna);
    const onBen1 = next<TypingPayload>(ben1, 'typing', isFromAna);
    // Typing is fire-and-forget, so it is repeated until heard: this also waits, for a bounded time,
    // until both processes' adapters are listening, instead of assuming they already are.
    const repeat = setInterval(() => ana1.emit('typing', { recipientId: ben.id }), 250);
    ana1.emit('typing', { recipientId: ben.id });
    try {
      expect(await onBen2).toEqual({ senderId: ana.id, recipientId: ben.id });
      expect(await onBen1).toEqual({ senderId: ana.id, recipientId: ben.id });
    } finally {
      clearInterval(repeat);
    }
    const stopped = next<TypingPayload>(ben2, 'stopTyping', isFromAna);
    ana1.emit('stopTyping', { recipientId: ben.id });
    expect(await stopped).toEqual({ senderId: ana.id, recipientId: ben.id });
  });

  it('stores a message, acknowledges the sender and delivers it to every tab on both processes', async () => {
    const onBen1 = next<ChatMessage>(ben1, 'newMessage');
    const onBen2 = next<ChatMessage>(ben2, 'newMessage');
    const ack = await send(ana1, ben.id, 'hello across processes');
    if (!ack.ok) throw new Error(ack.error);
    first = ack.message;
    expect(first).toMatchObject({ senderId: ana.id, recipientId: ben.id, content: 'hello across processes' });
    expect((await onBen1).id).toBe(first.id);
    expect((await onBen2).id).toBe(first.id);
    for (const proc of [p1, p2]) {
      expect((await thread(proc, ben, ana)).map((m) => m.id)).toEqual([first.id]);
      expect((await thread(proc, ana, ben)).map((m) => m.id)).toEqual([first.id]);
    }
  });

  it('shows presence from the other process and announces changes across processes', async () => {
    const offline = next<PresencePayload>(ben2, 'presence', (p) => p.userId === ana.id && !p.isOnline);
    ana1.emit('goOffline');
    expect(await offline).toEqual({ userId: ana.id, isOnline: false });
    const asked = { userIds: [ana.id, ben.id, '00000000-0000-4000-8000-000000000000'] };
    expect(await ben2.timeout(10_000).emitWithAck('getOnlineUsers', asked)).toEqual({
      ok: true,
      online: { [ana.id]: false, [ben.id]: true, '00000000-0000-4000-8000-000000000000': false },
    } satisfies OnlineUsersAck);

    const online = next<PresencePayload>(ben2, 'presence', (p) => p.userId === ana.id && p.isOnline);
    ana1.emit('goOnline');
    expect(await online).toEqual({ userId: ana.id, isOnline: true });
    expect(await ben2.timeout(10_000).emitWithAck('getOnlineUsers', asked)).toEqual({
      ok: true,
      online: { [ana.id]: true, [ben.id]: true, '00000000-0000-4000-8000-000000000000': false },
    } satisfies OnlineUsersAck);
    const conversations = await get<{ data: { otherUser: { id: string; isOnline: boolean } }[] }>(
      p2,
      ben,
      '/messages/conversations',
    );
    expect(conversations.data.map((c) => c.otherUser)).toEqual([
      expect.objectContaining({ id: ana.id, isOnline: true }),
    ]);
  });

  it('sends the read receipt to the sender on the other process', async () => {
    const receipt = next<MessageReadPayload>(ana1, 'messageRead');
    const ack = await ben2.timeout(10_000).emitWithAck('markAsRead', { messageId: first.id });
    expect(ack).toMatchObject({ ok: true, messageIds: [first.id] });
    expect(await receipt).toMatchObject({ messageId: first.id, messageIds: [first.id], readerId: ben.id });
  });

  it('enforces the send limit across processes', async () => {
    // A person of their own, so earlier sends do not count towards this window.
    const cy = await signUp(p1, 'Cy');
    const cy1 = await open(p1, cy);
    const cy2 = await open(p2, cy);
    const attempts = 14;
    const acks = await Promise.all(
      Array.from({ length: attempts }, (_, i) => send(i % 2 === 0 ? cy1 : cy2, ana.id, `burst ${i}`)),
    );
    const refused = acks.filter((a) => !a.ok);
    expect(acks.filter((a) => a.ok)).toHaveLength(10);
    expect(refused).toEqual(
      Array.from({ length: attempts - 10 }, () => ({ ok: false, error: 'You are sending messages too fast' })),
    );
    expect(await thread(p2, ana, cy)).toHaveLength(10);
  });

  it('loses nothing while the recipient is away, whichever process they come back to', async () => {
    const away = next<PresencePayload>(ana1, 'presence', (p) => p.userId === ben.id && !p.isOnline);
    ben1.disconnect();
    ben2.disconnect();
    expect(await away).toEqual({ userId: ben.id, isOnline: false });

    const ack = await send(ana1, ben.id, 'while you were away');
    if (!ack.ok) throw new Error(ack.error);

    const back = next<PresencePayload>(ana1, 'presence', (p) => p.userId === ben.id && p.isOnline);
    const returned = await open(p2, ben);
    expect(await back).toEqual({ userId: ben.id, isOnline: true });
    const history = next<MessageHistoryPayload>(returned, 'messageHistory');
    returned.emit('joinConversation', { otherUserId: ana.id });
    expect((await history).messages.map((m) => m.content)).toEqual(['hello across processes', 'while you were away']);
    const unread = await get<{ data: { count: number } }>(p1, ben, '/messages/unread-count');
    expect(unread.data.count).toBe(1);
  });
});

describe('notifications across two server processes on PostgreSQL', () => {
  // An API process that also runs the workers (ROLE=all, as a single-host deployment does): a like
  // through it queues the job and wakes its own worker; the owner listens on the first process.
  let p3: Proc;
  beforeAll(async () => {
    p3 = await startServer(databaseUrl, 'all');
  }, 120_000);

  it("takes a like through one process to the owner's socket on the other within a second", async () => {
    const dee = await signUp(p1, 'Dee');
    const eli = await signUp(p3, 'Eli');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const items: string[] = [];
    try {
      for (const title of ['Warm-up', 'Harbour']) {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO content (user_id, title, prompt, model, content_type, status, is_private, seed, cost)
           VALUES ($1, $2, 'a harbour', 'stable-diffusion-xl', 'illustration', 'ready', false, 1, 5) RETURNING id`,
          [dee.id, title],
        );
        items.push(rows[0]!.id);
      }
    } finally {
      await client.end();
    }
    const [warmUpId, contentId] = items as [string, string];
    const likeThroughP3 = (id: string) =>
      fetch(`${p3.url}/api/v1/content/${id}/like`, {
        method: 'POST',
        headers: { authorization: `Bearer ${eli.token}` },
      });
    const dee1 = await open(p1, dee);
    // The first like of a fresh process starts its queue: it is not the one timed.
    const warmedUp = next<NotificationPayload>(
      dee1,
      'notification',
      (p) => p.notification.subject.id === warmUpId,
      10_000,
    );
    expect((await likeThroughP3(warmUpId)).status).toBeLessThan(300);
    await warmedUp;
    const arrived = next<NotificationPayload>(
      dee1,
      'notification',
      (p) => p.notification.subject.id === contentId,
      10_000,
    );
    const started = Date.now();
    const res = await likeThroughP3(contentId);
    expect(res.status).toBeLessThan(300);
    const payload = await arrived;
    const tookMs = Date.now() - started;
    expect(payload).toMatchObject({
      unread: 2,
      notification: { kind: 'like', actors: [expect.objectContaining({ id: eli.id })] },
    });
    expect(tookMs).toBeLessThan(1000);
    const unread = await get<{ data: { unread: number } }>(p1, dee, '/notifications/unread-count');
    expect(unread.data.unread).toBe(2);
  });
});
