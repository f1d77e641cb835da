import { CONTENT_TYPES, MODELS_BY_TYPE } from '@atelier/shared';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundledFfmpegPath, withTempDir } from '../local/ffmpeg.js';
import { ProviderError, type GenerationInput } from '../types.js';
import { createReplicateProvider, REPLICATE_MODELS } from './replicate-provider.js';

interface Recorded {
  method: string;
  path: string;
  authorization?: string;
  contentType?: string;
  body: Buffer;
  json?: { input?: Record<string, unknown>; version?: string };
}

/** How the fake Replicate behaves for the current test. */
interface Scenario {
  /** Answer prediction creation with this HTTP error instead. */
  createError?: { status: number; body: unknown };
  /** Statuses the prediction goes through on successive polls; the last one repeats. */
  statuses: Array<'starting' | 'processing' | 'succeeded' | 'failed'>;
  error?: string;
  output: string;
  /** The output as an object (files beside the model's safety flags) around the file's URL. */
  outputObject?: (url: string) => Record<string, unknown>;
  logs?: string;
  /** Polls (by number, from 1) that fail with a 503. */
  failPolls?: number[];
}

let server: ReturnType<typeof createServer>;
let base = '';
let requests: Recorded[] = [];
let scenario: Scenario;
let polls = 0;
let cancelled = false;
const files: Record<string, { type: string; data: Buffer }> = {};

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

function prediction(status: string) {
  return {
    id: 'pred-1',
    status,
    output:
      status !== 'succeeded'
        ? null
        : scenario.outputObject
          ? scenario.outputObject(`${base}${scenario.output}`)
          : `${base}${scenario.output}`,
    error: status === 'failed' ? (scenario.error ?? null) : null,
    logs: scenario.logs ?? '',
    urls: { get: `${base}/v1/predictions/pred-1`, cancel: `${base}/v1/predictions/pred-1/cancel` },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', base);
  const record: Recorded = {
    method: req.method ?? '',
    path: url.pathname,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    body,
  };
  if (record.contentType?.startsWith('application/json'))
    record.json = JSON.parse(body.toString('utf8')) as Recorded['json'];
  requests.push(record);

  const file = files[url.pathname];
  if (req.method === 'GET' && file) return send(res, 200, file.data, file.type);
  if (req.method === 'POST' && url.pathname === '/v1/files') {
    return send(res, 201, { id: 'file-1', urls: { get: `${base}/v1/files/file-1` } });
  }
  if (
    req.method === 'POST' &&
    (url.pathname === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(url.pathname))
  ) {
    if (scenario.createError) return send(res, scenario.createError.status, scenario.createError.body);
    polls = 0;
    return send(res, 201, prediction('starting'));
  }
  if (req.method === 'GET' && url.pathname === '/v1/predictions/pred-1') {
    polls++;
    if (scenario.failPolls?.includes(polls)) return send(res, 503, { detail: 'try again' });
    if (cancelled) return send(res, 200, prediction('canceled'));
    const status = scenario.statuses[Math.min(polls - 1, scenario.statuses.length - 1)] as string;
    return send(res, 200, prediction(status));
  }
  if (req.method === 'POST' && url.pathname === '/v1/predictions/pred-1/cancel') {
    cancelled = true;
    return send(res, 200, prediction('canceled'));
  }
  send(res, 404, { detail: 'Not found' });
}

async function makeMp4(): Promise<Buffer> {
  const ffmpeg = await bundledFfmpegPath();
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg,
        [
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=320x180:rate=12',
          '-t',
          '1',
          '-pix_fmt',
          'yuv420p',
          '-c:v',
          'libx264',
          '-y',
          file,
        ],
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    return readFile(file);
  });
}

