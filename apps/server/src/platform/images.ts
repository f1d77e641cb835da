import { LIMITS, MSG } from '@atelier/shared';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from './http/errors.js';

/**
 * The one pixel limit for every image the server decodes. Pass these options to every `sharp(…)`
 * that decodes an image from outside: the decoder itself refuses more pixels than this, whatever
 * path the image took.
 */
export const DECODE_LIMIT = { limitInputPixels: LIMITS.imageMaxPixels } as const;

/**
 * Refuses an image of more than LIMITS.imageMaxPixels with a 400 before any pixel is decoded: only
 * the header is read (a small file can claim 16,000 × 16,000 pixels and cost gigabytes to render).
 * Every frame of an animation counts. Bytes that are not an image pass here; the caller's own
 * type check refuses them.
 */
export async function assertImagePixels(data: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return;
  }
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.max(1, meta.pages ?? 1);
  if (width * frameHeight * frames > LIMITS.imageMaxPixels) throw badRequest(MSG.validation.imageTooManyPixels);
}

/** The tile still fits inside this many pixels: a 320-CSS-pixel tile on a 2× screen. */
export const TILE_SIZE = 640;
/** The thumbnail every item has; a tile no larger than it is not worth a file. */
const THUMBNAIL_SIZE = 320;

/**
 * A WebP still that fits inside TILE_SIZE, from the first frame of a still or animated image (a
 * poster, a preview, an original picture or SVG), for gallery tiles on 2× screens. Null when the
 * bytes are no picture (a video) or too small to be sharper than the thumbnail.
 */
export async function tileStill(data: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(data, { ...DECODE_LIMIT, pages: 1 });
    const meta = await image.metadata();
    const longSide = Math.max(meta.width ?? 0, meta.pageHeight ?? meta.height ?? 0);
    if (longSide <= THUMBNAIL_SIZE) return null;
    return await image
      .resize(TILE_SIZE, TILE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The blurred cover behind a mature item's gate is this many pixels on its long side: a wash of colour, not a picture. */
export const BLURRED_COVER_SIZE = 24;

/**
 * A tiny, blurred WebP of a still (a thumbnail) for the gate in front of a mature item: enough to
 * hint at its colours behind the notice, too small and soft to show what it is. Null when the bytes
 * are no picture.
 */
export async function blurredCover(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { ...DECODE_LIMIT, pages: 1 })
      .resize(BLURRED_COVER_SIZE, BLURRED_COVER_SIZE, { fit: 'inside' })
      .blur(1.5)
      .webp({ quality: 40 })
      .toBuffer();
  } catch {
    return null;
  }
}
