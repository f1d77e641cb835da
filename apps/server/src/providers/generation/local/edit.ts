import type { ContentType } from '@atelier/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Matrix3x3, type Sharp } from 'sharp';
import { ProviderError, type EditInput, type GeneratedAsset, type GenerationOutput } from '../types.js';
import type { CallContext } from './call-context.js';
import { hex, parseHex, tintMatrix, type Rgb } from './colour.js';
import { readGifComment, readPngText, unescapeXml, withGifComment, withPngText } from './embedded-text.js';
import { decodeFrames, firstFramePng, probeVideo, transcodeMp4, withTempDir, writeTemp } from './ffmpeg.js';
import { PREVIEW_SIZE, THUMBNAIL_SIZE, vectorAssets, webpPreview } from './stills.js';

const MAX_SIDE = 4096;

type SourceKind = 'svg' | 'gif' | 'video' | 'image';

/** Renders a new piece of content of the given type; how a variation is made. */
export type Rerender = (input: {
  contentType: ContentType;
  prompt: string;
  model: string;
  seed: number;
  strength: number;
  referenceImage: { data: Buffer; mimeType: string };
}) => Promise<GenerationOutput>;

/**
 * Edits by source file kind. Images, SVGs and GIFs support every operation; videos (video and
 * loops) are re-encoded for upscale, crop and recolour, and re-rendered from their first frame for
 * a variation.
 */
export async function editContent(
  input: EditInput,
  ctx: CallContext,
  ffmpeg: () => Promise<string>,
  rerender: Rerender,
): Promise<GenerationOutput> {
  const kind = await sniff(input.source.data);
  ctx.progress(5);
  if (kind === 'svg') return editSvg(input, ctx, rerender);
  if (kind === 'gif') return editGif(input, ctx, rerender);
  if (kind === 'video') return editVideo(input, ctx, await ffmpeg(), rerender);
  return editImage(input, ctx, rerender);
}

async function sniff(data: Buffer): Promise<SourceKind> {
  const head = data.subarray(0, 2048).toString('utf8');
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  const type = await fileTypeFromBuffer(data);
  if (!type) throw new ProviderError('The source file type is not supported for editing');
  if (type.mime === 'image/gif') return 'gif';
  if (type.mime.startsWith('video/')) return 'video';
  if (['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/tiff'].includes(type.mime)) return 'image';
  throw new ProviderError('The source file type is not supported for editing');
}

function parseAspect(aspect: string | undefined): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/.exec(aspect ?? '');
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  if (!m || !(w > 0) || !(h > 0)) throw new ProviderError('Choose an aspect ratio to crop to, such as 1:1 or 16:9');
  return w / h;
}

/** The largest centred box of the wanted aspect; `even` keeps H.264 dimensions even. */
function cropBox(width: number, height: number, ratio: number, even = false) {
  let w = width;
  let h = Math.round(width / ratio);
  if (h > height) {
    h = height;
    w = Math.round(height * ratio);
  }
  if (even) {
    w -= w % 2;
    h -= h % 2;
  }
  return { width: w, height: h, left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2) };
}

function upscaleFactor(width: number, height: number): number {
  const factor = Math.min(2, MAX_SIDE / Math.max(width, height));
  if (factor <= 1.001) throw new ProviderError(`This is already at the largest size (${MAX_SIDE} px)`);
  return factor;
}

function colourOf(input: EditInput): Rgb {
  const colour = input.colour ? parseHex(input.colour) : undefined;
  if (!colour) throw new ProviderError('Choose a colour to recolour towards, such as #ff8800');
  return colour;
}

/** How far a recolour moves towards the colour: half-way at the default strength. */
function tintAmount(strength: number): number {
  return 0.25 + 0.5 * (Math.min(100, Math.max(0, strength)) / 100);
}

/** What a rendered file says it was made from, so a variation keeps the subject. */
function embedded(text: string | undefined): { prompt?: string; model?: string } {
  const m = /from the prompt "([\s\S]*)" with model (\S+), seed/.exec(text ?? '');
  return m ? { prompt: m[1], model: m[2] } : {};
}

function variationOf(
  input: EditInput,
  known: { prompt?: string; model?: string },
  reference: Buffer,
  rerender: Rerender,
): Promise<GenerationOutput> {
  return rerender({
    contentType: input.contentType,
    prompt: input.prompt ?? known.prompt ?? '',
    model: known.model ?? 'local',
    seed: input.seed,
    strength: input.strength,
    referenceImage: { data: reference, mimeType: 'image/png' },
  });
}