beforeAll(async () => {
  files['/delivery/out.png'] = {
    type: 'image/png',
    data: await sharp({ create: { width: 1024, height: 576, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer(),
  };
  files['/delivery/out.svg'] = {
    type: 'image/svg+xml',
    data: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="#e76f51"/></svg>',
    ),
  };
  // Served with a misleading content type: the provider must look at the bytes.
  files['/delivery/out.mp4'] = { type: 'application/octet-stream', data: await makeMp4() };
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  polls = 0;
  cancelled = false;
  scenario = {
    statuses: ['processing', 'processing', 'succeeded'],
    output: '/delivery/out.png',
    logs: ' 40%|████      | 11/28',
  };
});

const provider = () =>
  createReplicateProvider({ apiToken: 'r8_test_token', baseUrl: base, pollIntervalMs: 5, backoffMs: 5 });
const photo = (extra: Partial<GenerationInput> = {}): GenerationInput => ({
  contentType: 'photo',
  model: 'flux-dev',
  prompt: 'A wide landscape of rolling hills',
  seed: 42,
  strength: 50,
  ...extra,
});
const signal = () => new AbortController().signal;
const creates = () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));

describe('Replicate provider: the predictions protocol', () => {
  it('creates a prediction for the mapped model, polls it to success and builds the asset roles', async () => {
    const progress: number[] = [];
    const out = await provider().generate(photo(), { signal: signal(), onProgress: (p) => progress.push(p) });

    const [create] = creates();
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-dev/predictions');
    expect(create?.authorization).toBe('Bearer r8_test_token');
    expect(create?.json?.input).toEqual({
      prompt: 'A wide landscape of rolling hills',
      seed: 42,
      aspect_ratio: '16:9',
      output_format: 'png',
      num_outputs: 1,
      go_fast: false,
    });
    const pollsMade = requests.filter((r) => r.method === 'GET' && r.path === '/v1/predictions/pred-1');
    expect(pollsMade).toHaveLength(3);
    expect(pollsMade.every((r) => r.authorization === 'Bearer r8_test_token')).toBe(true);
    const fetched = requests.find((r) => r.path === '/delivery/out.png');
    expect(fetched?.authorization).toBeUndefined();

    expect(out.assets.map((a) => `${a.role}:${a.mimeType}`)).toEqual([
      'original:image/png',
      'preview:image/webp',
      'thumbnail:image/webp',
    ]);
    expect(out.assets[0]?.data.equals(files['/delivery/out.png']?.data as Buffer)).toBe(true);
    expect([out.width, out.height]).toEqual([1024, 576]);
    expect(await sharp(out.assets[2]?.data).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    // The tqdm "40%|" in the logs moves the bar past the early steps.
    expect(progress).toContain(38);
  });

  it('runs versioned models through POST /v1/predictions with the version and their own input names', async () => {
    await provider().generate(
      { ...photo(), contentType: 'illustration', model: 'stable-diffusion-xl', prompt: 'A square badge of a fox' },
      { signal: signal() },
    );
    const [create] = creates();
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.json?.version).toBe('7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc');
    expect(create?.json?.input).toMatchObject({
      prompt: 'A square badge of a fox',
      seed: 42,
      width: 1024,
      height: 1024,
      apply_watermark: false,
    });
  });

  it('sends a small reference image inline and its strength as prompt_strength', async () => {
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    await provider().generate(photo({ referenceImage: { data: image, mimeType: 'image/png' }, strength: 30 }), {
      signal: signal(),
    });
    const input = creates()[0]?.json?.input ?? {};
    expect(input.image).toBe(`data:image/png;base64,${image.toString('base64')}`);
    expect(input.prompt_strength).toBe(0.3);
  });

  it('uploads a large reference image to the files API and passes its URL', async () => {
    const noise = Buffer.alloc(900 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const image = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(image.length).toBeGreaterThan(1024 * 1024);
    await provider().generate(photo({ referenceImage: { data: image, mimeType: 'image/png' } }), { signal: signal() });
    const upload = requests.find((r) => r.path === '/v1/files');
    expect(upload?.authorization).toBe('Bearer r8_test_token');
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body.toString('latin1')).toContain('name="content"; filename="reference.png"');
    expect(creates()[0]?.json?.input?.image).toBe(`${base}/v1/files/file-1`);
  });

  it('sends a FLUX Schnell reference image to FLUX Redux Schnell, and the shape and seed asked for', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await provider().generate(
      photo({ model: 'flux-schnell', aspectRatio: '2:3', referenceImage: { data: image, mimeType: 'image/png' } }),
      { signal: signal() },
    );
    expect(creates()[0]?.path).toBe('/v1/models/black-forest-labs/flux-redux-schnell/predictions');
    expect(creates()[0]?.json?.input).toMatchObject({ redux_image: expect.stringMatching(/^data:image\/png;base64,/), aspect_ratio: '2:3', seed: 42 });
  });

  it('does not send a reference image to a model that cannot take one (the server refuses it first)', async () => {
    scenario.output = '/delivery/out.svg';
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await provider().generate(
      { contentType: 'vector', model: 'stable-diffusion-xl', prompt: 'A logo', seed: 1, strength: 50, referenceImage: { data: image, mimeType: 'image/png' } },
      { signal: signal() },
    );
    expect(creates()[0]?.path).toBe('/v1/models/recraft-ai/recraft-v3-svg/predictions');
    expect(creates()[0]?.json?.input).not.toHaveProperty('image');
  });

  it('passes the shape in each model’s own terms and a negative prompt where the model has a field for it', async () => {
    await provider().generate(
      { contentType: 'illustration', model: 'stable-diffusion-xl', prompt: 'A fox', seed: 5, strength: 50, aspectRatio: '3:4', negativePrompt: 'text' },
      { signal: signal() },
    );
    expect(creates()[0]?.json?.input).toMatchObject({ width: 896, height: 1152, negative_prompt: 'text', seed: 5 });
    await provider().generate(photo({ model: 'flux-pro', aspectRatio: '4:3' }), { signal: signal() });
    expect(creates()[1]?.json?.input).toMatchObject({ aspect_ratio: '4:3' });
  });

  it(
    'turns a video output into original, poster and thumbnail, judging the file by its bytes',
    { timeout: 20_000 },
    async () => {
      scenario.output = '/delivery/out.mp4';
      const out = await provider().generate(
        { contentType: 'video', model: 'luma-dream', prompt: 'Time-lapse of clouds over peaks', seed: 1, strength: 50 },
        { signal: signal() },
      );
      expect(creates()[0]?.path).toBe('/v1/models/luma/ray/predictions');
      expect(creates()[0]?.json?.input).toEqual({ prompt: 'Time-lapse of clouds over peaks', aspect_ratio: '16:9' });
      expect(out.assets.map((a) => `${a.role}:${a.mimeType}`)).toEqual([
        'original:video/mp4',
        'poster:image/jpeg',
        'thumbnail:image/webp',
      ]);
      expect([out.width, out.height, out.durationMs]).toEqual([320, 180, 1000]);
      expect(await sharp(out.assets[1]?.data).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    },
  );

  it('converts a looping clip into an animated GIF for the gif type', { timeout: 20_000 }, async () => {
    scenario.output = '/delivery/out.mp4';
    const out = await provider().generate(
      { contentType: 'gif', model: 'stable-diffusion-xl', prompt: 'A blinking cat', seed: 3, strength: 50 },
      { signal: signal() },
    );
    expect(creates()[0]?.path).toBe('/v1/models/luma/ray-flash-2-540p/predictions');
    expect(creates()[0]?.json?.input).toMatchObject({ loop: true });
    const meta = await sharp(out.assets[0]?.data, { animated: true }).metadata();
    expect(out.assets[0]?.mimeType).toBe('image/gif');
    expect(meta.pages).toBeGreaterThanOrEqual(8);
    expect(meta.loop).toBe(0);
  });

  it('keeps an SVG output as a vector original', async () => {
    scenario.output = '/delivery/out.svg';
    const out = await provider().generate(
      { contentType: 'vector', model: 'stable-diffusion-xl', prompt: 'A bicycle icon', seed: 3, strength: 50 },
      { signal: signal() },
    );
    expect(creates()[0]?.path).toBe('/v1/models/recraft-ai/recraft-v3-svg/predictions');
    expect(out.assets.map((a) => `${a.role}:${a.mimeType}`)).toEqual([
      'original:image/svg+xml',
      'preview:image/webp',
      'thumbnail:image/webp',
    ]);
    expect([out.width, out.height]).toEqual([1024, 1024]);
  });

  it('rides out a failed status poll', async () => {
    scenario.failPolls = [1];
    const out = await provider().generate(photo(), { signal: signal() });
    expect(out.assets[0]?.mimeType).toBe('image/png');
  });
});

