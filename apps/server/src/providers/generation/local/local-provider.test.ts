import type { ContentType } from '@atelier/shared';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ProviderError, type EditInput, type GenerationInput, type GenerationOutput } from '../types.js';
import { readGifComment } from './embedded-text.js';
import { bundledFfmpegPath, withTempDir } from './ffmpeg.js';
import { createLocalProvider } from './local-provider.js';

const provider = createLocalProvider();
const signal = () => new AbortController().signal;

const PROMPTS = {
  ocean: 'Drone flight over a turquoise glacier lake at sunrise',
  forest: 'A dark pine forest at night under a full moon',
  neon: 'Neon-lit Tokyo alley after rain, reflections on wet asphalt',
};
const MODELS: Record<ContentType, string> = {
  photo: 'flux-dev',
  illustration: 'stable-diffusion-xl',
  vector: 'stable-diffusion-xl',
  gif: 'stable-diffusion-xl',
  loops: 'stable-diffusion-xl',
  video: 'luma-dream',
};

function input(contentType: ContentType, prompt: string, extra: Partial<GenerationInput> = {}): GenerationInput {
  return { contentType, model: MODELS[contentType], prompt, seed: 1234, strength: 50, ...extra };
}

/** Each distinct request is rendered once per file; tests that need it twice ask for a fresh run. */
const cache = new Map<string, Promise<GenerationOutput>>();
function render(request: GenerationInput): Promise<GenerationOutput> {
  const key = JSON.stringify({
    ...request,
    referenceImage: request.referenceImage ? request.referenceImage.data.length : 0,
  });
  let pending = cache.get(key);
  if (!pending) {
    pending = provider.generate(request, { signal: signal() });
    cache.set(key, pending);
  }
  return pending;
}

function asset(out: GenerationOutput, role: string) {
  const found = out.assets.find((a) => a.role === role);
  if (!found) throw new Error(`no ${role} asset`);
  return found;
}

/** Average colour of an image, 0-255 per channel. */
async function meanColour(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

function colourDistance(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] as number)), 0);
}

const referenceImage = async () => ({
  mimeType: 'image/png',
  data: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d62828' } })
    .composite([
      { input: Buffer.from('<svg width="640" height="480"><circle cx="320" cy="240" r="170" fill="#fcbf49"/></svg>') },
    ])
    .png()
    .toBuffer(),
});

/** What ffmpeg reports when it opens a video: codec line, size, duration, tags. */
async function ffmpegInfo(video: Buffer): Promise<string> {
  const ffmpeg = await bundledFfmpegPath();
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'probe.mp4');
    await writeFile(file, video);
    return new Promise<string>((resolve) =>
      execFile(ffmpeg, ['-hide_banner', '-i', file], (_error, _out, stderr) => resolve(stderr)),
    );
  });
}

/** ffmpeg processes this test process has started and not yet reaped (Linux /proc). */
/**
 * How many ffmpeg processes this test process has started. Synchronous on purpose: called from a
 * progress callback, it holds the render still while it looks, so a busy machine cannot let the
 * encode finish between the look and what the test does next.
 */
function ffmpegChildren(): number {
  let count = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended while we looked
    }
    // "pid (comm) state ppid ..."
    const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (m?.[1] === 'ffmpeg' && Number(m[2]) === process.pid) count++;
  }
  return count;
}

function checkMp4Container(mp4: Buffer) {
  expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
  expect(mp4.includes('avc1')).toBe(true);
  // +faststart: the index comes before the media data, so playback can start while downloading.
  expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
}

