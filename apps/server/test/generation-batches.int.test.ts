import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, GeneratedContent, LedgerEntry } from '@atelier/shared';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { runGeneration } from '../src/modules/generation/generation.worker.js';
import { createFalProvider } from '../src/providers/generation/fal/fal-provider.js';
import { createLocalProvider } from '../src/providers/generation/local/local-provider.js';
import { createLumaProvider } from '../src/providers/generation/luma/luma-provider.js';
import { singleProviderRegistry } from '../src/providers/generation/registry.js';
import type { GenerationProvider } from '../src/providers/generation/types.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, pngBytes, type TestUser } from './factories.js';
import { mp4File, pngFile, startFakeVendor } from './fake-vendor-server.js';

// No worker here: items are rendered on demand with runGeneration where a test needs a ready one.
const provider = fakeProvider('succeed');
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PROMPT_BLOCKLIST: 'gore' }, { provider });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

function generate(user: TestUser, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: { ...user.headers, ...headers },
    payload,
  });
}

const get = (user: TestUser | null, path: string) =>
  t.app.inject({ method: 'GET', url: api(path), headers: user ? user.headers : {} });

async function balanceOf(user: TestUser): Promise<number> {
  return (await get(user, '/credits/balance')).json().data.credits;
}

async function ledger(user: TestUser): Promise<LedgerEntry[]> {
  return (await get(user, '/credits/history?pageSize=100')).json().data;
}

async function counts(user: TestUser): Promise<{ items: number; batches: number }> {
  const items = await t.deps.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM content WHERE user_id = $1',
    [user.id],
  );
  const batches = await t.deps.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM generation_batches WHERE user_id = $1',
    [user.id],
  );
  return { items: items.rows[0]?.n ?? 0, batches: batches.rows[0]?.n ?? 0 };
}

async function categoryId(): Promise<string> {
  const res = await t.deps.database.query<{ id: string }>(
    `INSERT INTO categories (name, slug) VALUES ('Landscapes', 'landscapes-${Math.random().toString(16).slice(2)}') RETURNING id`,
  );
  return res.rows[0]!.id;
}