describe('Replicate provider: the model’s own safety check', () => {
  it('keeps a result the model flagged as NSFW and reports it as rated mature', async () => {
    scenario.outputObject = (url) => ({ images: [url], nsfw: [true] });
    const flagged = await provider().generate(photo(), { signal: signal() });
    expect(flagged.flaggedMature).toBe(true);
    expect(flagged.assets[0]?.data.equals(files['/delivery/out.png']?.data as Buffer)).toBe(true);

    scenario.outputObject = (url) => ({ output: [url], nsfw_content_detected: [true] });
    expect((await provider().generate(photo(), { signal: signal() })).flaggedMature).toBe(true);
  });

  it('reports nothing when the safety check passed or the model has none', async () => {
    scenario.outputObject = (url) => ({ images: [url], nsfw: [false] });
    const clean = await provider().generate(photo(), { signal: signal() });
    expect(clean.flaggedMature).toBeUndefined();
    expect(clean.assets[0]?.data.equals(files['/delivery/out.png']?.data as Buffer)).toBe(true);

    scenario.outputObject = undefined;
    expect((await provider().generate(photo(), { signal: signal() })).flaggedMature).toBeUndefined();
  });
});

describe('Replicate provider: failures', () => {
  it('reports an NSFW refusal as a content-policy failure with the model error', async () => {
    scenario.statuses = ['processing', 'failed'];
    scenario.error = 'NSFW content detected. Try running it again, or try a different prompt.';
    const error = await provider()
      .generate(photo(), { signal: signal() })
      .catch((e: unknown) => e);
    expect(error).toEqual(
      new ProviderError(
        'Replicate refused this request under its content policy: NSFW content detected. Try running it again, or try a different prompt.',
      ),
    );
    expect((error as ProviderError).retryable).toBe(false);
  });

  it('reports input validation (422) with Replicate’s detail, not retryable', async () => {
    scenario.createError = {
      status: 422,
      body: { title: 'Input validation failed', detail: '- input.seed: Invalid type. Expected: integer', status: 422 },
    };
    const error = (await provider()
      .generate(photo(), { signal: signal() })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(
      'Replicate rejected the request as invalid (422): - input.seed: Invalid type. Expected: integer',
    );
    expect(error.retryable).toBe(false);
  });

  it.each([
    [401, /rejected the API key \(401\)/, false],
    [402, /no credit left .*\(402\)/, false],
    [429, /rate limiting .*\(429\)/, true],
    [503, /having trouble \(503\)/, true],
  ])('maps HTTP %i to a clear ProviderError', async (status, message, retryable) => {
    scenario.createError = { status, body: { detail: 'nope' } };
    const error = (await provider()
      .generate(photo(), { signal: signal() })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toMatch(message);
    expect(error.retryable).toBe(retryable);
  });

  it('waits out a 429 on create for its Retry-After, and fails at once when that is past the deadline', async () => {
    let limited = 1;
    scenario.createError = { status: 429, body: { detail: 'Request was throttled.' } };
    const original = scenario;
    // The first create is throttled with Retry-After: 1; the second goes through.
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'POST' && req.url?.endsWith('/predictions') && limited-- > 0) {
        requests.push({ method: 'POST', path: req.url, body: Buffer.alloc(0) });
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ detail: 'Request was throttled. Expected available in 1 second.' }));
      }
      original.createError = undefined;
      void handle(req, res);
    });
    try {
      const started = Date.now();
      await provider().generate(photo(), { signal: signal() });
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(creates()).toHaveLength(2);

      requests = [];
      limited = 1;
      const error = (await provider()
        .generate(photo(), { signal: signal(), deadline: Date.now() + 500 })
        .catch((e: unknown) => e)) as ProviderError;
      expect(error.message).toBe(
        'Replicate is rate limiting requests; try again shortly (429): Request was throttled. Expected available in 1 second.',
      );
      expect(creates()).toHaveLength(1);
    } finally {
      server.removeAllListeners('request');
      server.on('request', (req: IncomingMessage, res: ServerResponse) => void handle(req, res));
    }
  });

  it('cancels a hanging prediction when the call is aborted', async () => {
    scenario.statuses = ['processing'];
    const controller = new AbortController();
    const pending = provider().generate(photo(), {
      signal: controller.signal,
      onProgress: (p) => {
        if (p > 8) controller.abort();
      },
    });
    await expect(pending).rejects.toEqual(new ProviderError('Generation was cancelled'));
    expect(
      requests.some(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/predictions/pred-1/cancel' &&
          r.authorization === 'Bearer r8_test_token',
      ),
    ).toBe(true);
  });

  it('cancels the prediction and says so when the call times out', async () => {
    scenario.statuses = ['processing'];
    await expect(provider().generate(photo(), { signal: AbortSignal.timeout(100) })).rejects.toEqual(
      new ProviderError('Generation timed out'),
    );
    expect(cancelled).toBe(true);
  });

  it('refuses a model it has no mapping for, without calling Replicate', async () => {
    await expect(provider().generate(photo({ model: 'dall-e' }), { signal: signal() })).rejects.toEqual(
      new ProviderError('The model dall-e is not available for photo on Replicate'),
    );
    expect(requests).toHaveLength(0);
  });
});

