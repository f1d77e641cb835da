import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Content } from '@atelier/shared';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { runGeneration } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let url: string;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  owner = await createUser(t.deps, { credits: 100 });
  stranger = await createUser(t.deps);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const api = (path: string) => `/api/v1${path}`;
const get = (path: string, user?: TestUser) => t.app.inject({ method: 'GET', url: api(path), headers: user?.headers ?? {} });
const RECEIPT = ['charged', 'refunded', 'failureReason'];

describe('the receipt is the owner’s', () => {
  let item: Content;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: owner.headers,
      payload: { contentType: 'illustration', prompt: 'A receipt-shaped lighthouse', model: 'stable-diffusion-xl' },
    });
    expect(res.statusCode).toBe(201);
    // The reply to the request is the owner's: it carries the charge.
    expect(res.json().data.charged).toBeGreaterThan(0);
    await runGeneration(generationDeps(t.deps), res.json().data.id);
    item = (await get(`/content/${res.json().data.id}`, owner)).json().data;
  });

  it('shows charged, refunded and failureReason to the owner and admins only', async () => {
    expect(item).toMatchObject({ charged: item.cost, refunded: 0, failureReason: null });
    expect((await get(`/content/${item.id}`, admin)).json().data).toMatchObject({ charged: item.cost, refunded: 0 });
    for (const viewer of [undefined, stranger]) {
      const seen = (await get(`/content/${item.id}`, viewer)).json().data;
      expect(seen.id).toBe(item.id);
      for (const field of RECEIPT) expect(seen).not.toHaveProperty(field);
    }
  });

  it('never appears in lists, search, profiles or collections, not even the owner’s', async () => {
    const made = await t.app.inject({ method: 'POST', url: api('/collection'), headers: owner.headers, payload: { name: 'Shown', isPublic: true } });
    const collectionId = made.json().data.id as string;
    await t.app.inject({ method: 'POST', url: api(`/collection/${collectionId}/items`), headers: owner.headers, payload: { itemId: item.id, itemType: 'content' } });
    const lists = [
      '/content?pageSize=50',
      '/content/search?q=lighthouse',
      `/users/${owner.id}/content?pageSize=50`,
      '/users/content?pageSize=50',
      `/collection/${collectionId}/items`,
    ];
    for (const path of lists) {
      for (const viewer of [undefined, stranger, owner, admin]) {
        if (path.startsWith('/users/content') && viewer !== owner) continue;
        const res = await get(path, viewer);
        expect(res.statusCode, path).toBe(200);
        const body = JSON.stringify(res.json());
        expect(body, `${path} lists the item`).toContain(item.id);
        for (const field of RECEIPT) expect(body, `${path} carries ${field}`).not.toContain(`"${field}"`);
      }
    }
  });
});

describe('presence follows profile privacy', () => {
  async function open(user: TestUser): Promise<Socket> {
    const socket = connect(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
  const settle = () => new Promise((r) => setTimeout(r, 200));
  const onlineAsked = async (socket: Socket, ids: string[]) =>
    ((await socket.timeout(5000).emitWithAck('getOnlineUsers', { userIds: ids })) as { online: Record<string, boolean> }).online;

  it('hides a private profile’s presence from others (REST and sockets), not from admins', async () => {
    const hidden = await createUser(t.deps, { fullName: 'Quiet Person' });
    const open_ = await createUser(t.deps, { fullName: 'Open Person' });
    const viewer = await createUser(t.deps);
    const privacy = await t.app.inject({ method: 'PATCH', url: api('/users/settings'), headers: hidden.headers, payload: { profileVisibility: 'private' } });
    expect(privacy.statusCode).toBe(200);

    const viewerSocket = await open(viewer);
    const heard: { userId: string; isOnline: boolean }[] = [];
    viewerSocket.on('presence', (p: { userId: string; isOnline: boolean }) => heard.push(p));
    // Conversations with both, so each would normally hear the other come and go.
    for (const other of [hidden, open_]) {
      const ack = await viewerSocket.timeout(5000).emitWithAck('sendMessage', { recipientId: other.id, content: 'Hello there' });
      expect(ack).toMatchObject({ ok: true });
    }
    const adminSocket = await open(admin);
    for (const other of [hidden, open_]) {
      await adminSocket.timeout(5000).emitWithAck('sendMessage', { recipientId: other.id, content: 'Admin hello' });
    }
    await open(hidden);
    await open(open_);
    await settle();

    // The one whose profile they may see is online; the private one is not shown as anything.
    expect(heard).toContainEqual({ userId: open_.id, isOnline: true });
    expect(heard.some((p) => p.userId === hidden.id)).toBe(false);
    expect(await onlineAsked(viewerSocket, [hidden.id, open_.id])).toEqual({ [hidden.id]: false, [open_.id]: true });
    expect((await get(`/messages/users/${hidden.id}`, viewer)).json().data.isOnline).toBe(false);
    expect((await get(`/messages/users/${open_.id}`, viewer)).json().data.isOnline).toBe(true);
    const list = (await get('/messages/conversations', viewer)).json().data as { otherUser: { id: string; isOnline: boolean } }[];
    expect(list.find((c) => c.otherUser.id === hidden.id)?.otherUser.isOnline).toBe(false);
    expect(list.find((c) => c.otherUser.id === open_.id)?.otherUser.isOnline).toBe(true);

    // Admins may see every profile, so they see both.
    expect(await onlineAsked(adminSocket, [hidden.id, open_.id])).toEqual({ [hidden.id]: true, [open_.id]: true });
    expect((await get(`/messages/users/${hidden.id}`, admin)).json().data.isOnline).toBe(true);
    // The person sees their own presence.
    const self = await open(hidden);
    expect(await onlineAsked(self, [hidden.id])).toEqual({ [hidden.id]: true });
  });
});
