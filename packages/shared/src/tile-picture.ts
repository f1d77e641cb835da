import type { ContentType } from './catalogue.js';

/**
 * The derived stills the server writes, each fitting inside its size and never enlarged: the
 * thumbnail (320 px, every item), the tile (640 px, items made since migrations/0037) and a still's
 * preview (768 px).
 */
const THUMBNAIL_SIZE = 320;
const TILE_SIZE = 640;
const PREVIEW_SIZE = 768;
/** The justified wall's row height on a wide screen (content.css); a row grows to fill its width. */
const WALL_ROW_HEIGHT = 220;
/** How much a tile may grow past its basis to fill a row: enough for the wide rows people see. */
const WALL_ROW_GROWTH = 1.6;

/**
 * The drawn width of a tile, for `sizes`: half the screen on a phone (the two-column grid), and on
 * a wider screen its ratio times the row height, grown to fill the row.
 */
export function tileSizes(ratio: number): string {
  return `(max-width: 719px) calc(50vw - 1.5rem), ${Math.round(ratio * WALL_ROW_HEIGHT * WALL_ROW_GROWTH)}px`;
}

const STILL_IMAGE = /\.(webp|png|jpe?g|avif)$/i;

export interface TilePictureSource {
  contentType: ContentType;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  posterUrl: string | null;
  mediaUrl: string | null;
  /** Optional: items made before it, and older replies, have none. */
  tileUrl?: string | null;
}

/**
 * The picture a gallery tile shows at rest: its file, and every still the server made as width
 * candidates (thumbnail, tile, a still's preview), so a tile gets the smallest that is sharp at its
 * drawn width on this screen, 2× included. The web app draws it, and the server names the first
 * tiles' pictures in the gallery's HTML; both use this.
 */
export function tilePicture(c: TilePictureSource): { src: string; srcSet?: string; sizes?: string } | null {
  const src = c.thumbnailUrl ?? c.tileUrl ?? c.previewUrl ?? c.posterUrl ?? c.mediaUrl;
  if (!src) return null;
  const srcSet = stillSrcSet(c);
  return srcSet ? { src, srcSet, sizes: tileSizes(tileRatioOf(c)) } : { src };
}

function tileRatioOf(c: { width: number | null; height: number | null }): number {
  if (!c.width || !c.height) return 1;
  return Math.min(2.4, Math.max(0.5, c.width / c.height));
}

function stillSrcSet(c: TilePictureSource): string | undefined {
  if (!c.thumbnailUrl || !c.width || !c.height) return undefined;
  const widthInside = (size: number) => Math.round(c.width! * Math.min(1, size / Math.max(c.width!, c.height!)));
  const candidates: { url: string; width: number }[] = [{ url: c.thumbnailUrl, width: widthInside(THUMBNAIL_SIZE) }];
  if (c.tileUrl && c.tileUrl !== c.thumbnailUrl) candidates.push({ url: c.tileUrl, width: widthInside(TILE_SIZE) });
  // A video's, loop's or GIF's preview moves (it plays on hover): only a still can stand in the srcset.
  const moves = c.contentType === 'video' || c.contentType === 'loops' || c.contentType === 'gif';
  if (!moves && c.previewUrl && c.previewUrl !== c.thumbnailUrl && STILL_IMAGE.test(c.previewUrl.split('?')[0] ?? '')) {
    candidates.push({ url: c.previewUrl, width: widthInside(PREVIEW_SIZE) });
  }
  // One candidate per width, each larger than the last; nothing to choose from is no srcset.
  const distinct = candidates.filter((cand, i) => i === 0 || cand.width > candidates[i - 1]!.width);
  return distinct.length > 1 ? distinct.map((cand) => `${cand.url} ${cand.width}w`).join(', ') : undefined;
}
