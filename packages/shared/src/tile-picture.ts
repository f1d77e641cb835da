import type { ContentType } from './catalogue.js';

/** The derived stills the server writes: fit inside 320 px (thumbnail) and 768 px (preview), never enlarged. */
const THUMBNAIL_SIZE = 320;
const PREVIEW_SIZE = 768;
/** A tile is at least 220 px wide and one column on a phone (the web app's .content-grid). */
export const TILE_SIZES = '(max-width: 520px) calc(100vw - 2rem), 320px';

const STILL_IMAGE = /\.(webp|png|jpe?g|avif)$/i;

export interface TilePictureSource {
  contentType: ContentType;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  posterUrl: string | null;
  mediaUrl: string | null;
}

/**
 * The picture a gallery tile shows at rest: its file, and the thumbnail and preview as width
 * candidates when both are stills, so a tile gets the smaller one that is sharp enough. The web
 * app draws it, and the server names the first tiles' pictures in the gallery's HTML; both use this.
 */
export function tilePicture(c: TilePictureSource): { src: string; srcSet?: string; sizes?: string } | null {
  const src = c.thumbnailUrl ?? c.previewUrl ?? c.posterUrl ?? c.mediaUrl;
  if (!src) return null;
  const srcSet = stillSrcSet(c);
  return srcSet ? { src, srcSet, sizes: TILE_SIZES } : { src };
}

function stillSrcSet(c: TilePictureSource): string | undefined {
  if (!c.thumbnailUrl || !c.previewUrl || c.thumbnailUrl === c.previewUrl || !c.width || !c.height) return undefined;
  // A video's, loop's or GIF's preview moves (it plays on hover): only a still can stand in the srcset.
  const moves = c.contentType === 'video' || c.contentType === 'loops' || c.contentType === 'gif';
  if (moves || !STILL_IMAGE.test(c.previewUrl.split('?')[0] ?? '')) return undefined;
  const widthInside = (size: number) => Math.round(c.width! * Math.min(1, size / Math.max(c.width!, c.height!)));
  const thumb = widthInside(THUMBNAIL_SIZE);
  const preview = widthInside(PREVIEW_SIZE);
  return preview > thumb ? `${c.thumbnailUrl} ${thumb}w, ${c.previewUrl} ${preview}w` : undefined;
}
