import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import {
  FIRST_SCREEN_TILES,
  GALLERY_PAGE_SIZE,
  GALLERY_SHELL_KEYS,
  GALLERY_SHELL_SLOTS,
  type CategoryTreeNode,
  type Content,
  type GalleryShellTemplates,
} from '@atelier/shared';
import { makeStore } from './store';
import { ContentSkeleton, contentApi } from '../features/content';
import { GalleryPage } from '../pages/gallery-page';
import { HomeHero } from '../pages/parts/home-hero';
import { PageHeader } from '../pages/parts/page-header';
import { PRICING_INTRO } from '../pages/parts/page-intros';

/**
 * The first screen of pages whose top needs no data, drawn by the app's own components. The web
 * build renders them (src/build/page-shells.ts) to `dist/.vite/page-shells.json`, and the server
 * sends a page's markup in place of index.html's skeleton. The app keeps it on screen until the
 * page itself has arrived (app/server-shell.ts), then draws the same markup, so nothing moves.
 * Never part of the app's bundle: only the build loads this file.
 */
export const PAGE_SHELLS: Readonly<Record<string, () => ReactElement>> = {
  '/': () => <HomeHero />,
  '/pricing': () => <PageHeader {...PRICING_INTRO} />,
  // A template: the server fills in the item's shape and main picture (CONTENT_SHELL_SLOTS).
  '/content/:id': () => <ContentSkeleton aspect={CONTENT_SHELL_SLOTS.aspect} picture={CONTENT_SHELL_SLOTS.picture} />,
};

/** What the server puts in the content page's template: the item's "width / height" and its picture's URL. */
export const CONTENT_SHELL_SLOTS = { aspect: '__MEDIA_ASPECT__', picture: '__MEDIA_PICTURE__' } as const;

// React puts a preload link for a high-priority picture ahead of the markup; the page's head
// already has one (the server's), and the shell goes in the body.
const withoutLeadingLinks = (markup: string) => markup.replace(/^(<link [^>]*>)+/, '');

/** Each route's markup, keyed by its path, and the gallery's templates (GALLERY_SHELL_KEYS). */
export function renderPageShells(): Record<string, string> {
  const templates = renderGalleryTemplates();
  return {
    ...Object.fromEntries(
      Object.entries(PAGE_SHELLS).map(([path, shell]) => [
        path,
        withoutLeadingLinks(renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{shell()}</MemoryRouter>)),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(GALLERY_SHELL_KEYS).map(([part, key]) => [key, templates[part as keyof GalleryShellTemplates]]),
    ),
  };
}

/** A listed item whose shown values are the tile template's slots. */
function templateItem(id: string): Content {
  const slot = GALLERY_SHELL_SLOTS.tile;
  const ratio = Number(slot.ratio);
  return {
    id,
    title: slot.caption,
    description: null,
    prompt: 'template',
    model: 'template',
    contentType: 'photo',
    status: 'ready',
    progress: 100,
    isPrivate: false,
    seed: 0,
    strength: 0,
    width: Math.round(ratio * 10_000_000),
    height: 10_000_000,
    durationMs: null,
    mediaUrl: '/template.png',
    previewUrl: '/template-preview.webp',
    thumbnailUrl: '/template-thumb.webp',
    posterUrl: null,
    mimeType: 'image/png',
    cost: 0,
    charged: 0,
    refunded: 0,
    failureReason: null,
    parentId: null,
    editOperation: null,
    owner: { id: 'template', username: 'template', fullName: slot.owner, avatar: null },
    likeCount: Number(slot.likes),
    commentCount: 0,
    playCount: 0,
    isLiked: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    completedAt: '2026-01-01T00:00:00.000Z',
  } as Content;
}

function only(markup: string, pattern: RegExp, what: string): string {
  const found = markup.match(pattern);
  if (!found || found.length !== 1) throw new Error(`the gallery template has ${found?.length ?? 0} ${what}, not one`);
  return found[0];
}

/**
 * The gallery page as it first draws for a signed-out visitor, around template items and a
 * one-category tree, cut into the templates the server fills (gallery-shell.ts in the shared
 * package). The first tile stands for the first screen's, the last for a later one's.
 */
export function renderGalleryTemplates(): GalleryShellTemplates {
  const slot = GALLERY_SHELL_SLOTS;
  const lazyId = `${slot.tile.id}LAZY`;
  const items = [
    templateItem(slot.tile.id),
    ...Array.from({ length: FIRST_SCREEN_TILES - 1 }, (_, i) => templateItem(`first-${i}`)),
    templateItem(lazyId),
  ];
  const tree = [{ id: 'template-category', name: '__CATEGORY__', children: [] }] as unknown as CategoryTreeNode[];
  const store = makeStore({ theme: { theme: 'light' } });
  store.dispatch(
    contentApi.util.upsertQueryEntries([
      {
        endpointName: 'listContent',
        arg: { type: undefined, sort: 'newest', pageSize: GALLERY_PAGE_SIZE, cursor: undefined },
        value: {
          data: items,
          nextCursor: 'template',
          pagination: { page: 1, pageSize: GALLERY_PAGE_SIZE, total: 100, totalPages: 5 },
        },
      },
      { endpointName: 'categoryTree', arg: undefined, value: tree },
    ]),
  );
  const page = withoutLeadingLinks(
    renderToStaticMarkup(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/gallery']}>
          <GalleryPage />
        </MemoryRouter>
      </Provider>,
    ),
  );
  const tiles = page.match(/<li class="content-card"[\s\S]*?<\/li>/g) ?? [];
  if (tiles.length !== items.length)
    throw new Error(`the gallery template drew ${tiles.length} tiles, not ${items.length}`);
  // The tile's picture and type are the server's to write (they depend on the item's type and files).
  const picture = (tile: string) =>
    tile
      .replace(/<img [^>]*\/>/, slot.tile.picture)
      .replace(
        '<span class="content-card__type">Photo</span>',
        `<span class="content-card__type">${slot.tile.type}</span>`,
      );
  const more = only(page, /<div class="content-grid__more">[\s\S]*?<\/div>/g, '"Load more" rows');
  const categories = only(
    page,
    /<ul class="list-reset"><li><button type="button">__CATEGORY__<\/button><\/li><\/ul>/g,
    'category lists',
  );
  const first = page.indexOf(tiles[0]!);
  const last = page.indexOf(tiles[tiles.length - 1]!) + tiles[tiles.length - 1]!.length;
  return {
    page: `${page.slice(0, first)}${slot.tiles}${page.slice(last)}`
      .replace(more, slot.more)
      .replace(categories, slot.categories),
    tile: picture(tiles[0]!),
    lazyTile: picture(tiles[tiles.length - 1]!)
      .split(lazyId)
      .join(slot.tile.id),
    more,
  };
}
