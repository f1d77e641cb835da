import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Content, LedgerEntry } from '@atelier/shared';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { runGeneration } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, pngBytes, pngClaiming, type TestUser } from './factories.js';

// No worker here: these tests are about the request (validation, charging, idempotency).
// Items are rendered on demand with runGeneration where a test needs a ready one.
const provider = fakeProvider('succeed');
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PROMPT_BLOCKLIST: 'gore, snuff film' }, { provider });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

function generate(user: TestUser | null, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: { ...(user ? user.headers : {}), ...headers },
    payload,
  });
}

async function balanceOf(user: TestUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
}

async function ledger(user: TestUser): Promise<LedgerEntry[]> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/history?pageSize=100'), headers: user.headers })).json().data;
}

async function contentCount(user: TestUser): Promise<number> {
  const res = await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM content WHERE user_id = $1', [user.id]);
  return res.rows[0]?.n ?? 0;
}

/** A multipart body built by hand, so the test controls every byte. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
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

describe('POST /content/generate: validation', () => {
  it('needs a signed-in user', async () => {
    const res = await generate(null, { contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a signed-out session 401 before anything about the body, and changes nothing', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    await t.deps.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, user.sessionId));
    const cases: [object, Record<string, string>][] = [
      [{}, {}],
      [{ contentType: 'audio', prompt: 'A song' }, {}],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'runway-gen3' }, {}],
      [{ contentType: 'photo', prompt: 'Some gore', model: 'flux-dev' }, {}],
      [{ contentType: 'photo', prompt: 'A lighthouse' }, { 'idempotency-key': 'k'.repeat(201) }],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev' }, {}],
    ];
    for (const [payload, headers] of cases) {
      const res = await generate(user, payload, headers);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 401,
        message: 'Your session has ended, please sign in again',
      });
    }
    expect(await contentCount(user)).toBe(0);
    const { rows } = await t.deps.database.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [user.id]);
    expect(rows[0]?.credits).toBe(100);
  });

  it('rejects bad requests with the spec’s texts and changes nothing', async () => {
    const user = await createUser(t.deps, { credits: 100 });
    const cases: [object, string][] = [
      [{}, 'Content type and prompt are required'],
      [{ contentType: 'photo' }, 'Content type and prompt are required'],
      [{ prompt: 'A lighthouse' }, 'Content type and prompt are required'],
      [{ contentType: 'photo', prompt: '   ' }, 'Content type and prompt are required'],
      [{ contentType: 'audio', prompt: 'A song' }, 'Content type must be one of photo, video, loops, illustration, gif, vector'],
      [{ contentType: 'photo', prompt: 'p'.repeat(501), model: 'flux-dev' }, 'Prompt must be at most 500 characters'],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev', name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'runway-gen3' }, 'Model runway-gen3 is not available for photo'],
      [{ contentType: 'video', prompt: 'A lighthouse', model: 'flux-pro' }, 'Model flux-pro is not available for video'],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev', strength: 101 }, 'Strength must be a whole number from 0 to 100'],
      [{ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev', seed: -1 }, 'Seed must be a whole number from 0 to 2147483647'],
      [{ contentType: 'photo', prompt: 'Some GORE on a battlefield', model: 'flux-dev' }, 'Your prompt contains a blocked term: "gore"'],
      [{ contentType: 'photo', prompt: 'a Snuff   Film poster', model: 'flux-dev' }, 'Your prompt contains a blocked term: "snuff film"'],
    ];
    for (const [payload, message] of cases) {
      const res = await generate(user, payload);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    const longKey = await generate(user, { contentType: 'photo', prompt: 'A lighthouse' }, { 'idempotency-key': 'k'.repeat(201) });
    expect(longKey.statusCode).toBe(400);
    expect(longKey.json().message).toBe('Idempotency-Key must be at most 200 characters');
    expect(await balanceOf(user)).toBe(100);
    expect(await contentCount(user)).toBe(0);
  });

  it('accepts exactly 500 characters of prompt and 100 of name', async () => {
    const user = await createUser(t.deps, { credits: 5 });
    const res = await generate(user, { contentType: 'gif', prompt: 'p'.repeat(500), model: 'stable-diffusion-xl', name: 'n'.repeat(100) });
    expect(res.statusCode).toBe(201);
  });

  it('answers 402 Insufficient credits and changes nothing when the balance is short', async () => {
    const user = await createUser(t.deps, { credits: 9 });
    const res = await generate(user, { contentType: 'photo', prompt: 'A lighthouse', model: 'flux-pro' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ statusCode: 402, message: 'Insufficient credits' });
    expect(await balanceOf(user)).toBe(9);
    expect(await contentCount(user)).toBe(0);
    expect((await ledger(user)).map((e) => e.kind)).toEqual(['signup_grant']);
  });
});

describe('POST /content/generate: charging', () => {
  it('charges the model’s cost, queues the item and replies at once', async () => {
    const user = await createUser(t.deps, { credits: 30, fullName: 'Ada Maker' });
    const res = await generate(user, { contentType: 'photo', prompt: '  A lighthouse at dusk  ', model: 'flux-pro', seed: 1234 });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Content;
    expect(item).toMatchObject({
      title: 'Generated Photo',
      prompt: 'A lighthouse at dusk',
      model: 'flux-pro',
      contentType: 'photo',
      status: 'queued',
      progress: 0,
      isPrivate: false,
      seed: 1234,
      strength: 50,
      cost: 10,
      charged: 10,
      refunded: 0,
      mediaUrl: null,
      parentId: null,
      editOperation: null,
      owner: { id: user.id, username: user.username, fullName: 'Ada Maker', avatar: null },
      likeCount: 0,
      commentCount: 0,
      playCount: 0,
      isLiked: false,
      completedAt: null,
    });
    expect(await balanceOf(user)).toBe(20);
    const [charge] = await ledger(user);
    expect(charge).toMatchObject({ delta: -10, kind: 'generation_charge', contentId: item.id, reference: 'flux-pro', balanceAfter: 20 });

    const shown = await t.app.inject({ method: 'GET', url: api(`/content/${item.id}`), headers: user.headers });
    expect(shown.json().data).toMatchObject({ id: item.id, status: 'queued' });
  });

  it('uses the given name, privacy and strength, and the type’s first model when none is named', async () => {
    const user = await createUser(t.deps, { credits: 30 });
    const res = await generate(user, { contentType: 'video', prompt: 'Waves', name: 'My waves', isPrivate: true, strength: 80 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'My waves', isPrivate: true, strength: 80, model: 'runway-gen3', cost: 25 });
    expect(await balanceOf(user)).toBe(5);
  });

  it('returns the first item for a repeated Idempotency-Key without charging again', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const body = { contentType: 'photo', prompt: 'A red kite', model: 'flux-dev' };
    const first = await generate(user, body, { 'idempotency-key': 'submit-1' });
    const again = await generate(user, body, { 'idempotency-key': 'submit-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balanceOf(user)).toBe(15);

    // The key belongs to one user: another user's identical key is a new request.
    const other = await createUser(t.deps, { credits: 20 });
    const theirs = await generate(other, body, { 'idempotency-key': 'submit-1' });
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
    expect(await balanceOf(other)).toBe(15);
  });

  it('charges once when two submits with the same key race', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const body = { contentType: 'photo', prompt: 'A racing kite', model: 'flux-pro' };
    const [a, b] = await Promise.all([
      generate(user, body, { 'idempotency-key': 'double-click' }),
      generate(user, body, { 'idempotency-key': 'double-click' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await balanceOf(user)).toBe(10);
    expect(await contentCount(user)).toBe(1);
    expect((await ledger(user)).filter((e) => e.kind === 'generation_charge')).toHaveLength(1);
  });
});

describe('POST /content/generate: reference image (multipart)', () => {
  it('accepts the form with a real image and hands the image to the provider', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const form = multipart(
      { contentType: 'photo', prompt: 'Like this, but at night', model: 'flux-schnell', isPrivate: 'true', strength: '70', name: 'Night' },
      { name: 'referenceImage', filename: 'ref.png', type: 'image/png', data: await pngBytes(20, 10) },
    );
    const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Content;
    expect(item).toMatchObject({ title: 'Night', isPrivate: true, strength: 70, model: 'flux-schnell', cost: 3 });
    expect(await balanceOf(user)).toBe(17);

    await runGeneration(generationDeps(t.deps), item.id);
    expect(provider.calls.at(-1)).toEqual({ method: 'generate', prompt: 'Like this, but at night', hadReference: true });
  });

  it('judges the file by its bytes: a text file named .png is refused with 415', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const form = multipart(
      { contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev' },
      { name: 'referenceImage', filename: 'ref.png', type: 'image/png', data: Buffer.from('definitely not an image') },
    );
    const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please select a valid image file');
    expect(await balanceOf(user)).toBe(20);
    expect(await contentCount(user)).toBe(0);
  });

  it('refuses a small file that claims more than 40 megapixels with 400, before decoding it, and charges nothing', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const bomb = pngClaiming(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100_000);
    const form = multipart({ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev' }, { name: 'referenceImage', filename: 'ref.png', type: 'image/png', data: bomb });
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This image is too large: at most 40 megapixels');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await balanceOf(user)).toBe(20);
    expect(await contentCount(user)).toBe(0);
  });

  it('refuses an image over 10 MB with 413', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const png = await pngBytes();
    const big = Buffer.concat([png, Buffer.alloc(10_485_761 - png.length)]);
    const form = multipart({ contentType: 'photo', prompt: 'A lighthouse', model: 'flux-dev' }, { name: 'referenceImage', filename: 'big.png', type: 'image/png', data: big });
    const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image must be less than 10MB');
    expect(await balanceOf(user)).toBe(20);
  });

  it('validates form fields with the same texts as JSON', async () => {
    const user = await createUser(t.deps, { credits: 20 });
    const form = multipart({ contentType: 'photo', model: 'flux-dev' });
    const res = await t.app.inject({ method: 'POST', url: api('/content/generate'), headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Content type and prompt are required');
  });
});

describe('POST /content/edit', () => {
  async function readyItem(user: TestUser, body: object = { contentType: 'photo', prompt: 'A quiet harbour', model: 'flux-dev' }): Promise<Content> {
    const res = await generate(user, body);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    await runGeneration(generationDeps(t.deps), id);
    const shown = await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers });
    expect(shown.json().data.status).toBe('ready');
    return shown.json().data;
  }

  it('makes a new queued item from your ready content, charged by operation', async () => {
    const user = await createUser(t.deps, { credits: 40 });
    const source = await readyItem(user);
    expect(await balanceOf(user)).toBe(35);

    const res = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: user.headers, payload: { contentId: source.id, operation: 'upscale' } });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json().data as { id: string; url: string };
    expect(url).toBe(`/content/${id}`);
    const edited = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data as Content;
    expect(edited).toMatchObject({
      parentId: source.id,
      editOperation: 'upscale',
      contentType: 'photo',
      model: 'flux-dev',
      status: 'queued',
      cost: 2,
      charged: 2,
      title: 'Generated Photo (upscaled)',
      prompt: 'A quiet harbour',
    });
    expect(await balanceOf(user)).toBe(33);

    await runGeneration(generationDeps(t.deps), id);
    expect(provider.calls.at(-1)).toMatchObject({ method: 'edit', operation: 'upscale' });
    const done = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data as Content;
    expect(done).toMatchObject({ status: 'ready', width: 32, height: 32 });

    const costs: [object, number][] = [
      [{ operation: 'crop', aspect: '16:9' }, 1],
      [{ operation: 'recolour', colour: '#FF8800' }, 1],
      [{ operation: 'variation', prompt: 'Same harbour, in snow' }, 5],
    ];
    for (const [body, cost] of costs) {
      const before = await balanceOf(user);
      const r = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: user.headers, payload: { contentId: source.id, ...body } });
      expect(r.statusCode).toBe(201);
      expect(await balanceOf(user)).toBe(before - cost);
    }
  });

  it('finds nobody else’s content and nothing that is not ready', async () => {
    const owner = await createUser(t.deps, { credits: 20 });
    const source = await readyItem(owner);
    const stranger = await createUser(t.deps, { credits: 20 });
    const theirs = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: stranger.headers, payload: { contentId: source.id, operation: 'crop' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Content not found');

    const queued = await generate(owner, { contentType: 'photo', prompt: 'Not yet', model: 'flux-schnell' });
    const notReady = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: owner.headers, payload: { contentId: queued.json().data.id, operation: 'crop' } });
    expect(notReady.statusCode).toBe(404);
    expect(await balanceOf(stranger)).toBe(20);
  });

  it('validates the operation and its options, and refuses a short balance with 402', async () => {
    const user = await createUser(t.deps, { credits: 5 });
    const source = await readyItem(user);
    const cases: [object, string][] = [
      [{ operation: 'sharpen' }, 'Operation must be one of upscale, crop, recolour, variation'],
      [{ operation: 'recolour' }, 'Please choose a colour to recolour with'],
      [{ operation: 'recolour', colour: 'red' }, 'Colour must be a hex colour such as #3366ff'],
      [{ operation: 'crop', aspect: 'wide' }, 'Aspect must look like 16:9'],
    ];
    for (const [body, message] of cases) {
      const r = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: user.headers, payload: { contentId: source.id, ...body } });
      expect({ status: r.statusCode, message: r.json().message }).toEqual({ status: 400, message });
    }
    expect(await balanceOf(user)).toBe(0);
    const broke = await t.app.inject({ method: 'POST', url: api('/content/edit'), headers: user.headers, payload: { contentId: source.id, operation: 'crop' } });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().message).toBe('Insufficient credits');
  });
});