function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /content/generate with count: a batch of candidates', () => {
  it('charges count × cost at once, makes that many queued items and answers with the first and the batch', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const res = await generate(user, {
      contentType: 'photo',
      prompt: 'A lighthouse at dusk',
      model: 'flux-dev',
      count: 4,
      seed: 100,
    });
    expect(res.statusCode).toBe(201);
    const first = res.json().data as GeneratedContent;
    expect(first.batch?.itemIds).toHaveLength(4);
    expect(first.batch?.itemIds[0]).toBe(first.id);
    expect(first).toMatchObject({ status: 'queued', cost: 5, charged: 5, batchId: first.batch?.id });
    expect(await balanceOf(user)).toBe(10);
    const charges = (await ledger(user)).filter((e) => e.kind === 'generation_charge');
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ delta: -20, contentId: first.id, balanceAfter: 10 });

    const batch = await get(user, `/content/batches/${first.batch?.id}`);
    expect(batch.statusCode).toBe(200);
    const items = batch.json().data.items as Content[];
    expect(items.map((i) => i.id)).toEqual(first.batch?.itemIds);
    // Four different candidates: consecutive seeds from the one asked for.
    expect(items.map((i) => i.seed)).toEqual([100, 101, 102, 103]);
    expect(items.every((i) => i.status === 'queued' && i.batchId === first.batch?.id)).toBe(true);
    expect(await counts(user)).toEqual({ items: 4, batches: 1 });
  });

  it('shows a batch to its owner only', async () => {
    const owner = await createUser(t.deps, { credits: 30 });
    const other = await createUser(t.deps, { credits: 30 });
    const res = await generate(owner, { contentType: 'gif', prompt: 'A blinking cat', count: 2 });
    const batchId = (res.json().data as GeneratedContent).batch?.id;
    expect((await get(other, `/content/batches/${batchId}`)).statusCode).toBe(404);
    expect((await get(null, `/content/batches/${batchId}`)).statusCode).toBe(401);
    expect((await get(owner, `/content/batches/${batchId}`)).statusCode).toBe(200);
  });

  it('refuses the whole batch with 402 when the balance covers fewer than count, and changes nothing', async () => {
    const user = await createUser(t.deps, { credits: 15 });
    const res = await generate(user, { contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev', count: 4 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Insufficient credits');
    expect(await balanceOf(user)).toBe(15);
    expect(await counts(user)).toEqual({ items: 0, batches: 0 });
  });

  it('refunds each failed candidate on its own, and a deleted unfinished one', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const res = await generate(user, { contentType: 'illustration', prompt: 'A fox reading', count: 4 });
    const ids = (res.json().data as GeneratedContent).batch!.itemIds;
    expect(await balanceOf(user)).toBe(0);
    const deps = generationDeps(t.deps);
    await runGeneration(deps, ids[0]!);
    provider.mode = 'fail';
    try {
      await runGeneration(deps, ids[1]!);
    } finally {
      provider.mode = 'succeed';
    }
    expect(await balanceOf(user)).toBe(5);
    const removed = await t.app.inject({ method: 'DELETE', url: api(`/content/${ids[2]}`), headers: user.headers });
    expect(removed.statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(10);
    // Deleting a finished one refunds nothing: it was made.
    await t.app.inject({ method: 'DELETE', url: api(`/content/${ids[0]}`), headers: user.headers });
    expect(await balanceOf(user)).toBe(10);
    const refunds = (await ledger(user)).filter((e) => e.kind === 'refund');
    expect(refunds.map((r) => [r.contentId, r.delta]).sort()).toEqual(
      [
        [ids[1], 5],
        [ids[2], 5],
      ].sort(),
    );
    const left = (await get(user, `/content/batches/${(res.json().data as GeneratedContent).batch!.id}`)).json().data
      .items as Content[];
    expect(left.map((i) => [i.id, i.status])).toEqual([
      [ids[1], 'failed'],
      [ids[3], 'queued'],
    ]);
  });

  it('accepts for each concurrent batch exactly what the balance affords', async () => {
    const user = await createUser(t.deps, { credits: 50 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => generate(user, { contentType: 'vector', prompt: 'A mountain logo', count: 4 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 402, 402, 402]);
    expect(await balanceOf(user)).toBe(10);
    expect(await counts(user)).toEqual({ items: 8, batches: 2 });
    const sum = (await ledger(user)).reduce((total, e) => total + e.delta, 0);
    expect(sum).toBe(10);
  });

  it('answers a repeated Idempotency-Key with the same batch, charging once', async () => {
    const user = await createUser(t.deps, { credits: 40 });
    const body = { contentType: 'photo', prompt: 'A red kite', model: 'flux-dev', count: 3 };
    const first = await generate(user, body, { 'idempotency-key': 'batch-1' });
    const again = await generate(user, body, { 'idempotency-key': 'batch-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.batch).toEqual(first.json().data.batch);
    expect(await balanceOf(user)).toBe(25);
  });
});

describe('POST /content/generate: shape, negative prompt, seed, category and tags', () => {
  it('stores the settings with each item and returns them as generation, with category and tags', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const category = await categoryId();
    const res = await generate(user, {
      contentType: 'illustration',
      prompt: 'A storybook fox',
      aspectRatio: '3:4',
      negativePrompt: '  text, watermark ',
      seed: 7,
      strength: 30,
      categoryId: category,
      tags: ['Fox', 'storybook', 'fox'],
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Content;
    expect(item.generation).toEqual({
      seed: 7,
      strength: 30,
      aspectRatio: '3:4',
      negativePrompt: 'text, watermark',
      referenceImageUrl: null,
    });
    expect(item).toMatchObject({ categoryId: category, tags: ['fox', 'storybook'], batchId: null });
    const shown = (await get(user, `/content/${item.id}`)).json().data as Content;
    expect(shown.generation).toEqual(item.generation);
  });

  it('gives a request without a shape the type’s usual one: square for stills', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const res = await generate(user, { contentType: 'photo', prompt: 'A harbour', model: 'flux-pro', seed: 3 });
    expect(res.json().data.generation).toEqual({
      seed: 3,
      strength: 50,
      aspectRatio: '1:1',
      negativePrompt: null,
      referenceImageUrl: null,
    });
  });

  it('gives the reference image’s link to the owner only', async () => {
    const owner = await createUser(t.deps, { credits: 30 });
    const form = multipart(
      {
        contentType: 'photo',
        prompt: 'Like this',
        model: 'flux-schnell',
        aspectRatio: '16:9',
        count: '2',
        tags: 'night,harbour',
      },
      { name: 'referenceImage', filename: 'ref.png', type: 'image/png', data: await pngBytes(20, 10) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as GeneratedContent;
    expect(item.tags).toEqual(['night', 'harbour']);
    expect(item.generation?.aspectRatio).toBe('16:9');
    expect(item.generation?.referenceImageUrl).toMatch(/reference\.png/);
    await runGeneration(generationDeps(t.deps), item.id);
    expect(provider.calls.at(-1)).toMatchObject({ hadReference: true });
    const other = await createUser(t.deps);
    const seen = (await get(other, `/content/${item.id}`)).json().data as Content;
    expect(seen.generation?.referenceImageUrl).toBeNull();
    expect(seen.generation?.aspectRatio).toBe('16:9');
    // The owner's signed link opens it; the bare path does not, though the item is public.
    const signed = item.generation!.referenceImageUrl!;
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: signed.split('?')[0]! })).statusCode).toBe(404);
  });

  it('refuses bad input and what the model cannot take with a clear 400, and changes nothing', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    const cases: [object, string][] = [
      [{ contentType: 'photo', prompt: 'A lighthouse', count: 0 }, 'Count must be a whole number from 1 to 4'],
      [{ contentType: 'photo', prompt: 'A lighthouse', count: 5 }, 'Count must be a whole number from 1 to 4'],
      [
        { contentType: 'photo', prompt: 'A lighthouse', aspectRatio: '5:4' },
        'Shape must be one of 1:1, 4:3, 3:4, 3:2, 2:3, 16:9, 9:16',
      ],
      [
        { contentType: 'illustration', prompt: 'A fox', negativePrompt: 'n'.repeat(501) },
        'Negative prompt must be at most 500 characters',
      ],
      [
        { contentType: 'illustration', prompt: 'A fox', negativePrompt: 'gore' },
        'Your prompt contains a blocked term: "gore"',
      ],
      [
        { contentType: 'illustration', prompt: 'A fox', tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) },
        'At most 10 tags',
      ],
      [{ contentType: 'illustration', prompt: 'A fox', tags: ['t'.repeat(31)] }, 'A tag must be 1 to 30 characters'],
      [
        { contentType: 'illustration', prompt: 'A fox', categoryId: '00000000-0000-4000-8000-000000000000' },
        'Please choose a category from the list',
      ],
      [
        { contentType: 'photo', prompt: 'A lighthouse', model: 'flux-pro', negativePrompt: 'blur' },
        'FLUX Pro does not take a negative prompt',
      ],
      [
        { contentType: 'video', prompt: 'Waves', model: 'runway-gen3', aspectRatio: '1:1' },
        'Runway Gen-3 makes Video in 16:9, 9:16 only',
      ],
      [
        { contentType: 'video', prompt: 'Waves', model: 'runway-gen3', negativePrompt: 'blur' },
        'Runway Gen-3 does not take a negative prompt',
      ],
      [
        { contentType: 'video', prompt: 'Waves', model: 'luma-dream', aspectRatio: '3:2' },
        'Luma Dream Machine makes Video in 16:9, 9:16, 1:1, 4:3, 3:4 only',
      ],
      [
        { contentType: 'video', prompt: 'Waves', model: 'luma-dream', negativePrompt: 'blur' },
        'Luma Dream Machine does not take a negative prompt',
      ],
      [{ contentType: 'photo', prompt: 'A lighthouse', remixOf: 'not-an-id' }, 'Please choose an item to remix'],
    ];
    for (const [payload, message] of cases) {
      const res = await generate(user, payload);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    const form = multipart(
      { contentType: 'vector', prompt: 'A logo' },
      { name: 'referenceImage', filename: 'ref.png', type: 'image/png', data: await pngBytes(8, 8) },
    );
    const vector = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect({ status: vector.statusCode, message: vector.json().message }).toEqual({
      status: 400,
      message: 'Stable Diffusion XL does not take a reference image for Vector',
    });
    expect(await balanceOf(user)).toBe(100);
    expect(await counts(user)).toEqual({ items: 0, batches: 0 });
  });
});

