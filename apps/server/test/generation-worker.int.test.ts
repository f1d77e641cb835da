import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, LedgerEntry } from '@atelier/shared';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { GENERATION_QUEUE, generationDeps } from '../src/modules/generation/generation.deps.js';
import { failAndRefund, runGeneration } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';

// The worker runs in-process, as with ROLE=all; the provider deadline is short so the timeout
// test is quick.
const provider = fakeProvider('succeed');
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ GENERATION_TIMEOUT_MS: '1500' }, { provider, worker: true });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

async function generate(user: TestUser, prompt: string, model = 'flux-dev', ctx = t): Promise<Content> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: user.headers,
    payload: { contentType: 'photo', prompt, model },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function show(user: TestUser, id: string, ctx = t): Promise<Content> {
  const res = await ctx.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const settled = (user: TestUser, id: string, ctx = t) =>
  waitFor(
    async () => {
      const item = await show(user, id, ctx);
      return item.status === 'ready' || item.status === 'failed' ? item : undefined;
    },
    15_000,
    `content ${id} to settle`,
  );

async function balanceOf(user: TestUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
}

async function ledger(user: TestUser): Promise<LedgerEntry[]> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/history?pageSize=100'), headers: user.headers })).json().data;
}

describe('generation worker', () => {
  it('renders the item, stores its files and serves them at their URLs', async () => {
    provider.mode = 'succeed';
    const user = await createUser(t.deps, { credits: 20 });
    const queued = await generate(user, 'A lighthouse in fog');
    const done = await settled(user, queued.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100, width: 16, height: 16, mimeType: 'image/png', failureReason: null, refunded: 0 });
    expect(done.completedAt).not.toBeNull();
    expect(done.mediaUrl).toBe(`/media/content/${queued.id}/original.png`);
    expect(done.previewUrl).toBe(`/media/content/${queued.id}/preview.png`);
    expect(done.thumbnailUrl).toBe(`/media/content/${queued.id}/thumbnail.png`);
    expect(done.posterUrl).toBeNull();
    // A 16-pixel picture is no sharper at 640: it has no tile still, and tiles use the thumbnail.
    expect(done.tileUrl).toBeNull();

    const media = await t.app.inject({ method: 'GET', url: done.mediaUrl! });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(media.headers['content-security-policy']).toContain("default-src 'none'");
    expect(media.headers['content-security-policy']).toContain('sandbox');
    const thumb = await t.app.inject({ method: 'GET', url: done.thumbnailUrl! });
    expect(thumb.statusCode).toBe(200);

    expect(await balanceOf(user)).toBe(15);
    expect((await ledger(user)).map((e) => e.kind)).toEqual(['generation_charge', 'signup_grant']);
  });

  it('fails the item and refunds it once when the provider refuses', async () => {
    provider.mode = 'fail';
    const user = await createUser(t.deps, { credits: 20 });
    const queued = await generate(user, 'Something the model cannot draw', 'flux-pro');
    const failed = await settled(user, queued.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'The model could not render this prompt', charged: 10, refunded: 10, mediaUrl: null });
    expect(await balanceOf(user)).toBe(20);
    const rows = await ledger(user);
    expect(rows.map((e) => [e.kind, e.delta, e.contentId])).toEqual([
      ['refund', 10, queued.id],
      ['generation_charge', -10, queued.id],
      ['signup_grant', 20, null],
    ]);
    expect(rows[0]?.reason).toBe('The model could not render this prompt');
  });

  it('fails and refunds an item whose provider runs past the deadline', async () => {
    provider.mode = 'hang';
    const user = await createUser(t.deps, { credits: 5 });
    const queued = await generate(user, 'A very slow render');
    const failed = await settled(user, queued.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Generation timed out after 2 seconds', refunded: 5 });
    expect(await balanceOf(user)).toBe(5);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('does not refund twice when the same job runs again (a retry after a restart)', async () => {
    provider.mode = 'fail';
    const user = await createUser(t.deps, { credits: 10 });
    const queued = await generate(user, 'Fails once');
    await settled(user, queued.id);
    expect(await balanceOf(user)).toBe(10);

    // The same job delivered again, as pg-boss does after a crash, plus direct re-runs.
    const jobId = await t.deps.queue.send(GENERATION_QUEUE, { contentId: queued.id });
    await waitFor(async () => ((await t.deps.queue.jobState(GENERATION_QUEUE, jobId)) === 'completed' ? true : undefined));
    const deps = generationDeps(t.deps);
    await runGeneration(deps, queued.id);
    expect(await failAndRefund(deps, queued.id, 'again', { pending: true })).toBe(false);

    expect(await balanceOf(user)).toBe(10);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(10);
    expect((await show(user, queued.id)).failureReason).toBe('The model could not render this prompt');
  });

  it('hands an item back to the queue when the provider asks for a retry, and refunds when none are left', async () => {
    provider.mode = 'retryable';
    const user = await createUser(t.deps, { credits: 10 });
    const queued = await generate(user, 'Busy model');
    const attempts = async () =>
      (await t.deps.database.query<{ attempts: number }>('SELECT attempts FROM content WHERE id = $1', [queued.id])).rows[0]?.attempts ?? 0;
    // The worker's run gives it back to pg-boss, which retries later; the charge stands meanwhile.
    await waitFor(async () => ((await attempts()) >= 1 && (await show(user, queued.id)).status === 'queued' ? true : undefined));
    expect(await balanceOf(user)).toBe(5);

    // The last attempt has no retry left: the item fails and the charge comes back.
    await runGeneration(generationDeps(t.deps), queued.id, { canRetry: false });
    expect(await show(user, queued.id)).toMatchObject({ status: 'failed', failureReason: 'The model is busy, try again later', refunded: 5 });
    expect(await balanceOf(user)).toBe(10);
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(10);
  });
});

// Its own app with the default provider deadline: on a loaded machine, the time between seeing
// "processing" and releasing the provider must not race the short deadline above.
describe('generation worker progress', () => {
  const held = fakeProvider('hang');
  let p: TestContext;
  beforeAll(async () => {
    p = await createTestApp({}, { provider: held, worker: true });
  });
  afterAll(async () => p.close());

  it('shows progress while it works, then the finished item', async () => {
    const user = await createUser(p.deps, { credits: 10 });
    const queued = await generate(user, 'Watch me work', 'flux-dev', p);
    const processing = await waitFor(async () => {
      const item = await show(user, queued.id, p);
      return item.status === 'processing' ? item : undefined;
    });
    expect(processing.progress).toBe(0);
    held.release();
    expect(await settled(user, queued.id, p)).toMatchObject({ status: 'ready', progress: 100 });
  });
});