describe('local renderer: photo', () => {
  it('writes a PNG of at least 1024 px with WebP preview and thumbnail', async () => {
    const out = await render(input('photo', PROMPTS.ocean));
    const original = asset(out, 'original');
    expect(original).toMatchObject({ mimeType: 'image/png', ext: 'png' });
    const meta = await sharp(original.data).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([out.width, out.height]);
    expect(Math.max(meta.width, meta.height)).toBeGreaterThanOrEqual(1024);
    const preview = await sharp(asset(out, 'preview').data).metadata();
    expect(preview.format).toBe('webp');
    expect(Math.max(preview.width, preview.height)).toBe(768);
    const thumbnail = await sharp(asset(out, 'thumbnail').data).metadata();
    expect(thumbnail.format).toBe('webp');
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(320);
  });

  it('carries prompt, model and seed in PNG text chunks, and says it is not an AI model', async () => {
    const out = await render(input('photo', PROMPTS.ocean));
    const { comments = [] } = await sharp(asset(out, 'original').data).metadata();
    const text = Object.fromEntries(comments.map((c) => [c.keyword, c.text]));
    expect(text).toMatchObject({ Prompt: PROMPTS.ocean, Model: 'flux-dev', Seed: '1234', Strength: '50' });
    expect(text.Description).toMatch(/rendered by Atelier's local renderer/i);
    expect(text.Description).toContain('not an AI model');
  });

  it('gives identical bytes for the same input and different pictures for different prompts or seeds', async () => {
    const first = await render(input('photo', PROMPTS.ocean));
    const again = await provider.generate(input('photo', PROMPTS.ocean), { signal: signal() });
    expect(asset(again, 'original').data.equals(asset(first, 'original').data)).toBe(true);

    const forest = await render(input('photo', PROMPTS.forest));
    const ocean = asset(first, 'original').data;
    expect(asset(forest, 'original').data.equals(ocean)).toBe(false);
    expect(colourDistance(await meanColour(asset(forest, 'original').data), await meanColour(ocean))).toBeGreaterThan(
      30,
    );

    const otherSeed = await render(input('photo', PROMPTS.ocean, { seed: 99 }));
    expect(asset(otherSeed, 'original').data.equals(ocean)).toBe(false);
  });

  it('is visibly pulled towards a reference image, more so at low strength', async () => {
    const reference = await referenceImage();
    const plain = await meanColour(asset(await render(input('photo', PROMPTS.ocean)), 'original').data);
    const gentle = await meanColour(
      asset(await render(input('photo', PROMPTS.ocean, { referenceImage: reference, strength: 80 })), 'original').data,
    );
    const strong = await meanColour(
      asset(await render(input('photo', PROMPTS.ocean, { referenceImage: reference, strength: 10 })), 'original').data,
    );
    // The reference is red and yellow; the ocean prompt is blue-green.
    expect(gentle[0] as number).toBeGreaterThan((plain[0] as number) + 10);
    expect(strong[0] as number).toBeGreaterThan((gentle[0] as number) + 10);
  });

  it('reports increasing progress that ends at 100', async () => {
    const seen: number[] = [];
    await provider.generate(input('photo', PROMPTS.neon), { signal: signal(), onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.at(-1)).toBe(100);
  });
});

describe('local renderer: the shape asked for', () => {
  it('makes stills and GIFs in every shape within 2% of the ratio, the same bytes for the same settings', { timeout: 60_000 }, async () => {
    for (const [type, ratio] of [
      ['photo', '16:9'],
      ['photo', '2:3'],
      ['illustration', '4:3'],
      ['vector', '3:4'],
      ['gif', '16:9'],
      ['photo', '1:1'],
    ] as const) {
      const out = await render(input(type, PROMPTS.neon, { aspectRatio: ratio }));
      const [w, h] = ratio.split(':').map(Number) as [number, number];
      expect(Math.abs(out.width / out.height / (w / h) - 1), `${type} ${ratio}: ${out.width}x${out.height}`).toBeLessThan(0.02);
      const meta = await sharp(asset(out, 'original').data, { animated: true }).metadata();
      expect(meta.width).toBe(out.width);
    }
    // A prompt that asks for a portrait still gets the wide shape asked for.
    const wide = await provider.generate(input('photo', 'A tall portrait of a lighthouse', { aspectRatio: '16:9' }), { signal: signal() });
    expect(wide.width).toBeGreaterThan(wide.height);
    const again = await provider.generate(input('photo', 'A tall portrait of a lighthouse', { aspectRatio: '16:9' }), { signal: signal() });
    expect(asset(again, 'original').data.equals(asset(wide, 'original').data)).toBe(true);
  });
});

describe('local renderer: illustration', () => {
  it('writes a flat, graphic PNG of at least 1024 px, deterministic and prompt-dependent', async () => {
    const out = await render(input('illustration', PROMPTS.forest));
    const meta = await sharp(asset(out, 'original').data).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width, meta.height)).toBeGreaterThanOrEqual(1024);
    const again = await provider.generate(input('illustration', PROMPTS.forest), { signal: signal() });
    expect(asset(again, 'original').data.equals(asset(out, 'original').data)).toBe(true);
    const neon = await render(input('illustration', PROMPTS.neon));
    expect(
      colourDistance(await meanColour(asset(neon, 'original').data), await meanColour(asset(out, 'original').data)),
    ).toBeGreaterThan(30);
  });

  it('uses fewer colours than the photo style (flat fills, no grain)', async () => {
    const count = async (png: Buffer) => {
      const { data } = await sharp(png)
        .resize(256, 256, { kernel: 'nearest' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 3)
        colours.add(((data[i] as number) << 16) | ((data[i + 1] as number) << 8) | (data[i + 2] as number));
      return colours.size;
    };
    const illustration = await render(input('illustration', PROMPTS.ocean));
    const photo = await render(input('photo', PROMPTS.ocean));
    expect(await count(asset(illustration, 'original').data)).toBeLessThan(
      (await count(asset(photo, 'original').data)) / 3,
    );
  });
});

describe('local renderer: vector', () => {
  it('writes a standalone SVG with the prompt in <title> and <desc> and model and seed in <metadata>', async () => {
    const prompt = 'Geometric mountain logo in two colours & "quotes" <tags>';
    const out = await render(input('vector', prompt));
    const original = asset(out, 'original');
    expect(original).toMatchObject({ mimeType: 'image/svg+xml', ext: 'svg' });
    const svg = original.data.toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain(
      '<title>Geometric mountain logo in two colours &amp; &quot;quotes&quot; &lt;tags&gt;</title>',
    );
    expect(svg).toMatch(/<desc>[^<]*Geometric mountain logo[^<]*<\/desc>/);
    expect(svg).toMatch(/<metadata>.*model="stable-diffusion-xl" seed="1234"/);
    expect(svg).not.toMatch(/<image|base64/);
    // It parses: librsvg renders it at its declared size.
    const meta = await sharp(original.data).metadata();
    expect(meta.format).toBe('svg');
    expect([meta.width, meta.height]).toEqual([out.width, out.height]);
    const preview = await sharp(asset(out, 'preview').data).metadata();
    expect(preview.format).toBe('webp');
  });

  it('is deterministic, prompt-dependent and tinted by a reference image', async () => {
    const out = await render(input('vector', PROMPTS.ocean));
    const again = await provider.generate(input('vector', PROMPTS.ocean), { signal: signal() });
    expect(asset(again, 'original').data.equals(asset(out, 'original').data)).toBe(true);
    const neon = await render(input('vector', PROMPTS.neon));
    expect(
      colourDistance(await meanColour(asset(neon, 'preview').data), await meanColour(asset(out, 'preview').data)),
    ).toBeGreaterThan(30);
    const tinted = await render(
      input('vector', PROMPTS.ocean, { referenceImage: await referenceImage(), strength: 10 }),
    );
    const [r0] = await meanColour(asset(out, 'preview').data);
    const [r1] = await meanColour(asset(tinted, 'preview').data);
    expect(r1 as number).toBeGreaterThan((r0 as number) + 20);
  });
});

describe('local renderer: gif', () => {
  it('writes a looping animated GIF of at least 8 frames with the prompt in a comment', async () => {
    const out = await render(input('gif', PROMPTS.ocean));
    const original = asset(out, 'original');
    expect(original).toMatchObject({ mimeType: 'image/gif', ext: 'gif' });
    const meta = await sharp(original.data, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBeGreaterThanOrEqual(8);
    expect(meta.loop).toBe(0);
    expect(meta.pageHeight).toBe(out.height);
    expect(out.durationMs).toBe((meta.delay ?? []).reduce((a, b) => a + b, 0));
    expect(readGifComment(original.data)).toContain(`"${PROMPTS.ocean}" with model stable-diffusion-xl, seed 1234`);
    // Frames really differ: the first and middle frame are not the same picture.
    const frame = (page: number) => sharp(original.data, { page }).raw().toBuffer();
    expect((await frame(0)).equals(await frame(Math.floor((meta.pages ?? 0) / 2)))).toBe(false);
    const preview = await sharp(asset(out, 'preview').data, { animated: true }).metadata();
    expect(preview.format).toBe('webp');
    expect(preview.pages).toBe(meta.pages);
  });

  it('is deterministic, prompt-dependent and changed by a reference image', async () => {
    const out = await render(input('gif', PROMPTS.ocean));
    const again = await provider.generate(input('gif', PROMPTS.ocean), { signal: signal() });
    expect(asset(again, 'original').data.equals(asset(out, 'original').data)).toBe(true);
    const forest = await render(input('gif', PROMPTS.forest));
    expect(
      colourDistance(await meanColour(asset(forest, 'thumbnail').data), await meanColour(asset(out, 'thumbnail').data)),
    ).toBeGreaterThan(30);
    const referenced = await render(input('gif', PROMPTS.ocean, { referenceImage: await referenceImage() }));
    expect(asset(referenced, 'original').data.equals(asset(out, 'original').data)).toBe(false);
  });
});

describe('local renderer: loops', () => {
  it('writes a seamless H.264 MP4 loop with an animated WebP preview and a poster', { timeout: 60_000 }, async () => {
    const out = await render(input('loops', PROMPTS.neon));
    const mp4 = asset(out, 'original');
    expect(mp4).toMatchObject({ mimeType: 'video/mp4', ext: 'mp4' });
    checkMp4Container(mp4.data);
    const info = await ffmpegInfo(mp4.data);
    expect(info).toMatch(/Video: h264 .*yuv420p.*768x768/);
    expect(info).not.toMatch(/Audio:/);
    expect(info).toMatch(/Duration: 00:00:03\.00/);
    expect(out.durationMs).toBe(3000);
    expect(info).toContain(`title           : ${PROMPTS.neon}`);
    expect(info).toContain("comment         : Rendered by Atelier's local renderer");
    const preview = await sharp(asset(out, 'preview').data, { animated: true }).metadata();
    expect(preview).toMatchObject({ format: 'webp', loop: 0 });
    expect(preview.pages).toBeGreaterThanOrEqual(24);
    const poster = await sharp(asset(out, 'poster').data).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 768, 768]);

    // Seamless: the last frame is one step from the first, as close as any two neighbours.
    const pages = preview.pages ?? 0;
    const page = (i: number) => sharp(asset(out, 'preview').data, { page: i }).raw().toBuffer();
    const diff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] as number)), 0) / a.length;
    const wrap = diff(await page(pages - 1), await page(0));
    const step = diff(await page(0), await page(1));
    expect(wrap).toBeLessThan(step * 2.5 + 1);
  });

  it(
    'gives identical MP4 bytes for the same input, and different ones for another prompt',
    { timeout: 60_000 },
    async () => {
      const out = await render(input('loops', PROMPTS.neon));
      const again = await provider.generate(input('loops', PROMPTS.neon), { signal: signal() });
      expect(asset(again, 'original').data.equals(asset(out, 'original').data)).toBe(true);
      const ocean = await render(input('loops', PROMPTS.ocean));
      expect(asset(ocean, 'original').data.equals(asset(out, 'original').data)).toBe(false);
      expect(
        colourDistance(await meanColour(asset(ocean, 'poster').data), await meanColour(asset(out, 'poster').data)),
      ).toBeGreaterThan(30);
    },
  );
});