describe('remix', () => {
  async function readyPublicItem(owner: TestUser, isPrivate = false): Promise<Content> {
    const res = await generate(owner, {
      contentType: 'illustration',
      prompt: 'A fox under a mushroom',
      isPrivate,
      seed: 11,
    });
    const item = res.json().data as Content;
    await runGeneration(generationDeps(t.deps), item.id);
    return item;
  }

  it('lets anyone remix a public ready item: the new item’s parent is it, its owner credited, listed among its remixes', async () => {
    const maker = await createUser(t.deps, { credits: 30, fullName: 'Ada Maker' });
    const remixer = await createUser(t.deps, { credits: 30 });
    const source = await readyPublicItem(maker);
    const res = await generate(remixer, {
      contentType: 'illustration',
      prompt: 'A fox under a mushroom, at night',
      remixOf: source.id,
    });
    expect(res.statusCode).toBe(201);
    const remix = res.json().data as Content;
    expect(remix.parentId).toBe(source.id);
    // The reply is what the new item's page opens on: it credits the source already.
    expect(remix.remixOf).toEqual({
      id: source.id,
      title: source.title,
      owner: expect.objectContaining({ id: maker.id, fullName: 'Ada Maker' }),
    });
    // The finished item the socket hands the remixer's open page replaces what it shows: it credits the source too.
    const sent: { event: string; payload: unknown }[] = [];
    const recording = {
      toUser: (_userId: string, event: string, payload: unknown) => void sent.push({ event, payload }),
    };
    await runGeneration({ ...generationDeps(t.deps), realtime: recording }, remix.id);
    const completed = (
      sent.find((s) => s.event === 'generation:completed')?.payload as { content: Content } | undefined
    )?.content;
    expect(completed?.remixOf).toEqual(remix.remixOf);
    // So does the reply to an edit of its details, which the page shows in its place.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: api(`/content/${remix.id}`),
      headers: remixer.headers,
      payload: { title: 'Night fox' },
    });
    expect(renamed.json().data.remixOf).toEqual(remix.remixOf);

    const page = (await get(null, `/content/${remix.id}`)).json().data as Content;
    expect(page.remixOf).toEqual({
      id: source.id,
      title: source.title,
      owner: expect.objectContaining({ id: maker.id, fullName: 'Ada Maker' }),
    });
    const remixes = await get(null, `/content/${source.id}/remixes`);
    expect(remixes.statusCode).toBe(200);
    expect(remixes.json().data.map((c: Content) => c.id)).toEqual([remix.id]);
    expect(remixes.json().pagination).toMatchObject({ total: 1, page: 1 });
    expect((await get(null, `/content/${source.id}`)).json().data.remixCount).toBe(1);
    // The source's owner editing its details keeps its page's list of remixes.
    const retitled = await t.app.inject({
      method: 'PUT',
      url: api(`/content/${source.id}`),
      headers: maker.headers,
      payload: { title: 'Fox, mushroom' },
    });
    expect(retitled.json().data.remixCount).toBe(1);

    // Privatising the parent keeps the child but hides the link to it.
    await t.app.inject({
      method: 'PUT',
      url: api(`/content/${source.id}`),
      headers: maker.headers,
      payload: { isPrivate: true },
    });
    const after = (await get(null, `/content/${remix.id}`)).json().data as Content;
    expect(after.remixOf).toBeNull();
    expect((await get(null, `/content/${source.id}/remixes`)).statusCode).toBe(404);
  });

  it('finds no private or unfinished item to remix (404) and charges nothing', async () => {
    const maker = await createUser(t.deps, { credits: 60 });
    const remixer = await createUser(t.deps, { credits: 30 });
    const hidden = await readyPublicItem(maker, true);
    const unready = (await generate(maker, { contentType: 'illustration', prompt: 'Queued fox' })).json()
      .data as Content;
    for (const id of [hidden.id, unready.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await generate(remixer, { contentType: 'illustration', prompt: 'Mine now', remixOf: id });
      expect(res.statusCode).toBe(404);
    }
    expect(await balanceOf(remixer)).toBe(30);
    expect(await counts(remixer)).toEqual({ items: 0, batches: 0 });
  });
});

