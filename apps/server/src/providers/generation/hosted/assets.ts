/**
 * A hosted model's output file → the asset roles the worker stores, made the same way as the
 * local renderer's: stills get a WebP preview (768) and thumbnail (320); videos a JPEG poster and
 * a WebP thumbnail from the first frame (loops also an animated WebP preview); a GIF is converted
 * from a clip when the model makes video.
 */
import type { AspectRatio as SharedAspectRatio, ContentType } from '@atelier/shared';
import { fileTypeFromBuffer } from 'file-type';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DECODE_LIMIT } from '../../../platform/images.js';
import { ProviderError, type GeneratedAsset, type GenerationOutput } from '../types.js';
import type { CallContext } from '../local/call-context.js';
import { loopPreview } from '../local/edit.js';
import { firstFramePng, probeVideo, runFfmpeg, withTempDir, writeTemp } from '../local/ffmpeg.js';
import { PREVIEW_SIZE, THUMBNAIL_SIZE, webpPreview } from '../local/stills.js';
import { readTheme } from '../local/theme.js';

export type OutputKind = 'image' | 'svg' | 'video' | 'gif';
export type AspectRatio = SharedAspectRatio;

const DEFAULT_ASPECT: Record<ContentType, AspectRatio> = {
  photo: '3:2',
  illustration: '1:1',
  vector: '1:1',
  gif: '1:1',
  loops: '1:1',
  video: '16:9',
};

/** The aspect a prompt asks for (portrait/tall, square, wide/panorama), else the type's usual one. */
export function aspectFor(type: ContentType, prompt: string): AspectRatio {
  const cue = readTheme(prompt).aspect;
  if (cue === 'wide') return '16:9';
  if (cue === 'tall') return '9:16';
  if (cue === 'square') return '1:1';
  return DEFAULT_ASPECT[type];
}

/** The shape asked for (the catalogue has checked the model makes it), else the one the prompt suggests. */
export function requestedAspect(input: { contentType: ContentType; prompt: string; aspectRatio?: AspectRatio }): AspectRatio {
  return input.aspectRatio ?? aspectFor(input.contentType, input.prompt);
}

/**
 * A reference image small enough to travel inline: vendors cap data URIs (Runway at 5 MB, and
 * base64 adds a third), so a bigger one is re-encoded as a JPEG of at most 2048 px.
 */
export async function compactImage(image: { data: Buffer; mimeType: string }, maxBytes = 3 * 1024 * 1024): Promise<{ data: Buffer; mimeType: string }> {
  const type = await fileTypeFromBuffer(image.data);
  const mimeType = type?.mime ?? image.mimeType;
  if (image.data.length <= maxBytes && mimeType !== 'image/gif') return { data: image.data, mimeType };
  const data = await sharp(image.data, { animated: false, ...DECODE_LIMIT })
    .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
  return { data, mimeType: 'image/jpeg' };
}

export function dataUri(image: { data: Buffer; mimeType: string }, mime = image.mimeType): string {
  return `data:${mime};base64,${image.data.toString('base64')}`;
}

/** Downloads a result file from the vendor's CDN: never with the API key. */
export async function downloadResult(url: string, vendor: string, ctx: CallContext, doFetch: typeof fetch): Promise<Buffer> {
  let response: Response;
  try {
    response = await doFetch(url, { signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(300_000)]) });
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.abortError();
    if (error instanceof ProviderError) throw new ProviderError(`Could not download the result from ${vendor}: ${error.message}`, error.retryable);
    throw new ProviderError(`Could not download the result from ${vendor}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (!response.ok) throw new ProviderError(`Could not download the result from ${vendor} (${response.status})`, response.status >= 500);
  return Buffer.from(await response.arrayBuffer());
}

export async function toAssets(
  data: Buffer,
  output: OutputKind,
  vendor: string,
  contentType: ContentType,
  ctx: CallContext,
  ffmpeg: () => Promise<string>,
): Promise<GenerationOutput> {
  const head = data.subarray(0, 1024).toString('utf8');
  if (output === 'svg' || /^\uFEFF?\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    if (!/<svg[\s>]/i.test(head)) throw new ProviderError('The model did not return an SVG');
    const meta = await sharp(data).metadata();
    return { assets: await stillAssets(data, 'image/svg+xml', 'svg'), width: meta.width, height: meta.height };
  }
  const type = await fileTypeFromBuffer(data);
  if (!type) throw new ProviderError(`${vendor} returned a file of an unknown type`);
  if (type.mime.startsWith('image/')) {
    const meta = await sharp(data).metadata();
    return { assets: await stillAssets(data, type.mime, type.ext), width: meta.width, height: meta.height };
  }
  if (!type.mime.startsWith('video/')) throw new ProviderError(`${vendor} returned an unexpected ${type.mime} file`);
  const binary = await ffmpeg();
  return withTempDir(async (dir) => {
    const file = await writeTemp(dir, `output.${type.ext}`, data);
    const facts = await probeVideo(binary, file, ctx);
    if (output === 'gif' || contentType === 'gif') return gifFromVideo(binary, dir, file, ctx);
    const first = await firstFramePng(binary, file, ctx);
    const assets: GeneratedAsset[] = [
      { role: 'original', mimeType: type.mime, ext: type.ext, data },
      { role: 'poster', mimeType: 'image/jpeg', ext: 'jpg', data: await sharp(first).jpeg({ quality: 85, mozjpeg: true }).toBuffer() },
      { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: await webpPreview(sharp(first), THUMBNAIL_SIZE, 76) },
    ];
    if (contentType === 'loops') assets.push(await loopPreview(binary, file, facts.width, facts.height, ctx));
    return { assets, width: facts.width, height: facts.height, durationMs: facts.durationMs };
  });
}

async function stillAssets(data: Buffer, mimeType: string, ext: string): Promise<GeneratedAsset[]> {
  const [preview, thumbnail] = await Promise.all([webpPreview(sharp(data), PREVIEW_SIZE, 82), webpPreview(sharp(data), THUMBNAIL_SIZE, 76)]);
  return [
    { role: 'original', mimeType, ext, data },
    { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
    { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
  ];
}

/** A looping GIF from a short clip: 12 fps, 480 px, one palette for the whole clip. */
async function gifFromVideo(binary: string, dir: string, file: string, ctx: CallContext): Promise<GenerationOutput> {
  const out = path.join(dir, 'output.gif');
  const filter = 'fps=12,scale=480:-2:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4';
  await runFfmpeg(binary, ['-loglevel', 'error', '-i', file, '-filter_complex', filter, '-loop', '0', '-y', out], ctx);
  const gif = await readFile(out);
  const meta = await sharp(gif, { animated: true }).metadata();
  const timing = { loop: 0, ...(meta.delay ? { delay: meta.delay } : {}) };
  const [preview, thumbnail] = await Promise.all([
    sharp(gif, { animated: true }).webp({ ...timing, quality: 80, effort: 2 }).toBuffer(),
    webpPreview(sharp(gif), THUMBNAIL_SIZE, 76),
  ]);
  return {
    assets: [
      { role: 'original', mimeType: 'image/gif', ext: 'gif', data: gif },
      { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
      { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
    ],
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    durationMs: meta.delay?.reduce((a, b) => a + b, 0),
  };
}
