import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelSettings, type AspectRatio } from '@atelier/shared';
import { createRunwayProvider } from '../src/providers/generation/runway/runway-provider.js';
import { ProviderError, type GenerationInput } from '../src/providers/generation/types.js';
import { mp4File, pngFile, startFakeVendor, type FakeVendor, type Reply } from './fake-vendor-server.js';

let fake: FakeVendor;
let statuses: Reply['json'][];
let polls: number;
let submitReplies: Reply[];

beforeAll(async () => {
  fake = await startFakeVendor();
  fake.files['/delivery/out.mp4'] = { type: 'video/mp4', data: await mp4File() };
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.requests = [];
  polls = 0;
  submitReplies = [];
  statuses = [
    { id: 'task-1', status: 'PENDING', createdAt: '2026-01-01T00:00:00Z' },
    { id: 'task-1', status: 'RUNNING', progress: 0.5, createdAt: '2026-01-01T00:00:00Z' },
    { id: 'task-1', status: 'SUCCEEDED', output: [`${fake.base}/delivery/out.mp4`], createdAt: '2026-01-01T00:00:00Z' },
  ];
  fake.handle = (req) => {
    if (req.method === 'POST' && (req.path === '/v1/text_to_video' || req.path === '/v1/image_to_video')) {
      return submitReplies.shift() ?? { json: { id: 'task-1' } };
    }
    if (req.method === 'GET' && req.path === '/v1/tasks/task-1') {
      const reply = statuses[Math.min(polls++, statuses.length - 1)];
      return reply &&
        typeof reply === 'object' &&
        'status' in reply &&
        typeof (reply as { status: unknown }).status === 'number'
        ? (reply as Reply)
        : { json: reply };
    }
    if (req.method === 'DELETE' && req.path === '/v1/tasks/task-1') return { status: 204 };
    return undefined;
  };
});

const provider = () =>
  createRunwayProvider({ apiKey: 'key_runway', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5 });
const video = (extra: Partial<GenerationInput> = {}): GenerationInput => ({
  contentType: 'video',
  model: 'runway-gen3',
  prompt: 'A slow dolly over a misty lake at dawn',
  seed: 7,
  strength: 50,
  ...extra,
});
const submits = () => fake.requests.filter((r) => r.method === 'POST');