describe('category pages filter by type on the server', () => {
  it('answers only the type asked for, with pages that reach every item of it', async () => {
    const maker = await createUser(t.deps, { credits: 100 });
    const category = await categoryId();
    const made: string[] = [];
    for (const contentType of ['photo', 'illustration', 'illustration', 'photo', 'illustration']) {
      const res = await generate(maker, {
        contentType,
        prompt: `A ${contentType}`,
        categoryId: category,
        ...(contentType === 'photo' ? { model: 'flux-schnell' } : {}),
      });
      const item = res.json().data as Content;
      await runGeneration(generationDeps(t.deps), item.id);
      if (contentType === 'photo') made.push(item.id);
    }
    const first = await get(null, `/category/${category}/content?contentType=photo&pageSize=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((c: Content) => c.contentType)).toEqual(['photo']);
    expect(first.json().pagination).toMatchObject({ total: 2, totalPages: 2 });
    const second = await get(null, `/category/${category}/content?contentType=photo&pageSize=1&page=2`);
    expect([first.json().data[0].id, second.json().data[0].id].sort()).toEqual([...made].sort());
    const byCursor = await get(
      null,
      `/category/${category}/content?contentType=photo&pageSize=1&cursor=${encodeURIComponent(first.json().nextCursor)}`,
    );
    expect(byCursor.json().data[0].id).toBe(second.json().data[0].id);
    expect((await get(null, `/category/${category}/content?contentType=audio`)).statusCode).toBe(400);
  });
});

describe('POST /content/generate: the shape when none is asked for', () => {
  /** Generates without a shape, renders with `renderer`, and returns the item as its owner then sees it. */
  async function madeWithout(
    user: TestUser,
    payload: object,
    renderer: GenerationProvider,
  ): Promise<{ accepted: Content; shown: Content }> {
    const res = await generate(user, payload);
    expect(res.statusCode).toBe(201);
    const accepted = res.json().data as Content;
    await runGeneration({ ...generationDeps(t.deps), providers: singleProviderRegistry(renderer) }, accepted.id);
    return { accepted, shown: (await get(user, `/content/${accepted.id}`)).json().data as Content };
  }

  const ratioOf = (shape: string) => {
    const [w, h] = shape.split(':').map(Number);
    return w! / h!;
  };

  function expectShape(item: Content, shape: string) {
    expect(item.status).toBe('ready');
    expect(item.generation?.aspectRatio).toBe(shape);
    const drawn = item.width! / item.height!;
    expect(Math.abs(drawn - ratioOf(shape)) / ratioOf(shape)).toBeLessThanOrEqual(0.02);
  }

  it('stores and returns 1:1 for stills and 16:9 for video and loops, and the local renderer draws that shape', async () => {
    const user = await createUser(t.deps, { credits: 200 });
    const local = createLocalProvider();
    // The prompts ask for other shapes in words: without a chosen shape, the type's usual one wins.
    const cases: [object, string][] = [
      [{ contentType: 'photo', prompt: 'A tall portrait of a lighthouse', model: 'flux-schnell' }, '1:1'],
      [{ contentType: 'illustration', prompt: 'A wide panorama of hills' }, '1:1'],
      [{ contentType: 'vector', prompt: 'A tall logo mark' }, '1:1'],
      [{ contentType: 'gif', prompt: 'A wide bouncing ball' }, '1:1'],
      [{ contentType: 'video', prompt: 'A tall waterfall', model: 'pika-labs' }, '16:9'],
      [{ contentType: 'loops', prompt: 'A square spinning cube' }, '16:9'],
    ];
    for (const [payload, shape] of cases) {
      const { accepted, shown } = await madeWithout(user, payload, local);
      expect(accepted.generation?.aspectRatio).toBe(shape);
      expectShape(shown, shape);
    }
  });

  it('sends the same default shape to hosted vendors in their own fields', async () => {
    const fake = await startFakeVendor();
    try {
      fake.files['/files/square.png'] = { type: 'image/png', data: await pngFile(1024, 1024) };
      fake.files['/cdn/clip.mp4'] = { type: 'video/mp4', data: await mp4File() };
      fake.handle = (req) => {
        if (req.method === 'POST' && req.path === '/generations/video')
          return { status: 201, json: { id: 'gen-1', state: 'queued' } };
        if (req.method === 'GET' && req.path === '/generations/gen-1') {
          return { json: { id: 'gen-1', state: 'completed', assets: { video: `${fake.base}/cdn/clip.mp4` } } };
        }
        if (req.method === 'POST') return { json: { request_id: 'req-1' } };
        if (/\/requests\/req-1\/status$/.test(req.path)) return { json: { status: 'COMPLETED' } };
        if (/\/requests\/req-1$/.test(req.path))
          return { json: { images: [{ url: `${fake.base}/files/square.png` }], has_nsfw_concepts: [false] } };
        return undefined;
      };
      const user = await createUser(t.deps, { credits: 100 });

      const fal = createFalProvider({ apiKey: 'fal-key', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5 });
      const photo = await madeWithout(
        user,
        { contentType: 'photo', prompt: 'A tall portrait of a lighthouse', model: 'flux-pro' },
        fal,
      );
      expect(fake.requests.find((r) => r.method === 'POST')?.json).toMatchObject({ image_size: 'square_hd' });
      expectShape(photo.shown, '1:1');

      fake.requests = [];
      const luma = createLumaProvider({ apiKey: 'luma-key', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5 });
      const video = await madeWithout(
        user,
        { contentType: 'video', prompt: 'A tall waterfall', model: 'luma-dream' },
        luma,
      );
      expect(fake.requests.find((r) => r.method === 'POST')?.json).toMatchObject({ aspect_ratio: '16:9' });
      expectShape(video.shown, '16:9');
    } finally {
      await fake.close();
    }
  });
});
