import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFalProvider } from '../src/providers/generation/fal/fal-provider.js';
import { type ProviderError, type EditInput, type GenerationInput } from '../src/providers/generation/types.js';
import { mp4File, pngFile, startFakeVendor, type FakeVendor, type Reply } from './fake-vendor-server.js';

let fake: FakeVendor;
let statuses: Reply[];
let polls: number;
let submitReplies: Reply[];
let result: Reply;

beforeAll(async () => {
  fake = await startFakeVendor();
  fake.files['/files/out.png'] = { type: 'image/png', data: await pngFile(1024, 768) };
  fake.files['/files/up.png'] = { type: 'image/png', data: await pngFile(1024, 1024) };
  fake.files['/files/out.mp4'] = { type: 'video/mp4', data: await mp4File() };
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.requests = [];
  polls = 0;
  submitReplies = [];
  statuses = [
    { json: { status: 'IN_QUEUE', queue_position: 2 } },
    { json: { status: 'IN_PROGRESS', logs: [{ message: 'step 10/20 50%' }] } },
    { json: { status: 'COMPLETED', logs: [] } },
  ];
  result = { json: { images: [{ url: `${fake.base}/files/out.png`, content_type: 'image/png' }], seed: 42, has_nsfw_concepts: [false] } };
  fake.handle = (req) => {
    if (req.method === 'POST') {
      return submitReplies.shift() ?? { json: { request_id: 'req-1', status_url: `${fake.base}/x/requests/req-1/status` } };
    }
    if (req.method === 'GET' && /\/requests\/req-1\/status$/.test(req.path)) return statuses[Math.min(polls++, statuses.length - 1)];
    if (req.method === 'GET' && /\/requests\/req-1$/.test(req.path)) return result;
    if (req.method === 'PUT' && /\/requests\/req-1\/cancel$/.test(req.path)) return { status: 202, json: { status: 'CANCELLATION_REQUESTED' } };
    return undefined;
  };
});

const provider = (extra = {}) => createFalProvider({ apiKey: 'fal-key-id:secret', baseUrl: fake.base, pollIntervalMs: 5, backoffMs: 5, ...extra });
const input = (extra: Partial<GenerationInput> = {}): GenerationInput => ({
  contentType: 'photo',
  model: 'flux-dev',
  prompt: 'A harbour at golden hour',
  seed: 42,
  strength: 40,
  ...extra,
});
const signal = () => new AbortController().signal;
const fail = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ProviderError);
const submits = () => fake.requests.filter((r) => r.method === 'POST');

