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