describe('Replicate provider: model mapping and edits', () => {
  it('maps every catalogue model of every content type to a hosted model', () => {
    for (const type of CONTENT_TYPES) {
      for (const model of MODELS_BY_TYPE[type]) {
        const route = REPLICATE_MODELS[`${type}/${model.id}`];
        expect(route, `${type}/${model.id}`).toBeDefined();
        expect(route?.model).toMatch(/^[a-z0-9-]+\/[a-z0-9.-]+$/);
        expect(route?.input({ prompt: 'p', seed: 1, strength: 50, aspect: '1:1' }).prompt).toBe('p');
      }
    }
  });

  it('upscales a photo with Recraft Crisp Upscale, and a vector locally', async () => {
    const source = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const out = await provider().edit(
      {
        operation: 'upscale',
        contentType: 'photo',
        source: { data: source, mimeType: 'image/png' },
        seed: 1,
        strength: 50,
      },
      { signal: signal() },
    );
    expect(creates()[0]?.path).toBe('/v1/models/recraft-ai/recraft-crisp-upscale/predictions');
    expect(String(creates()[0]?.json?.input?.image)).toMatch(/^data:image\/png;base64,/);
    expect([out.width, out.height]).toEqual([1024, 576]);

    requests = [];
    const svg = files['/delivery/out.svg']?.data as Buffer;
    const vector = await provider().edit(
      {
        operation: 'upscale',
        contentType: 'vector',
        source: { data: svg, mimeType: 'image/svg+xml' },
        seed: 1,
        strength: 50,
      },
      { signal: signal() },
    );
    expect(requests).toHaveLength(0);
    expect(vector.assets[0]?.mimeType).toBe('image/svg+xml');
  });

  it('crops locally, without a prediction', async () => {
    const source = files['/delivery/out.png']?.data as Buffer;
    const out = await provider().edit(
      {
        operation: 'crop',
        contentType: 'photo',
        source: { data: source, mimeType: 'image/png' },
        aspect: '1:1',
        seed: 1,
        strength: 50,
      },
      { signal: signal() },
    );
    expect([out.width, out.height]).toEqual([576, 576]);
    expect(requests).toHaveLength(0);
  });

  it('makes a variation as a new prediction with the source as reference image', async () => {
    const source = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await provider().edit(
      {
        operation: 'variation',
        contentType: 'photo',
        source: { data: source, mimeType: 'image/png' },
        prompt: 'Same hills, autumn',
        seed: 9,
        strength: 50,
      },
      { signal: signal() },
    );
    const input = creates()[0]?.json?.input ?? {};
    expect(creates()[0]?.path).toBe('/v1/models/black-forest-labs/flux-1.1-pro/predictions');
    expect(input).toMatchObject({ prompt: 'Same hills, autumn', seed: 9 });
    expect(String(input.image_prompt)).toMatch(/^data:image\/png;base64,/);
  });
});
