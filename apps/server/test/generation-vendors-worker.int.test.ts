import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, LedgerEntry } from '@atelier/shared';
import { createFalProvider } from '../src/providers/generation/fal/fal-provider.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, waitFor, type TestUser } from './factories.js';
import { pngFile, startFakeVendor, type FakeVendor, type Reply } from './fake-vendor-server.js';

// The worker with a real hosted provider (fal) against a local fal queue: what the owner sees.
let t: TestContext;
let fake: FakeVendor;
let submitReply: Reply | undefined;
let result: Reply;

beforeAll(async () => {
  fake = await startFakeVendor();
  fake.files['/files/out.png'] = { type: 'image/png', data: await pngFile(900, 600) };
  fake.handle = (req) => {
    if (req.method === 'POST') return submitReply ?? { json: { request_id: 'req-1' } };
    if (/\/requests\/req-1\/status$/.test(req.path)) return { json: { status: 'COMPLETED' } };
    if (/\/requests\/req-1$/.test(req.path)) return result;
    return undefined;
  };
  const provider = createFalProvider({ apiKey: 'fal-key', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5 });
  t = await createTestApp({}, { provider, worker: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const api = (path: string) => `/api/v1${path}`;

async function generate(user: TestUser): Promise<Content> {
  const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: user.headers, payload: { contentType: 'photo', prompt: 'A quiet harbour', model: 'flux-pro' } });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const settled = (user: TestUser, id: string) =>
  waitFor(
    async () => {
      const item = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data as Content;
      return item.status === 'ready' || item.status === 'failed' ? item : undefined;
    },
    15_000,
    `content ${id} to settle`,
  );

const balanceOf = async (user: TestUser): Promise<number> => (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
const ledger = async (user: TestUser): Promise<LedgerEntry[]> => (await t.app.inject({ method: 'GET', url: api('/credits/history?pageSize=100'), headers: user.headers })).json().data;

describe('generation worker with a hosted vendor', () => {
  it('stores the vendor\'s image with its preview and thumbnail and charges once', async () => {
    submitReply = undefined;
    result = { json: { images: [{ url: `${fake.base}/files/out.png` }], has_nsfw_concepts: [false] } };
    const user = await createUser(t.deps, { credits: 30 });
    const done = await settled(user, (await generate(user)).id);
    expect(done).toMatchObject({ status: 'ready', width: 900, height: 600, mimeType: 'image/png', refunded: 0 });
    expect(done.previewUrl).toMatch(/preview\.webp$/);
    expect(done.thumbnailUrl).toMatch(/thumbnail\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: done.mediaUrl! })).statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(20);
  });

  it('rates mature what the vendor\'s safety check flagged, for good: its owner cannot lower it, an admin can', async () => {
    submitReply = undefined;
    result = { json: { images: [{ url: `${fake.base}/files/out.png` }], has_nsfw_concepts: [true] } };
    const user = await createUser(t.deps, { credits: 30 });
    const done = await settled(user, (await generate(user)).id);
    expect(done).toMatchObject({ status: 'ready', rating: 'mature', isRatingLocked: true });

    const put = (who: TestUser, payload: object) => t.app.inject({ method: 'PUT', url: api(`/content/${done.id}`), headers: who.headers, payload });
    const lower = await put(user, { rating: 'general', title: 'Renamed' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe('This item was rated mature by the safety check and cannot be lowered');
    const after = (await t.app.inject({ method: 'GET', url: api(`/content/${done.id}`), headers: user.headers })).json().data as Content;
    expect(after).toMatchObject({ rating: 'mature', isRatingLocked: true, title: done.title });
    // Other edits of a locked item still work, and keeping it mature is no change.
    const rename = await put(user, { rating: 'mature', title: 'Renamed' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ title: 'Renamed', rating: 'mature' });

    const admin = await createUser(t.deps, { role: 'admin' });
    const set = await t.app.inject({ method: 'PUT', url: api(`/admin/content/${done.id}/rating`), headers: admin.headers, payload: { rating: 'general' } });
    expect(set.statusCode).toBe(200);
    const reviewed = (await t.app.inject({ method: 'GET', url: api(`/content/${done.id}`), headers: user.headers })).json().data as Content;
    expect(reviewed.rating).toBe('general');
    expect(reviewed.isRatingLocked).toBeUndefined();

    // An unflagged result stays general.
    result = { json: { images: [{ url: `${fake.base}/files/out.png` }], has_nsfw_concepts: [false] } };
    const clean = await settled(user, (await generate(user)).id);
    expect(clean.rating).toBe('general');
    expect(clean.isRatingLocked).toBeUndefined();
  });

  it('fails a refused prompt with the vendor\'s reason and refunds exactly once', async () => {
    submitReply = undefined;
    result = { status: 422, json: { detail: [{ msg: 'Flagged by the content checker', type: 'content_policy_violation' }] } };
    const user = await createUser(t.deps, { credits: 30 });
    const done = await settled(user, (await generate(user)).id);
    expect(done).toMatchObject({ status: 'failed', failureReason: 'fal.ai refused this request under its content policy: Flagged by the content checker', refunded: 10 });
    expect(await balanceOf(user)).toBe(30);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('fails a rejected key (401) with a clear reason and refunds once', async () => {
    submitReply = { status: 401, json: { detail: 'Invalid key' } };
    const user = await createUser(t.deps, { credits: 30 });
    const done = await settled(user, (await generate(user)).id);
    expect(done.failureReason).toBe('fal.ai rejected the API key (401): Invalid key');
    expect(await balanceOf(user)).toBe(30);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });
});
