import type { AspectRatio, ContentType } from '@atelier/shared';
import sharp from 'sharp';
import { DECODE_LIMIT } from '../../../platform/images.js';
import { ProviderError } from '../types.js';
import type { Rgb } from './colour.js';
import type { RenderInfo } from './embedded-text.js';
import { clamp, Dice } from './prng.js';
import { makePalette, type Palette, type ReferenceColours } from './scene.js';
import { readTheme, type Aspect, type Theme } from './theme.js';

export interface RenderRequest extends RenderInfo {
  contentType: ContentType;
  referenceImage?: { data: Buffer; mimeType: string };
  /** The shape asked for; it wins over the prompt's cue and the seed's pick. */
  aspectRatio?: AspectRatio;
}

export interface Setup {
  info: RenderInfo;
  theme: Theme;
  dice: Dice;
  palette: Palette;
  aspect: Aspect;
  /** The exact shape asked for (width, height), when one was. */
  ratio?: [number, number];
  detail: number;
  /** The reference image and how much of it shows through the rendered frames (0-1). */
  reference?: { data: Buffer; blend: number };
}

/** Richer models draw more octaves and more shapes; quick ones fewer. */
const MODEL_DETAIL: Record<string, number> = {
  'flux-pro': 1.2,
  'flux-dev': 1,
  'flux-schnell': 0.85,
  'runway-gen3': 1.15,
  'luma-dream': 1.05,
  'pika-labs': 0.9,
  'stable-diffusion-xl': 1,
};

const DEFAULT_ASPECTS: Record<ContentType, Array<[Aspect, number]>> = {
  photo: [
    ['wide', 0.6],
    ['square', 0.25],
    ['tall', 0.15],
  ],
  illustration: [
    ['wide', 0.4],
    ['square', 0.4],
    ['tall', 0.2],
  ],
  vector: [
    ['square', 0.5],
    ['wide', 0.5],
  ],
  gif: [['square', 1]],
  loops: [
    ['square', 0.6],
    ['wide', 0.4],
  ],
  video: [['wide', 1]],
};

export async function prepareRender(request: RenderRequest): Promise<Setup> {
  const strength = Number.isFinite(request.strength) ? clamp(Math.round(request.strength), 0, 100) : 50;
  const info: RenderInfo = { prompt: request.prompt, model: request.model, seed: request.seed, strength };
  const theme = readTheme(request.prompt);
  const dice = Dice.forInput(info);
  const calm = 1 - strength / 100;
  let reference: Setup['reference'];
  let colours: ReferenceColours | undefined;
  if (request.referenceImage) {
    colours = await referenceColours(request.referenceImage.data, 0.35 + 0.45 * calm);
    reference = { data: request.referenceImage.data, blend: 0.12 + 0.6 * calm };
  }
  const palette = makePalette(theme, dice.fork('palette'), colours);
  const ratio = request.aspectRatio ? parseRatio(request.aspectRatio) : undefined;
  const aspect = ratio ? ratioAspect(ratio) : (theme.aspect ?? pickAspect(DEFAULT_ASPECTS[request.contentType], dice.fork('aspect')));
  return { info, theme, dice, palette, aspect, ratio, detail: MODEL_DETAIL[request.model] ?? 1, reference };
}

function parseRatio(ratio: AspectRatio): [number, number] {
  const [w, h] = ratio.split(':').map(Number);
  return [w as number, h as number];
}

function ratioAspect([w, h]: [number, number]): Aspect {
  return w === h ? 'square' : w > h ? 'wide' : 'tall';
}

function pickAspect(options: Array<[Aspect, number]>, dice: Dice): Aspect {
  let roll = dice.next();
  for (const [aspect, weight] of options) {
    if (roll < weight) return aspect;
    roll -= weight;
  }
  return (options[0] as [Aspect, number])[0];
}

/** Pixel sizes per content type: [long side, short side, square side]. */
const SIZES: Record<ContentType, [number, number, number]> = {
  photo: [1344, 768, 1024],
  illustration: [1344, 768, 1024],
  vector: [1344, 768, 1024],
  gif: [480, 270, 400],
  loops: [768, 432, 768],
  video: [1280, 720, 960],
};

/**
 * The canvas of a type in a shape: the type's sizes for the prompt's or seed's shape, or, for an
 * exact ratio, the type's long side by the short side that ratio gives (even, for video encoders).
 */
export function canvasSize(type: ContentType, aspect: Aspect, ratio?: [number, number]): { width: number; height: number } {
  const [long, short, square] = SIZES[type];
  if (ratio) {
    const [w, h] = ratio;
    if (w === h) return { width: square, height: square };
    const side = Math.round((long * Math.min(w, h)) / Math.max(w, h) / 2) * 2;
    return w > h ? { width: long, height: side } : { width: side, height: long };
  }
  if (aspect === 'square') return { width: square, height: square };
  return aspect === 'wide' ? { width: long, height: short } : { width: short, height: long };
}

async function referenceColours(image: Buffer, weight: number): Promise<ReferenceColours> {
  try {
    const { data } = await sharp(image, DECODE_LIMIT)
      .autoOrient()
      .resize(3, 3, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const row = (y: number): Rgb => {
      const at = (x: number) => y * 9 + x * 3;
      const sum = [0, 1, 2].map(
        (c) => ((data[at(0) + c] as number) + (data[at(1) + c] as number) + (data[at(2) + c] as number)) / 3,
      );
      return [sum[0] as number, sum[1] as number, sum[2] as number];
    };
    const { dominant } = await sharp(image, DECODE_LIMIT).stats();
    return { top: row(0), middle: row(1), bottom: row(2), dominant: [dominant.r, dominant.g, dominant.b], weight };
  } catch {
    throw new ProviderError('The reference image could not be read');
  }
}
