import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ContentSkeleton } from '../features/content';
import { HomeHero } from './parts/home-hero';
import { PageHeader } from './parts/page-header';
import { PRICING_INTRO } from './parts/page-intros';

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

/** Each route's markup, keyed by its path. */
export function renderPageShells(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PAGE_SHELLS).map(([path, shell]) => [
      path,
      // React puts a preload link for a high-priority picture ahead of the markup; the page's head
      // already has one (the server's), and the shell goes in the body.
      renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{shell()}</MemoryRouter>).replace(
        /^(<link [^>]*>)+/,
        '',
      ),
    ]),
  );
}