describe('fal.ai provider (@fal-ai/client against a local fal queue)', () => {
  it('submits FLUX dev to the queue, follows its status and result, and stores the image with preview and thumbnail', async () => {
    const progress: number[] = [];
    const out = await provider().generate(input(), { signal: signal(), onProgress: (p) => progress.push(p) });
    const [submit] = submits();
    expect(submit?.path).toBe('/fal-ai/flux/dev');
    expect(submit?.headers.authorization).toBe('Key fal-key-id:secret');
    expect(submit?.json).toMatchObject({ prompt: 'A harbour at golden hour', seed: 42, image_size: 'landscape_4_3', num_images: 1 });
    expect(fake.requests.filter((r) => r.path === '/fal-ai/flux/requests/req-1/status')).toHaveLength(3);
    expect(fake.requests.some((r) => r.path === '/fal-ai/flux/requests/req-1')).toBe(true);
    expect(fake.requests.find((r) => r.path === '/files/out.png')?.headers.authorization).toBeUndefined();
    expect(out.assets.map((a) => `${a.role}:${a.mimeType}`)).toEqual(['original:image/png', 'preview:image/webp', 'thumbnail:image/webp']);
    expect([out.width, out.height]).toEqual([1024, 768]);
    // "50%" in the logs: 10 + 0.5 × 70.
    expect(progress).toContain(45);
    expect(progress.at(-1)).toBe(100);
  });

  it('sends the shape asked for in fal’s sizes, the negative prompt where the model has one, and FLUX Schnell’s reference to Redux', async () => {
    await provider().generate(input({ aspectRatio: '2:3' }), { signal: signal() });
    expect(submits()[0]?.json).toMatchObject({ image_size: { width: 1024, height: 1536 } });
    fake.requests = [];
    polls = 0;
    await provider().generate(input({ contentType: 'illustration', model: 'stable-diffusion-xl', aspectRatio: '3:4', negativePrompt: 'text' }), { signal: signal() });
    expect(submits()[0]?.json).toMatchObject({ image_size: 'portrait_4_3', negative_prompt: 'text' });
    fake.requests = [];
    polls = 0;
    const image = await pngFile(40, 40, '#ff0000');
    await provider().generate(input({ model: 'flux-schnell', referenceImage: { data: image, mimeType: 'image/png' } }), { signal: signal() });
    expect(submits()[0]?.path).toBe('/fal-ai/flux/schnell/redux');
    expect(submits()[0]?.json).toMatchObject({ image_url: `data:image/png;base64,${image.toString('base64')}` });
  });

  it('sends a reference image to the image-to-image endpoint with its strength, and Pika to image-to-video', async () => {
    const image = await pngFile(40, 40, '#ff0000');
    await provider().generate(input({ referenceImage: { data: image, mimeType: 'image/png' } }), { signal: signal() });
    expect(submits()[0]?.path).toBe('/fal-ai/flux/dev/image-to-image');
    expect(submits()[0]?.json).toMatchObject({ image_url: `data:image/png;base64,${image.toString('base64')}`, strength: 0.4 });

    fake.requests = [];
    polls = 0;
    result = { json: { video: { url: `${fake.base}/files/out.mp4` } } };
    const out = await provider().generate(input({ contentType: 'video', model: 'pika-labs', referenceImage: { data: image, mimeType: 'image/png' } }), { signal: signal() });
    expect(submits()[0]?.path).toBe('/fal-ai/pika/v2.2/image-to-video');
    expect(fake.requests.some((r) => r.path === '/fal-ai/pika/requests/req-1/status')).toBe(true);
    expect(out.assets.map((a) => a.role)).toEqual(['original', 'poster', 'thumbnail']);
  });

  it('keeps an image fal’s safety checker flagged and reports it as rated mature; an unflagged one is not', async () => {
    result = { json: { images: [{ url: `${fake.base}/files/out.png` }], has_nsfw_concepts: [true] } };
    const flagged = await provider().generate(input(), { signal: signal() });
    expect(flagged.flaggedMature).toBe(true);
    expect([flagged.width, flagged.height]).toEqual([1024, 768]);
    polls = 0;
    result = { json: { images: [{ url: `${fake.base}/files/out.png` }], has_nsfw_concepts: [false] } };
    expect((await provider().generate(input(), { signal: signal() })).flaggedMature).toBeUndefined();
  });

  it('refuses a 422 content_policy_violation', async () => {
    result = { status: 422, json: { detail: [{ loc: ['body', 'prompt'], msg: 'The content could not be processed because it contained material flagged by a content checker.', type: 'content_policy_violation' }] } };
    const refusal = await fail(provider().generate(input(), { signal: signal() }));
    expect(refusal?.message).toMatch(/^fal\.ai refused this request under its content policy: The content could not be processed/);
    expect(refusal?.retryable).toBe(false);
  });

  it('maps 401, 400/422 bad input and a 5xx outage, and retries a 429 submit after its Retry-After', async () => {
    submitReplies = [{ status: 401, json: { detail: 'Authentication is required to access this application.' } }];
    expect((await fail(provider().generate(input(), { signal: signal() })))?.message).toBe(
      'fal.ai rejected the API key (401): Authentication is required to access this application.',
    );
    submitReplies = [{ status: 422, json: { detail: [{ msg: 'field required', type: 'missing' }] } }];
    expect((await fail(provider().generate(input(), { signal: signal() })))?.message).toBe('fal.ai rejected the request as invalid (422): field required');
    submitReplies = [{ status: 500, json: { detail: 'Internal Server Error' } }];
    const outage = await fail(provider().generate(input(), { signal: signal() }));
    expect(outage?.message).toBe('fal.ai is having trouble (500): Internal Server Error');
    expect(outage?.retryable).toBe(true);

    fake.requests = [];
    polls = 0;
    submitReplies = [{ status: 429, json: { detail: 'Too many requests' }, headers: { 'retry-after': '1' } }];
    const started = Date.now();
    await provider().generate(input(), { signal: signal() });
    expect(submits()).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('cancels the request on fal when the call is aborted', async () => {
    statuses = [{ json: { status: 'IN_PROGRESS', logs: [] } }];
    const controller = new AbortController();
    const call = provider().generate(input(), { signal: controller.signal, onProgress: (p) => p >= 8 && controller.abort() });
    expect((await fail(call))?.message).toBe('Generation was cancelled');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.some((r) => r.method === 'PUT' && r.path === '/fal-ai/flux/requests/req-1/cancel')).toBe(true);
  });

  it('names the webhook URL on submit when webhooks are on', async () => {
    await provider({ webhookUrl: 'https://atelier.example/api/v1/generation/webhooks/fal' }).generate(input(), { signal: signal() });
    expect(submits()[0]?.query.get('fal_webhook')).toBe('https://atelier.example/api/v1/generation/webhooks/fal');
  });

  it('upscales a photo with ESRGAN, and crops locally', async () => {
    result = { json: { image: { url: `${fake.base}/files/up.png` } } };
    const source = { data: await pngFile(512, 512), mimeType: 'image/png' };
    const edit = (operation: EditInput['operation'], extra: Partial<EditInput> = {}): EditInput => ({ operation, contentType: 'photo', source, seed: 1, strength: 50, ...extra });
    const up = await provider().edit(edit('upscale'), { signal: signal() });
    expect(submits()[0]?.path).toBe('/fal-ai/esrgan');
    expect(submits()[0]?.json).toMatchObject({ image_url: `data:image/png;base64,${source.data.toString('base64')}`, scale: 2 });
    expect([up.width, up.height]).toEqual([1024, 1024]);

    fake.requests = [];
    const cropped = await provider().edit(edit('crop', { aspect: '16:9' }), { signal: signal() });
    expect(submits()).toHaveLength(0);
    expect(cropped.width / cropped.height).toBeCloseTo(16 / 9, 1);
    expect((await sharp(cropped.assets[0]?.data).metadata()).width).toBe(cropped.width);
  });
});