describe('Runway provider (@runwayml/sdk against a local Runway API)', () => {
  it('submits text-to-video, follows the task with its progress and stores the video with poster and thumbnail', async () => {
    const progress: number[] = [];
    const out = await provider().generate(video(), {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    const [submit] = submits();
    expect(submit?.path).toBe('/v1/text_to_video');
    expect(submit?.headers.authorization).toBe('Bearer key_runway');
    expect(submit?.headers['x-runway-version']).toBeTruthy();
    expect(submit?.json).toMatchObject({
      model: 'gen4.5',
      promptText: 'A slow dolly over a misty lake at dawn',
      ratio: '1280:720',
      duration: 5,
      seed: 7,
    });
    expect(fake.requests.filter((r) => r.path === '/v1/tasks/task-1')).toHaveLength(3);
    expect(fake.requests.find((r) => r.path === '/delivery/out.mp4')?.headers.authorization).toBeUndefined();
    expect(out.assets.map((a) => `${a.role}:${a.mimeType}`)).toEqual([
      'original:video/mp4',
      'poster:image/jpeg',
      'thumbnail:image/webp',
    ]);
    expect([out.width, out.height]).toEqual([320, 180]);
    expect(await sharp(out.assets[2]?.data).metadata()).toMatchObject({ format: 'webp' });
    // RUNNING at 50 % is reported as 10 + 0.5 × 70.
    expect(progress).toContain(45);
    expect(progress.at(-1)).toBe(100);
  });

  it('sends a reference image as the first frame of image-to-video', async () => {
    const image = await pngFile(64, 64, '#ff0000');
    await provider().generate(
      video({ referenceImage: { data: image, mimeType: 'image/png' }, prompt: 'A tall portrait of a dancer' }),
      {
        signal: new AbortController().signal,
      },
    );
    const [submit] = submits();
    expect(submit?.path).toBe('/v1/image_to_video');
    expect(submit?.json).toMatchObject({
      model: 'gen4.5',
      ratio: '720:1280',
      promptImage: `data:image/png;base64,${image.toString('base64')}`,
    });
  });

  it('re-encodes a reference image too big for an inline data URI as a JPEG of at most 2048 px', async () => {
    const noise = Buffer.alloc(2400 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 2400, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    await provider().generate(video({ referenceImage: { data: big, mimeType: 'image/png' } }), {
      signal: new AbortController().signal,
    });
    const uri = String(submits()[0]?.json?.promptImage);
    expect(uri).toMatch(/^data:image\/jpeg;base64,/);
    const sent = Buffer.from(uri.split(',')[1] ?? '', 'base64');
    expect(sent.length).toBeLessThan(5 * 1024 * 1024);
    expect(await sharp(sent).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1024 });
  });

  it('fails a SAFETY refusal with a content-policy reason, not retryable', async () => {
    statuses = [
      {
        id: 'task-1',
        status: 'FAILED',
        failure: 'Input text flagged',
        failureCode: 'SAFETY.INPUT.TEXT',
        createdAt: 'x',
      },
    ];
    const error = await provider()
      .generate(video(), { signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toBe(
      'Runway refused this request under its content policy: Input text flagged',
    );
    expect((error as ProviderError).retryable).toBe(false);
  });

  it('fails at once on a rejected key (401) and on a quota (402), without retrying', async () => {
    submitReplies = [{ status: 401, json: { error: 'Invalid API key' } }];
    const auth = (await provider()
      .generate(video(), { signal: new AbortController().signal })
      .catch((e: unknown) => e)) as ProviderError;
    expect(auth.message).toBe('Runway rejected the API key (401): Invalid API key');
    expect(auth.retryable).toBe(false);
    expect(submits()).toHaveLength(1);

    fake.requests = [];
    submitReplies = [{ status: 402, json: { error: 'You do not have enough credits' } }];
    const quota = (await provider()
      .generate(video(), { signal: new AbortController().signal })
      .catch((e: unknown) => e)) as ProviderError;
    expect(quota.message).toBe(
      'The Runway account has no credit left for this model (402): You do not have enough credits',
    );
    expect(submits()).toHaveLength(1);
  });

  it('reports bad input (400) as the vendor said it', async () => {
    submitReplies = [{ status: 400, json: { error: 'promptText is too long' } }];
    const error = (await provider()
      .generate(video(), { signal: new AbortController().signal })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error.message).toBe('Runway rejected the request as invalid (400): promptText is too long');
  });

  it('waits out a 429 for the Retry-After it names, then submits once more', async () => {
    submitReplies = [{ status: 429, json: { error: 'Too many requests' }, headers: { 'retry-after': '1' } }];
    const started = Date.now();
    await provider().generate(video(), { signal: new AbortController().signal });
    expect(submits()).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('does not wait for a Retry-After past the deadline: the item fails as rate limited', async () => {
    submitReplies = [{ status: 429, json: { error: 'Too many requests' }, headers: { 'retry-after': '120' } }];
    const started = Date.now();
    const error = (await provider()
      .generate(video(), { signal: new AbortController().signal, deadline: Date.now() + 5000 })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error.message).toBe('Runway is rate limiting requests; try again shortly (429): Too many requests');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(submits()).toHaveLength(1);
  });

  it('never resubmits after a 500 (the task may exist) but reads through a 503 while polling', async () => {
    submitReplies = [{ status: 500, json: { error: 'Internal error' } }];
    const error = (await provider()
      .generate(video(), { signal: new AbortController().signal })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error.message).toBe('Runway is having trouble (500): Internal error');
    expect(submits()).toHaveLength(1);

    fake.requests = [];
    statuses = [{ status: 503, json: { error: 'Service unavailable' } } as Reply['json'], ...statuses];
    const out = await provider().generate(video(), { signal: new AbortController().signal });
    expect(out.assets[0]?.mimeType).toBe('video/mp4');
  });

  it('cancels the task on Runway when the call is aborted', async () => {
    statuses = [{ id: 'task-1', status: 'RUNNING', progress: 0.1, createdAt: 'x' }];
    const controller = new AbortController();
    const call = provider().generate(video(), {
      signal: controller.signal,
      onProgress: (p) => p >= 8 && controller.abort(),
    });
    await expect(call).rejects.toThrow('Generation was cancelled');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/tasks/task-1')).toBe(true);
  });

  it('refuses content types Runway does not make here', async () => {
    await expect(
      provider().generate(video({ contentType: 'photo', model: 'flux-pro' }), { signal: new AbortController().signal }),
    ).rejects.toThrow('Runway makes video only');
  });

  it('sends the chosen shape as Runway’s ratio and the seed as its seed, mapping shapes it lacks by orientation', async () => {
    const sent = async (aspectRatio: AspectRatio, extra: Partial<GenerationInput> = {}) => {
      fake.requests = [];
      polls = 0;
      await provider().generate(video({ aspectRatio, seed: 4242, ...extra }), { signal: new AbortController().signal });
      return submits()[0]?.json as { ratio: string; seed: number };
    };
    // The catalogue's shapes for Runway Gen-3 are exactly the two Runway's text-to-video makes.
    expect(modelSettings('video', 'runway-gen3').aspectRatios).toEqual(['16:9', '9:16']);
    expect(await sent('16:9')).toMatchObject({ ratio: '1280:720', seed: 4242 });
    expect(await sent('9:16')).toMatchObject({ ratio: '720:1280', seed: 4242 });
    // A shape it has no ratio for (a model routed here that offers more): the one of the same orientation.
    expect((await sent('3:4')).ratio).toBe('720:1280');
    expect((await sent('2:3')).ratio).toBe('720:1280');
    expect((await sent('4:3')).ratio).toBe('1280:720');
    expect((await sent('1:1')).ratio).toBe('1280:720');
    // Image-to-video has square and 4:3 ratios of its own.
    const reference = { data: await pngFile(32, 32), mimeType: 'image/png' };
    expect((await sent('1:1', { referenceImage: reference })).ratio).toBe('960:960');
    expect((await sent('4:3', { referenceImage: reference })).ratio).toBe('1104:832');
    expect((await sent('3:4', { referenceImage: reference })).ratio).toBe('832:1104');
    expect(submits()[0]?.path).toBe('/v1/image_to_video');
  });

  it('refuses a negative prompt, which gen4.5 has no field for, without calling Runway', async () => {
    // The catalogue does not offer one for Runway Gen-3 (the server answers 400 before this).
    expect(modelSettings('video', 'runway-gen3').negativePrompt).toBe(false);
    const error = await provider()
      .generate(video({ negativePrompt: 'blur' }), { signal: new AbortController().signal })
      .then(
        () => undefined,
        (e: unknown) => e as ProviderError,
      );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error?.message).toBe(
      'Runway does not take a negative prompt; route models that offer one to another provider',
    );
    expect(submits()).toHaveLength(0);
  });
});
