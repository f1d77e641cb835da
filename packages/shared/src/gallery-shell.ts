import { CONTENT_TYPE_NAMES, contentCaption, type ContentType } from './catalogue.js';
import type { CategoryTreeNode } from './schemas/categories.js';
import { tilePicture, type TilePictureSource } from './tile-picture.js';

/*
 * The gallery's first screen in its HTML. The web build renders the gallery page with the app's own
 * components around template items (apps/web/src/app/page-shells.tsx); the server fills the
 * templates with the first list and category tree it already puts in the page, here, so the first
 * tiles' pictures paint before the app has run. A web test holds the result equal to what the page
 * draws from the same replies.
 */

/** Tiles a phone or a laptop shows before any scrolling: their pictures load at once. */
export const FIRST_SCREEN_TILES = 6;

/** Width over height, kept within bounds so a panorama or a tall strip does not take a whole row. */
export function tileRatio(c: { width: number | null; height: number | null }): number {
  if (!c.width || !c.height) return 1;
  return Math.min(2.4, Math.max(0.5, c.width / c.height));
}

/** What the templates hold in place of each value. */
export const GALLERY_SHELL_SLOTS = {
  tiles: '<!--gallery-tiles-->',
  more: '<!--gallery-more-->',
  categories: '<!--gallery-categories-->',
  tile: {
    id: '__TILE_ID__',
    caption: '__TILE_CAPTION__',
    owner: '__TILE_OWNER__',
    type: '__TILE_TYPE__',
    picture: '<!--tile-picture-->',
    // Numbers the template item carries; they appear nowhere else in a tile.
    likes: '987654321',
    ratio: '1.2345678',
  },
} as const;

/** Any of a tile template's slots (made on first use: the web app's bundle takes only tileRatio from here). */
let tileSlot: RegExp | null = null;
const anyTileSlot = () =>
  (tileSlot ??= new RegExp(
    Object.values(GALLERY_SHELL_SLOTS.tile)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  ));

/** The gallery page's templates (in page-shells.json under GALLERY_SHELL_KEYS). */
export interface GalleryShellTemplates {
  /** The page, with the tiles, "Load more" and the category list as slots. */
  page: string;
  /** A tile of the first screen (picture fetched at once) and a later one. */
  tile: string;
  lazyTile: string;
  /** The "Load more" row, shown when there is a next page. */
  more: string;
}

/** Where page-shells.json keeps each template (not paths: no page takes them as its shell as they are). */
export const GALLERY_SHELL_KEYS: Record<keyof GalleryShellTemplates, string> = {
  page: 'gallery:page',
  tile: 'gallery:tile',
  lazyTile: 'gallery:lazy-tile',
  more: 'gallery:more',
};

/** What a tile shows of a listed item. */
export interface ShellTile extends TilePictureSource {
  id: string;
  title: string;
  prompt: string | null;
  contentType: ContentType;
  likeCount: number;
  owner: { username: string; fullName: string | null };
}

/** Text escaped as React writes it in markup. */
export function escapeMarkup(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
}

function pictureMarkup(item: ShellTile, caption: string, isFirstScreen: boolean): string {
  const picture = tilePicture(item);
  if (!picture) return '<span class="content-card__blank"></span>';
  const attrs = [
    `src="${escapeMarkup(picture.src)}"`,
    ...(picture.srcSet ? [`srcSet="${escapeMarkup(picture.srcSet)}"`] : []),
    ...(picture.sizes ? [`sizes="${escapeMarkup(picture.sizes)}"`] : []),
    `alt="${escapeMarkup(caption)}"`,
    `loading="${isFirstScreen ? 'eager' : 'lazy'}"`,
    ...(isFirstScreen ? ['fetchPriority="high"'] : []),
    'decoding="async"',
  ];
  return `<img ${attrs.join(' ')}/>`;
}

function tileMarkup(templates: GalleryShellTemplates, item: ShellTile, index: number): string {
  const slot = GALLERY_SHELL_SLOTS.tile;
  const isFirstScreen = index < FIRST_SCREEN_TILES;
  const caption = contentCaption(item);
  const values: Record<string, string> = {
    [slot.picture]: pictureMarkup(item, caption, isFirstScreen),
    [slot.id]: escapeMarkup(item.id),
    [slot.caption]: escapeMarkup(caption),
    [slot.owner]: escapeMarkup(item.owner.fullName || item.owner.username),
    [slot.type]: escapeMarkup(CONTENT_TYPE_NAMES[item.contentType]),
    [slot.likes]: String(item.likeCount),
    [slot.ratio]: String(tileRatio(item)),
  };
  // One pass over the template: what is put in is never read for slots again.
  return (isFirstScreen ? templates.tile : templates.lazyTile).replace(anyTileSlot(), (found) => values[found]!);
}

/** The category tree as the gallery's category list draws it. */
function categoryList(nodes: CategoryTreeNode[]): string {
  const items = nodes.map(
    (n) =>
      `<li><button type="button">${escapeMarkup(n.name)}</button>${n.children.length > 0 ? categoryList(n.children) : ''}</li>`,
  );
  return `<ul class="list-reset">${items.join('')}</ul>`;
}

/**
 * The gallery's first screen for its first list and category tree, or null when the page would
 * draw something else first (no items, or no categories: another layout).
 */
export function galleryShell(
  templates: GalleryShellTemplates,
  list: { data: ShellTile[]; nextCursor: string | null },
  tree: CategoryTreeNode[],
): string | null {
  if (list.data.length === 0 || tree.length === 0) return null;
  return templates.page
    .replace(GALLERY_SHELL_SLOTS.tiles, () => list.data.map((item, i) => tileMarkup(templates, item, i)).join(''))
    .replace(GALLERY_SHELL_SLOTS.more, () => (list.nextCursor !== null ? templates.more : ''))
    .replace(GALLERY_SHELL_SLOTS.categories, () => categoryList(tree));
}
