import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelSettings, type AspectRatio } from '@atelier/shared';
import { createLumaProvider } from '../src/providers/generation/luma/luma-provider.js';
import { ProviderError, type GenerationInput } from '../src/providers/generation/types.js';
import { mp4File, pngFile, startFakeVendor, type FakeVendor, type Reply } from './fake-vendor-server.js';

let fake: FakeVendor;
let states: Reply[];
let polls: number;
let createReplies: Reply[];

beforeAll(async () => {
  fake = await startFakeVendor();
  fake.files['/cdn/clip.mp4'] = { type: 'video/mp4', data: await mp4File() };
});
afterAll(() => fake.close());

const generation = (state: string, extra: Record<string, unknown> = {}) => ({
  json: { id: 'gen-1', state, generation_type: 'video', ...extra },
});

beforeEach(() => {
  fake.requests = [];
  polls = 0;
  createReplies = [];
  states = [
    generation('queued'),
    generation('dreaming'),
    generation('completed', { assets: { video: `${fake.base}/cdn/clip.mp4` } }),
  ];
  fake.handle = (req) => {
    if (req.method === 'POST' && req.path === '/generations/video')
      return createReplies.shift() ?? { status: 201, ...generation('queued') };
    if (req.method === 'GET' && req.path === '/generations/gen-1') return states[Math.min(polls++, states.length - 1)];
    if (req.method === 'DELETE' && req.path === '/generations/gen-1') return { status: 204 };
    return undefined;
  };
});

const provider = () => createLumaProvider({ apiKey: 'luma-key', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5 });
const input = (extra: Partial<GenerationInput> = {}): GenerationInput => ({
  contentType: 'video',
  model: 'luma-dream',
  prompt: 'A wide drone shot over a glacier',
  seed: 3,
  strength: 50,
  ...extra,
});
const signal = () => new AbortController().signal;
const fail = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as ProviderError,
  );

describe('Luma provider (lumaai against a local Dream Machine API)', () => {
  it('creates a Ray 2 generation, follows it to completed and stores the clip with poster and thumbnail', async () => {
    const progress: number[] = [];
    const out = await provider().generate(input(), { signal: signal(), onProgress: (p) => progress.push(p) });
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.headers.authorization).toBe('Bearer luma-key');
    expect(create?.json).toMatchObject({
      model: 'ray-2',
      prompt: 'A wide drone shot over a glacier',
      aspect_ratio: '16:9',
      duration: '5s',
    });
    expect(fake.requests.filter((r) => r.path === '/generations/gen-1')).toHaveLength(3);
    expect(out.assets.map((a) => a.role)).toEqual(['original', 'poster', 'thumbnail']);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(3);
  });

  it('makes a looping Ray Flash 2 clip for loops, with the reference image as frame0, and a GIF for gif', async () => {
    const image = await pngFile(32, 32);
    const loops = await provider().generate(
      input({
        contentType: 'loops',
        model: 'stable-diffusion-xl',
        referenceImage: { data: image, mimeType: 'image/png' },
      }),
      { signal: signal() },
    );
    expect(fake.requests.find((r) => r.method === 'POST')?.json).toMatchObject({
      model: 'ray-flash-2',
      loop: true,
      keyframes: { frame0: { type: 'image', url: `data:image/png;base64,${image.toString('base64')}` } },
    });
    expect(loops.assets.map((a) => a.role)).toEqual(['original', 'poster', 'thumbnail', 'preview']);
    polls = 0;
    const gif = await provider().generate(input({ contentType: 'gif', model: 'stable-diffusion-xl' }), {
      signal: signal(),
    });
    expect(gif.assets[0]?.mimeType).toBe('image/gif');
  });

  it('fails a moderated generation as a content-policy refusal', async () => {
    states = [
      generation('failed', { failure_reason: 'Prompt not allowed because it violates our content moderation policy' }),
    ];
    const error = await fail(provider().generate(input(), { signal: signal() }));
    expect(error?.message).toBe(
      'Luma refused this request under its content policy: Prompt not allowed because it violates our content moderation policy',
    );
  });

  it("fails any other failed generation with Luma's reason", async () => {
    states = [generation('failed', { failure_reason: 'Generation timed out on our side' })];
    const error = await fail(provider().generate(input(), { signal: signal() }));
    expect(error?.message).toBe('Luma could not make this: Generation timed out on our side');
  });

  it('maps 401 and a 5xx outage on create, and retries a 429 for its Retry-After', async () => {
    createReplies = [{ status: 401, json: { detail: 'Invalid token' } }];
    expect((await fail(provider().generate(input(), { signal: signal() })))?.message).toBe(
      'Luma rejected the API key (401): Invalid token',
    );

    createReplies = [{ status: 502, json: { detail: 'Bad gateway' } }];
    const outage = await fail(provider().generate(input(), { signal: signal() }));
    expect(outage?.message).toBe('Luma is having trouble (502): Bad gateway');
    expect(outage?.retryable).toBe(true);

    fake.requests = [];
    polls = 0;
    createReplies = [{ status: 429, json: { detail: 'Rate limit' }, headers: { 'retry-after': '1' } }];
    await provider().generate(input(), { signal: signal() });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('deletes the generation on Luma when the call times out', async () => {
    states = [generation('dreaming')];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), 60);
    expect((await fail(provider().generate(input(), { signal: controller.signal })))?.message).toBe(
      'Generation timed out',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/generations/gen-1')).toBe(true);
  });

  it('sends each shape the catalogue offers for Luma as its aspect_ratio, and 3:2 and 2:3 as the nearest it has', async () => {
    const sent = async (aspectRatio: AspectRatio) => {
      fake.requests = [];
      polls = 0;
      await provider().generate(input({ aspectRatio }), { signal: signal() });
      return (fake.requests.find((r) => r.method === 'POST')?.json as { aspect_ratio: string }).aspect_ratio;
    };
    for (const shape of modelSettings('video', 'luma-dream').aspectRatios) expect(await sent(shape)).toBe(shape);
    expect(await sent('3:2')).toBe('4:3');
    expect(await sent('2:3')).toBe('3:4');
    // Luma's request has no seed field to carry one.
    expect(fake.requests.find((r) => r.method === 'POST')?.json).not.toHaveProperty('seed');
  });

  it('refuses a negative prompt, which Luma has no field for, without calling Luma', async () => {
    // The catalogue offers none for Luma Dream Machine (the server answers 400 before this).
    expect(modelSettings('video', 'luma-dream').negativePrompt).toBe(false);
    const error = await fail(provider().generate(input({ negativePrompt: 'blur' }), { signal: signal() }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error?.message).toBe(
      'Luma does not take a negative prompt; route models that offer one to another provider',
    );
    expect(fake.requests).toHaveLength(0);
  });
});