describe('local renderer: video', () => {
  it('writes a 4 s 1280x720 H.264 MP4 with camera motion, a poster and a thumbnail', { timeout: 60_000 }, async () => {
    const out = await render(input('video', PROMPTS.ocean));
    const mp4 = asset(out, 'original');
    checkMp4Container(mp4.data);
    const info = await ffmpegInfo(mp4.data);
    expect(info).toMatch(/Video: h264 .*yuv420p.*1280x720/);
    expect(info).toMatch(/24 fps/);
    expect(info).toMatch(/Duration: 00:00:04\.00/);
    expect(info).not.toMatch(/Audio:/);
    expect(info).toContain(`title           : ${PROMPTS.ocean}`);
    expect(info).toMatch(/comment\s+: Rendered by Atelier's local renderer .*model luma-dream, seed 1234/);
    expect([out.width, out.height, out.durationMs]).toEqual([1280, 720, 4000]);
    expect(await sharp(asset(out, 'poster').data).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
      height: 720,
    });
    expect(await sharp(asset(out, 'thumbnail').data).metadata()).toMatchObject({ format: 'webp', width: 320 });

    // The camera moves: the last frame is not the first.
    const ffmpeg = await bundledFfmpegPath();
    const last = await withTempDir(async (dir) => {
      const file = path.join(dir, 'v.mp4');
      await writeFile(file, mp4.data);
      return new Promise<Buffer>((resolve, reject) =>
        execFile(
          ffmpeg,
          [
            '-loglevel',
            'error',
            '-sseof',
            '-0.1',
            '-i',
            file,
            '-frames:v',
            '1',
            '-f',
            'image2pipe',
            '-c:v',
            'png',
            '-',
          ],
          { encoding: 'buffer' },
          (e, stdout) => (e ? reject(e) : resolve(stdout)),
        ),
      );
    });
    const a = await sharp(asset(out, 'poster').data).resize(64, 36).raw().toBuffer();
    const b = await sharp(last).resize(64, 36).removeAlpha().raw().toBuffer();
    expect(a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] as number)), 0) / a.length).toBeGreaterThan(4);
  });

  it(
    'gives identical MP4 bytes for the same input, and a different film for another prompt',
    { timeout: 90_000 },
    async () => {
      const out = await render(input('video', PROMPTS.ocean));
      const again = await provider.generate(input('video', PROMPTS.ocean), { signal: signal() });
      expect(asset(again, 'original').data.equals(asset(out, 'original').data)).toBe(true);
      const neon = await render(input('video', PROMPTS.neon));
      expect(
        colourDistance(await meanColour(asset(neon, 'poster').data), await meanColour(asset(out, 'poster').data)),
      ).toBeGreaterThan(30);
    },
  );
});