async function editImage(input: EditInput, ctx: CallContext, rerender: Rerender): Promise<GenerationOutput> {
  const text = readPngText(input.source.data);
  if (input.operation === 'variation') {
    const reference = await sharp(input.source.data).autoOrient().png().toBuffer();
    return variationOf(input, { prompt: text.get('Prompt'), model: text.get('Model') }, reference, rerender);
  }
  const source = sharp(input.source.data).autoOrient();
  const meta = await source.metadata();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  let image: Sharp;
  if (input.operation === 'upscale') {
    const f = upscaleFactor(width, height);
    image = source.resize(Math.round(width * f), Math.round(height * f), { kernel: 'lanczos3' });
  } else if (input.operation === 'crop') {
    image = source.extract(cropBox(width, height, parseAspect(input.aspect)));
  } else {
    image = source.recomb(tintMatrix(colourOf(input), tintAmount(input.strength)) as Matrix3x3);
  }
  ctx.progress(40);
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  ctx.check();
  const rgb = () => sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  const [png, preview, thumbnail] = await Promise.all([
    rgb().png({ compressionLevel: 6 }).toBuffer(),
    webpPreview(rgb(), PREVIEW_SIZE, 82),
    webpPreview(rgb(), THUMBNAIL_SIZE, 76),
  ]);
  const entries: Array<[string, string]> = [...text.entries(), ['Edit', input.operation]];
  ctx.progress(95);
  return {
    assets: [
      { role: 'original', mimeType: 'image/png', ext: 'png', data: withPngText(png, entries) },
      { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
      { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
    ],
    width: info.width,
    height: info.height,
  };
}

/** The root <svg> tag's size: width/height attributes, and the viewBox they show. */
function svgFrame(svg: string) {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) throw new ProviderError('The source file is not a readable SVG');
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = parseFloat(attr('width') ?? '') || box?.[2];
  const height = parseFloat(attr('height') ?? '') || box?.[3];
  if (!width || !height) throw new ProviderError('The SVG has no size to edit');
  const viewBox =
    box && box.length === 4 && box.every(Number.isFinite)
      ? (box as [number, number, number, number])
      : [0, 0, width, height];
  return { tag, width, height, viewBox: viewBox as [number, number, number, number] };
}

function withRootAttributes(svg: string, tag: string, values: Record<string, string>): string {
  let next = tag;
  for (const [name, value] of Object.entries(values)) {
    const re = new RegExp(`(\\s${name}\\s*=\\s*)"[^"]*"`, 'i');
    next = re.test(next) ? next.replace(re, `$1"${value}"`) : next.replace(/^<svg\b/i, `<svg ${name}="${value}"`);
  }
  return svg.replace(tag, next);
}

const r1 = (v: number) => (Math.round(v * 10) / 10).toString();

async function editSvg(input: EditInput, ctx: CallContext, rerender: Rerender): Promise<GenerationOutput> {
  const svg = input.source.data.toString('utf8');
  const frame = svgFrame(svg);
  if (input.operation === 'variation') {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(svg)?.[1];
    const model = /\smodel="([^"]*)"/.exec(/<metadata[\s\S]*?<\/metadata>/i.exec(svg)?.[0] ?? '')?.[1];
    const reference = await sharp(input.source.data).png().toBuffer();
    return variationOf(input, { prompt: title ? unescapeXml(title) : undefined, model }, reference, rerender);
  }
  let out: string;
  let width = frame.width;
  let height = frame.height;
  if (input.operation === 'upscale') {
    // A vector scales losslessly: only its display size changes.
    const f = upscaleFactor(width, height);
    width = Math.round(width * f);
    height = Math.round(height * f);
    out = withRootAttributes(svg, frame.tag, {
      width: String(width),
      height: String(height),
      viewBox: frame.viewBox.join(' '),
    });
  } else if (input.operation === 'crop') {
    const ratio = parseAspect(input.aspect);
    const [vx, vy, vw, vh] = frame.viewBox;
    let cw = vw;
    let ch = vw / ratio;
    if (ch > vh) {
      ch = vh;
      cw = vh * ratio;
    }
    const scale = width / vw;
    width = Math.round(cw * scale);
    height = Math.round(ch * scale);
    const viewBox = [vx + (vw - cw) / 2, vy + (vh - ch) / 2, cw, ch].map(r1).join(' ');
    out = withRootAttributes(svg, frame.tag, { width: String(width), height: String(height), viewBox });
  } else {
    const m = tintMatrix(colourOf(input), tintAmount(input.strength));
    out = svg.replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (match) => {
      const c = parseHex(match) as Rgb;
      return hex(
        m.map(
          (row) => (row[0] as number) * c[0] + (row[1] as number) * c[1] + (row[2] as number) * c[2],
        ) as unknown as Rgb,
      );
    });
  }
  ctx.progress(50);
  const assets = await vectorAssets(out);
  ctx.progress(95);
  return { assets, width, height };
}

