import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  CreditsUpdatedPayload,
  GenerationCompletedPayload,
  GenerationFailedPayload,
  GenerationProgressPayload,
} from '@atelier/shared';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider } from './factories.js';
import { nextEvent as next } from './socket-events.js';

const provider = fakeProvider('succeed');
let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { provider, worker: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(auth: Record<string, string> = {}): Socket {
  const socket = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected without a valid token')));
    socket.once('connect_error', (err) => resolve(err.message));
  });

describe('socket authentication', () => {
  it('refuses a connection without a token', async () => {
    expect(await refused(open())).toBe('Authentication token not provided');
  });

  it('refuses a connection with a bad token', async () => {
    expect(await refused(open({ token: 'not-a-jwt' }))).toBe('Invalid token');
  });
});

describe('generation events', () => {
  it('tells the owner about progress, the finished item and the new balance; nobody else hears it', async () => {
    provider.mode = 'succeed';
    const user = await createUser(t.deps, { credits: 10 });
    const other = await createUser(t.deps, { credits: 10 });
    const socket = open({ token: user.token });
    const secondTab = open({ token: user.token });
    const otherSocket = open({ token: other.token });
    await Promise.all([connected(socket), connected(secondTab), connected(otherSocket)]);
    const overheard: string[] = [];
    otherSocket.onAny((event: string) => overheard.push(event));

    // This user has one item, so the first of each event is about it.
    const charged = next<CreditsUpdatedPayload>(socket, 'credits:updated');
    const processing = next<GenerationProgressPayload>(socket, 'generation:progress');
    const completed = next<GenerationCompletedPayload>(socket, 'generation:completed');
    const inOtherTab = next<GenerationCompletedPayload>(secondTab, 'generation:completed');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content/generate',
      headers: user.headers,
      payload: { contentType: 'photo', prompt: 'A kite over the dunes', model: 'flux-schnell' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;

    expect(await charged).toEqual({ credits: 7 });
    expect(await processing).toMatchObject({ contentId: id, status: 'processing' });
    const { content } = await completed;
    expect(content).toMatchObject({
      id,
      status: 'ready',
      progress: 100,
      mediaUrl: `/media/content/${id}/original.png`,
    });
    expect((await inOtherTab).content.id).toBe(id);
    expect(overheard).toEqual([]);
  });

  it('tells the owner about a failure and the refund', async () => {
    provider.mode = 'fail';
    const user = await createUser(t.deps, { credits: 10 });
    const socket = open({ token: user.token });
    await connected(socket);
    const failed = next<GenerationFailedPayload>(socket, 'generation:failed');
    const refunded = next<CreditsUpdatedPayload>(socket, 'credits:updated', (p) => p.credits === 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content/generate',
      headers: user.headers,
      payload: { contentType: 'photo', prompt: 'Cannot be drawn', model: 'flux-dev' },
    });
    expect(res.statusCode).toBe(201);
    expect(await failed).toEqual({
      contentId: res.json().data.id,
      reason: 'The model could not render this prompt',
      refunded: 5,
    });
    expect(await refunded).toEqual({ credits: 10 });
  });
});
