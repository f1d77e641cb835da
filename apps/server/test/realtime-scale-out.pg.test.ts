import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/db.js';
import { TokenService } from '../src/platform/http/auth.js';
import { loadPostgresAdapter } from '../src/platform/realtime/postgres-adapter.js';
import { createRealtime, disconnectSessions, disconnectUser, type Realtime } from '../src/platform/realtime/realtime.js';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { createUser } from './factories.js';
import { withDatabase } from './global-setup.js';

/**
 * The scale-out path (DESIGN.md §1): two server processes share one PostgreSQL database, and a
 * socket event emitted by one reaches a client connected to the other through the Postgres
 * adapter. Runs only in the PostgreSQL leg (vitest.config.ts includes *.pg.test.ts when
 * TEST_DATABASE_URL is set; CI sets it and fails when PostgreSQL is unreachable).
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const name = `atelier_t_${randomBytes(6).toString('hex')}`;
const silent = { info: () => undefined, warn: () => undefined };

interface Node {
  realtime: Realtime;
  server: http.Server;
  url: string;
  close(): Promise<void>;
}

let database: Database;
let tokens: TokenService;
const nodes: Node[] = [];
const sockets: Socket[] = [];

async function startNode(databaseUrl: string): Promise<Node> {
  const fanOut = await loadPostgresAdapter(databaseUrl, silent);
  if (!fanOut) throw new Error('@socket.io/postgres-adapter is not installed');
  const realtime = createRealtime({ db: database.db, tokens, adapter: fanOut.adapter });
  const server = http.createServer();
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    realtime,
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
      await fanOut.close();
    },
  };
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  const url = withDatabase(baseUrl, name);
  database = await openDatabase({ databaseUrl: url, migrate: false });
  tokens = new TokenService(randomBytes(32).toString('hex'));
  nodes.push(await startNode(url), await startNode(url));
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const n of nodes) await n.close();
  await database.close();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  await admin.end();
});

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('realtime across two server processes on PostgreSQL', () => {
  it('stopping one process disconnects its own clients only; the other keeps its clients and their events', async () => {
    const [a] = nodes as [Node, Node];
    const leaving = await startNode(withDatabase(baseUrl, name));
    const user = await createUser({ database, tokens, clock: () => new Date() });
    const onA = await open(a.url, user.token);
    const onLeaving = await open(leaving.url, user.token);
    await new Promise((r) => setTimeout(r, 300));
    const dropped = new Promise((resolve) => onLeaving.once('disconnect', resolve));
    await leaving.close();
    await dropped;
    // Long enough for a disconnect published through the adapter to have reached the other node.
    await new Promise((r) => setTimeout(r, 1000));
    expect(onA.connected).toBe(true);
    const got = next<{ credits: number }>(onA, 'credits:updated');
    a.realtime.toUser(user.id, 'credits:updated', { credits: 3 });
    await expect(got).resolves.toEqual({ credits: 3 });
  });

  it('delivers an event emitted by one node to the user connected to the other, on every tab', async () => {
    const [a, b] = nodes as [Node, Node];
    const user = await createUser({ database, tokens, clock: () => new Date() });
    const onA = await open(a.url, user.token);
    const onB = await open(b.url, user.token);

    const gotA = next<{ credits: number }>(onA, 'credits:updated');
    const gotB = next<{ credits: number }>(onB, 'credits:updated');
    // Give both adapters' LISTEN connections a moment to be subscribed before the first NOTIFY.
    await new Promise((r) => setTimeout(r, 300));
    b.realtime.toUser(user.id, 'credits:updated', { credits: 42 });
    await expect(gotA).resolves.toEqual({ credits: 42 });
    await expect(gotB).resolves.toEqual({ credits: 42 });

    const back = next<{ credits: number }>(onB, 'credits:updated');
    a.realtime.toUser(user.id, 'credits:updated', { credits: 7 });
    await expect(back).resolves.toEqual({ credits: 7 });
  });

  it('keeps one user\'s events away from another user on the other node', async () => {
    const [a, b] = nodes as [Node, Node];
    const alice = await createUser({ database, tokens, clock: () => new Date() });
    const bob = await createUser({ database, tokens, clock: () => new Date() });
    const bobSocket = await open(a.url, bob.token);
    const aliceSocket = await open(a.url, alice.token);
    const received: unknown[] = [];
    bobSocket.on('credits:updated', (p) => received.push(p));
    const aliceGot = next(aliceSocket, 'credits:updated');
    await new Promise((r) => setTimeout(r, 300));
    b.realtime.toUser(alice.id, 'credits:updated', { credits: 1 });
    await aliceGot;
    expect(received).toEqual([]);
  });

  it('closes one sign-in\'s sockets, then all of a person\'s, on the other node too', async () => {
    const [a, b] = nodes as [Node, Node];
    const clock = () => new Date();
    const user = await createUser({ database, tokens, clock });
    // A second sign-in of the same person (another device).
    const familyId = randomUUID();
    const [second] = await database.db
      .insert(sessions)
      .values({ userId: user.id, familyId, refreshTokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    const otherToken = await tokens.signAccess({ id: user.id, role: user.role, sessionId: second!.id });
    const [firstFamily] = await database.db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, user.sessionId));

    const firstOnA = await open(a.url, user.token);
    const secondOnA = await open(a.url, otherToken);
    const secondOnB = await open(b.url, otherToken);
    await new Promise((r) => setTimeout(r, 300));

    const firstClosed = next<string>(firstOnA, 'disconnect');
    disconnectSessions(b.realtime.io, [firstFamily!.familyId]);
    await expect(firstClosed).resolves.toBe('io server disconnect');
    expect(secondOnA.connected && secondOnB.connected).toBe(true);

    const closed = [next<string>(secondOnA, 'disconnect'), next<string>(secondOnB, 'disconnect')];
    disconnectUser(b.realtime.io, user.id);
    await expect(Promise.all(closed)).resolves.toEqual(['io server disconnect', 'io server disconnect']);
  });
});
