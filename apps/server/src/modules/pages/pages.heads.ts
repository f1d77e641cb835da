import { GALLERY_FIRST_REQUESTS, SITE_NAME, findSitePage, titleFromPath } from '@atelier/shared';
import type { PublicReadCache } from '../../platform/cache/public-reads.js';
import type { Db } from '../../platform/db/db.js';
import type { PageHead, ResolvedPage } from '../../platform/http/web-app.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findSharedContent, hasPublicMedia, type ContentRow } from '../content/index.js';
import { findProfilePreview } from '../users/index.js';

/**
 * The head of each page of the web app, which the server puts in the HTML it sends: title,
 * description, canonical path and share image, so a shared link previews as what it points at and
 * crawlers that run no script see the page's own words. Pages come from the one list in
 * packages/shared (SITE_PAGES); an item and a profile are read through the content and users faces,
 * by their visibility rules, as a signed-out visitor sees them.
 */

const DEFAULT_TITLE = 'Atelier — create with AI';
const DEFAULT_DESCRIPTION =
  'Generate photos, videos, loops, illustrations, GIFs and vectors from a prompt, and share them with a community of creators.';
const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
/** The derived sizes the renderers write (fit inside, never enlarged). */
const PREVIEW_SIZE = 768;
const THUMBNAIL_SIZE = 320;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface HeadDeps {
  db: Db;
  storage: Pick<Storage, 'url'>;
}