describe('local renderer: cancellation', () => {
  it('refuses to start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.generate(input('photo', PROMPTS.ocean), { signal: controller.signal })).rejects.toEqual(
      new ProviderError('Generation was cancelled'),
    );
  });

  it('stops a video mid-encode, kills ffmpeg and removes its temporary files', { timeout: 30_000 }, async () => {
    // os.tmpdir() follows TMPDIR, so this run's scratch files land where only this test looks.
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'local-provider-test-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      const controller = new AbortController();
      let abortedAt = 0;
      let encoding = 0;
      const pending = provider.generate(input('video', PROMPTS.forest, { seed: 5 }), {
        signal: controller.signal,
        onProgress: (p) => {
          if (p >= 30 && !abortedAt) {
            encoding = ffmpegChildren();
            abortedAt = Date.now();
            controller.abort();
          }
        },
      });
      const error = await pending.catch((e: unknown) => e);
      expect(error).toEqual(new ProviderError('Generation was cancelled'));
      expect(encoding).toBe(1);
      expect(Date.now() - abortedAt).toBeLessThan(3000);
      // Killed at once; gone (reaped, not left a zombie) as soon as the machine gets round to it.
      await expect.poll(() => ffmpegChildren(), { timeout: 3000 }).toBe(0);
      expect(await readdir(scratch)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('reports a timeout as such', async () => {
    const error = await provider
      .generate(input('loops', PROMPTS.ocean, { seed: 6 }), { signal: AbortSignal.timeout(150) })
      .catch((e: unknown) => e);
    expect(error).toEqual(new ProviderError('Generation timed out'));
  });
});

describe('local renderer: edits', () => {
  const edit = (e: Partial<EditInput> & Pick<EditInput, 'operation' | 'source' | 'contentType'>) =>
    provider.edit({ seed: 77, strength: 50, ...e }, { signal: signal() });

  it('upscales a photo 2x with lanczos and keeps its embedded prompt', async () => {
    const photo = await render(input('photo', PROMPTS.ocean));
    const out = await edit({
      operation: 'upscale',
      contentType: 'photo',
      source: { data: asset(photo, 'original').data, mimeType: 'image/png' },
    });
    const meta = await sharp(asset(out, 'original').data).metadata();
    expect([meta.width, meta.height]).toEqual([photo.width * 2, photo.height * 2]);
    expect(meta.comments?.find((c) => c.keyword === 'Prompt')?.text).toBe(PROMPTS.ocean);
    expect(meta.comments?.find((c) => c.keyword === 'Edit')?.text).toBe('upscale');
  });

  it('refuses to upscale past 4096 px', async () => {
    const big = await sharp({ create: { width: 4096, height: 2048, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await expect(
      edit({ operation: 'upscale', contentType: 'photo', source: { data: big, mimeType: 'image/png' } }),
    ).rejects.toEqual(new ProviderError('This is already at the largest size (4096 px)'));
  });

  it('crops to a centred aspect ratio and rejects a missing one', async () => {
    const photo = await render(input('photo', PROMPTS.ocean));
    const source = { data: asset(photo, 'original').data, mimeType: 'image/png' };
    const out = await edit({ operation: 'crop', contentType: 'photo', source, aspect: '1:1' });
    const side = Math.min(photo.width, photo.height);
    expect([out.width, out.height]).toEqual([side, side]);
    expect(await sharp(asset(out, 'original').data).metadata()).toMatchObject({ width: side, height: side });
    await expect(edit({ operation: 'crop', contentType: 'photo', source })).rejects.toBeInstanceOf(ProviderError);
  });

  it('recolours towards a colour, more at higher strength', async () => {
    const photo = await render(input('photo', PROMPTS.ocean));
    const source = { data: asset(photo, 'original').data, mimeType: 'image/png' };
    const before = await meanColour(source.data);
    const light = await meanColour(
      asset(
        await edit({ operation: 'recolour', contentType: 'photo', source, colour: '#ff2200', strength: 20 }),
        'original',
      ).data,
    );
    const heavy = await meanColour(
      asset(
        await edit({ operation: 'recolour', contentType: 'photo', source, colour: '#ff2200', strength: 90 }),
        'original',
      ).data,
    );
    const redness = (c: number[]) => (c[0] as number) - (c[2] as number);
    expect(redness(light)).toBeGreaterThan(redness(before) + 10);
    expect(redness(heavy)).toBeGreaterThan(redness(light) + 10);
  });

  it('makes a variation: a new render of the same prompt that still resembles the source', async () => {
    const photo = await render(input('photo', PROMPTS.ocean));
    const out = await edit({
      operation: 'variation',
      contentType: 'photo',
      source: { data: asset(photo, 'original').data, mimeType: 'image/png' },
    });
    const original = asset(out, 'original').data;
    expect(original.equals(asset(photo, 'original').data)).toBe(false);
    const meta = await sharp(original).metadata();
    expect(meta.comments?.find((c) => c.keyword === 'Prompt')?.text).toBe(PROMPTS.ocean);
    expect(meta.comments?.find((c) => c.keyword === 'Seed')?.text).toBe('77');
    const unrelated = await render(input('photo', PROMPTS.neon));
    const source = await meanColour(asset(photo, 'original').data);
    expect(colourDistance(await meanColour(original), source)).toBeLessThan(
      colourDistance(await meanColour(asset(unrelated, 'original').data), source),
    );
  });

  it('edits an SVG as a vector: upscale resizes, crop changes the viewBox, recolour rewrites fills', async () => {
    const vector = await render(input('vector', PROMPTS.ocean));
    const source = { data: asset(vector, 'original').data, mimeType: 'image/svg+xml' };
    const up = await edit({ operation: 'upscale', contentType: 'vector', source });
    expect([up.width, up.height]).toEqual([vector.width * 2, vector.height * 2]);
    expect(await sharp(asset(up, 'original').data).metadata()).toMatchObject({
      format: 'svg',
      width: vector.width * 2,
    });
    const square = await edit({ operation: 'crop', contentType: 'vector', source, aspect: '1:1' });
    const svg = asset(square, 'original').data.toString('utf8');
    expect(svg).toMatch(/viewBox="[\d.]+ [\d.]+ (\d+(?:\.\d+)?) \1"/);
    expect(square.width).toBe(square.height);
    const red = await edit({ operation: 'recolour', contentType: 'vector', source, colour: '#ff0000', strength: 90 });
    const [r] = await meanColour(asset(red, 'preview').data);
    const [r0] = await meanColour(asset(vector, 'preview').data);
    expect(r as number).toBeGreaterThan((r0 as number) + 20);
    expect(asset(red, 'original').data.toString('utf8')).toContain(`<title>${PROMPTS.ocean}</title>`);
  });

  it('edits a GIF frame by frame and keeps it animated', async () => {
    const gif = await render(input('gif', PROMPTS.ocean));
    const source = { data: asset(gif, 'original').data, mimeType: 'image/gif' };
    const out = await edit({ operation: 'crop', contentType: 'gif', source, aspect: '16:9' });
    const meta = await sharp(asset(out, 'original').data, { animated: true }).metadata();
    expect(meta.pages).toBe((await sharp(source.data, { animated: true }).metadata()).pages);
    expect([meta.width, meta.pageHeight]).toEqual([gif.width, Math.round(gif.width / (16 / 9))]);
    expect(meta.loop).toBe(0);
    expect(readGifComment(asset(out, 'original').data)).toContain(PROMPTS.ocean);
  });

  it(
    'upscales and recolours a loop by re-encoding it, with a fresh animated preview',
    { timeout: 30_000 },
    async () => {
      const ffmpeg = await bundledFfmpegPath();
      const clip = await withTempDir(async (dir) => {
        const file = path.join(dir, 'clip.mp4');
        const args = [
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=160x90:rate=24',
          '-t',
          '1',
          '-pix_fmt',
          'yuv420p',
          '-c:v',
          'libx264',
        ];
        await new Promise<void>((resolve, reject) =>
          execFile(ffmpeg, [...args, '-y', file], (e) => (e ? reject(e) : resolve())),
        );
        return readFile(file);
      });
      const source = { data: clip, mimeType: 'video/mp4' };
      const up = await edit({ operation: 'upscale', contentType: 'loops', source });
      expect([up.width, up.height, up.durationMs]).toEqual([320, 180, 1000]);
      expect(await ffmpegInfo(asset(up, 'original').data)).toMatch(/Video: h264 .*yuv420p.*320x180/);
      expect(up.assets.map((a) => a.role).sort()).toEqual(['original', 'poster', 'preview', 'thumbnail']);
      const preview = await sharp(asset(up, 'preview').data, { animated: true }).metadata();
      expect(preview.format).toBe('webp');
      expect(preview.pages).toBe(24);

      const red = await edit({ operation: 'recolour', contentType: 'loops', source, colour: '#ff0000', strength: 100 });
      const redness = async (image: Buffer) => {
        const [r, , b] = await meanColour(image);
        return (r as number) - (b as number);
      };
      expect(await redness(asset(red, 'poster').data)).toBeGreaterThan((await redness(asset(up, 'poster').data)) + 40);
    },
  );

  it('re-encodes a video for a crop and keeps its tags', { timeout: 60_000 }, async () => {
    const video = await render(input('video', PROMPTS.ocean));
    const out = await edit({
      operation: 'crop',
      contentType: 'video',
      source: { data: asset(video, 'original').data, mimeType: 'video/mp4' },
      aspect: '1:1',
    });
    expect([out.width, out.height]).toEqual([720, 720]);
    checkMp4Container(asset(out, 'original').data);
    const info = await ffmpegInfo(asset(out, 'original').data);
    expect(info).toMatch(/Video: h264 .*720x720/);
    expect(info).toContain(`title           : ${PROMPTS.ocean}`);
    expect(out.assets.map((a) => a.role).sort()).toEqual(['original', 'poster', 'thumbnail']);
  });
});