async function editGif(input: EditInput, ctx: CallContext, rerender: Rerender): Promise<GenerationOutput> {
  const comment = readGifComment(input.source.data);
  if (input.operation === 'variation') {
    const reference = await sharp(input.source.data).png().toBuffer();
    return variationOf(input, embedded(comment), reference, rerender);
  }
  const meta = await sharp(input.source.data, { animated: true }).metadata();
  const width = meta.width;
  const height = meta.pageHeight ?? meta.height;
  const animated = () => sharp(input.source.data, { animated: true });
  let image: Sharp;
  if (input.operation === 'upscale') {
    const f = upscaleFactor(width, height);
    image = animated().resize(Math.round(width * f), Math.round(height * f), { kernel: 'lanczos3' });
  } else if (input.operation === 'crop') {
    image = animated().extract(cropBox(width, height, parseAspect(input.aspect)));
  } else {
    image = animated().recomb(tintMatrix(colourOf(input), tintAmount(input.strength)) as Matrix3x3);
  }
  const timing = { loop: meta.loop ?? 0, ...(meta.delay ? { delay: meta.delay } : {}) };
  let gif: Buffer = await image.gif({ ...timing, effort: 1, dither: 0, keepDuplicateFrames: true }).toBuffer();
  ctx.check();
  if (comment) gif = withGifComment(gif, comment);
  const out = await sharp(gif, { animated: true }).metadata();
  const [preview, thumbnail] = await Promise.all([
    sharp(gif, { animated: true })
      .webp({ ...timing, quality: 80, effort: 2 })
      .toBuffer(),
    webpPreview(sharp(gif), THUMBNAIL_SIZE, 76),
  ]);
  ctx.progress(95);
  return {
    assets: [
      { role: 'original', mimeType: 'image/gif', ext: 'gif', data: gif },
      { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
      { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
    ],
    width: out.width,
    height: out.pageHeight ?? out.height,
    durationMs: meta.delay?.reduce((a, b) => a + b, 0),
  };
}

async function editVideo(
  input: EditInput,
  ctx: CallContext,
  ffmpeg: string,
  rerender: Rerender,
): Promise<GenerationOutput> {
  return withTempDir(async (dir) => {
    const source = await writeTemp(dir, 'source.mp4', input.source.data);
    const facts = await probeVideo(ffmpeg, source, ctx);
    if (input.operation === 'variation') {
      const reference = await firstFramePng(ffmpeg, source, ctx);
      return variationOf(input, { prompt: facts.title, model: embedded(facts.comment).model }, reference, rerender);
    }
    let filter: string;
    let width = facts.width;
    let height = facts.height;
    if (input.operation === 'upscale') {
      const f = upscaleFactor(width, height);
      width = Math.round((width * f) / 2) * 2;
      height = Math.round((height * f) / 2) * 2;
      filter = `scale=${width}:${height}:flags=lanczos`;
    } else if (input.operation === 'crop') {
      const box = cropBox(width, height, parseAspect(input.aspect), true);
      ({ width, height } = box);
      filter = `crop=${box.width}:${box.height}:${box.left}:${box.top}`;
    } else {
      const m = tintMatrix(colourOf(input), tintAmount(input.strength));
      const names = ['r', 'g', 'b'];
      const mixer = m.flatMap((row, i) => row.map((v, j) => `${names[i]}${names[j]}=${v.toFixed(4)}`)).join(':');
      filter = `colorchannelmixer=${mixer}`;
    }
    ctx.progress(15);
    const mp4 = await transcodeMp4(ffmpeg, source, filter, ctx);
    ctx.progress(75);
    const edited = await writeTemp(dir, 'edited.mp4', mp4);
    const first = await firstFramePng(ffmpeg, edited, ctx);
    const assets: GeneratedAsset[] = [
      { role: 'original', mimeType: 'video/mp4', ext: 'mp4', data: mp4 },
      {
        role: 'poster',
        mimeType: 'image/jpeg',
        ext: 'jpg',
        data: await sharp(first).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      },
      {
        role: 'thumbnail',
        mimeType: 'image/webp',
        ext: 'webp',
        data: await webpPreview(sharp(first), THUMBNAIL_SIZE, 76),
      },
    ];
    if (input.contentType === 'loops') assets.push(await loopPreview(ffmpeg, edited, width, height, ctx));
    ctx.progress(95);
    return { assets, width, height, durationMs: facts.durationMs };
  });
}

/** An animated WebP of a loop at preview size, decoded frame by frame from the MP4. */
export async function loopPreview(
  ffmpeg: string,
  file: string,
  width: number,
  height: number,
  ctx: CallContext,
): Promise<GeneratedAsset> {
  const scale = Math.min(1, 384 / Math.max(width, height));
  const w = Math.max(2, Math.round((width * scale) / 2) * 2);
  const h = Math.max(2, Math.round((height * scale) / 2) * 2);
  const raw = await decodeFrames(ffmpeg, file, `scale=${w}:${h}`, ctx);
  const frames = Math.floor(raw.length / (w * h * 4));
  const data = await sharp(raw.subarray(0, frames * w * h * 4), {
    raw: { width: w, height: h * frames, channels: 4, pageHeight: h },
  })
    .webp({ loop: 0, delay: Array<number>(frames).fill(42), quality: 75, effort: 1 })
    .toBuffer();
  return { role: 'preview', mimeType: 'image/webp', ext: 'webp', data };
}