const formatTitle = (title: string) => (title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const siteImage = { url: OG_IMAGE.path, width: OG_IMAGE.width, height: OG_IMAGE.height };

/** A page that needs no lookup: its title, the site's description and share image. */
function genericHead(pathname: string, title: string, noindex = false): PageHead {
  return {
    title: formatTitle(title),
    description: DEFAULT_DESCRIPTION,
    path: pathname,
    image: siteImage,
    type: 'website',
    noindex,
  };
}

/** Fits width × height inside a square of `size`, never enlarging (as the renderers do). */
function fitInside(
  width: number | null,
  height: number | null,
  size: number,
): { width: number | null; height: number | null } {
  if (!width || !height) return { width: null, height: null };
  const scale = Math.min(1, size / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The head of /content/:id when a signed-out visitor may open the item (content's `preview` scope), else null. */
async function contentHead(deps: HeadDeps, id: string, pathname: string): Promise<PageHead | null> {
  if (!UUID.test(id)) return null;
  const found = await findSharedContent(deps.db, id);
  if (!found) return null;
  const { row, ownerName } = found;
  // The item's own picture: a video's poster, else the preview (768 px), else the thumbnail (320 px).
  let image: PageHead['image'] = siteImage;
  if (row.status === 'ready') {
    if (row.posterKey) image = { url: deps.storage.url(row.posterKey), width: row.width, height: row.height };
    else if (row.previewKey)
      image = { url: deps.storage.url(row.previewKey), ...fitInside(row.width, row.height, PREVIEW_SIZE) };
    else if (row.thumbnailKey)
      image = { url: deps.storage.url(row.thumbnailKey), ...fitInside(row.width, row.height, THUMBNAIL_SIZE) };
  }
  const byline = `by ${ownerName}`;
  const shown = row.status === 'ready' && hasPublicMedia(row) ? shownPicture(row) : null;
  const about = row.description?.trim() || row.prompt.trim();
  return {
    title: formatTitle(`${row.title} ${byline}`),
    description: clip(`${row.title}, ${byline} on ${SITE_NAME}. ${about}`, 200),
    path: pathname,
    image: { ...image, alt: row.title },
    type: 'article',
    ...(row.width && row.height ? { mediaAspect: `${row.width}/${row.height}` } : {}),
    ...(shown ? { preloadImage: deps.storage.url(shown) } : {}),
    initialReplies: [`/content/${id}`],
    // The loading frame with the picture in it, at the item's shape: the picture paints before the app runs.
    ...(shown && row.width && row.height
      ? {
          shell: {
            route: '/content/:id',
            slots: { __MEDIA_ASPECT__: `${row.width} / ${row.height}`, __MEDIA_PICTURE__: deps.storage.url(shown) },
          },
        }
      : {}),
  };
}

/**
 * The file the content page draws as its main picture (apps/web/src/features/content/components/
 * content-media.tsx): a video's poster, the SVG or GIF itself, else the preview. A loop is a
 * playing video, with no picture to fetch ahead.
 */
function shownPicture(row: ContentRow): string | null {
  switch (row.contentType) {
    case 'video':
      return row.posterKey;
    case 'loops':
      return null;
    case 'vector':
    case 'gif':
      return row.mediaKey;
    default:
      return row.previewKey ?? row.mediaKey;
  }
}

/** The head of /u/:username when the profile shows (the users module's profile rule), else null. */
async function profileHead(deps: HeadDeps, username: string, pathname: string): Promise<PageHead | null> {
  let name = username;
  try {
    name = decodeURIComponent(username);
  } catch {
    return null;
  }
  if (name.length > 100) return null;
  const person = await findProfilePreview(deps.db, name);
  if (!person) return null;
  // A private profile shows only its name, username and avatar to others; so does its preview.
  const bio = person.bio?.trim();
  return {
    title: formatTitle(`${person.fullName} (@${person.username})`),
    description: clip(
      bio || `${person.fullName} creates with AI on ${SITE_NAME}. See their gallery and collections.`,
      200,
    ),
    path: pathname,
    image: person.avatar ? { url: person.avatar, width: null, height: null, alt: person.fullName } : siteImage,
    type: 'profile',
  };
}

/** The head and status of the page at `pathname` (no query), read from the database for an item or a profile. */
export async function resolvePage(deps: HeadDeps, pathname: string): Promise<ResolvedPage> {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = findSitePage(clean);
  if (!page) return { status: 404, head: genericHead(clean, titleFromPath(clean), true) };
  if (page.head === 'content') {
    const head = await contentHead(deps, clean.split('/')[2]!, clean);
    return head ? { status: 200, head } : { status: 404, head: genericHead(clean, 'Content not found', true) };
  }
  if (page.head === 'profile') {
    const head = await profileHead(deps, clean.split('/')[2]!, clean);
    return head ? { status: 200, head } : { status: 404, head: genericHead(clean, 'Profile not found', true) };
  }
  const head = genericHead(clean, page.title ?? SITE_NAME, page.private === true);
  if (clean === '/') head.title = DEFAULT_TITLE;
  if (clean === '/gallery') {
    head.initialReplies = [...GALLERY_FIRST_REQUESTS];
    head.tilePreloads = { reply: GALLERY_FIRST_REQUESTS[1]!, count: 2 };
    head.drawsGalleryFromReplies = true;
  }
  return { status: 200, head };
}

/**
 * resolvePage through the public-read cache (issue 30): a public page's head is kept as its JSON
 * beside the API's public replies, and emptied with them on every process when a write changes what
 * they show (an item's text or privacy, a profile edit, a suspension: migrations/0035's NOTIFY). The
 * generation is taken before the read, so a read that raced a write never stores the old head.
 * With REDIS_URL, a head one process read is kept in the shared level too, as the API's replies are.
 * Kept: items, profiles and the fixed pages. Not kept: a 404 (an account made later must show at
 * once, and no write of a new account is a public-read change) and a route with a parameter that
 * needs no lookup (any value answers, so its keys have no end).
 */
export function cachedPageHeads(
  deps: HeadDeps,
  cache: PublicReadCache,
  resolve: typeof resolvePage = resolvePage,
): (pathname: string) => Promise<ResolvedPage> {
  return async (pathname) => {
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const key = `page ${clean}`;
    const hit = cache.get(key);
    if (hit) return JSON.parse(hit.body) as ResolvedPage;
    const found = findSitePage(clean);
    const kept = found && (found.head !== undefined || found.path === clean);
    if (!kept) return resolve(deps, clean);
    // Another process may have read it (the shared level, with REDIS_URL); the ticket is taken before the read.
    const { hit: shared, ticket } = await cache.lookup(key);
    if (shared) return JSON.parse(shared.body) as ResolvedPage;
    const page = await resolve(deps, clean);
    if (page.status === 200) cache.fill(key, JSON.stringify(page), ticket);
    return page;
  };
}
