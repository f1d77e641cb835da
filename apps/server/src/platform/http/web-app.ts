import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  API_BASE,
  GALLERY_FIRST_REQUESTS,
  GALLERY_SHELL_KEYS,
  SITE_NAME,
  galleryShell,
  tilePicture,
  type CategoryTreeNode,
  type GalleryShellTemplates,
  type ShellTile,
  type TilePictureSource,
} from '@atelier/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { notFoundReply } from './error-handler.js';

/**
 * The built web app, served with its HTML filled in per route on the server: the page's head (from
 * the resolver app.ts hands in: modules/pages), its route's stylesheets and modules, the first
 * screen the build rendered, the signed-out replies it draws from, and the boot script that starts
 * the app after the first paint (allowed by its hash in the CSP). Unknown routes and private or
 * missing items answer 404 (the app still loads and shows its not-found page). Also the static
 * files of the build.
 */

/** JSON to put inside a <script> element: `<` is escaped, so nothing in it can close the element. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface PageHead {
  title: string;
  description: string;
  /** Path of the page (no query); made absolute with PUBLIC_URL. */
  path: string;
  image: { url: string; width: number | null; height: number | null; alt?: string };
  type: 'website' | 'article' | 'profile';
  noindex?: boolean;
  /** The item's width/height, so the page can reserve its media area before the data arrives. */
  mediaAspect?: string;
  /** The picture the page shows largest (its LCP), fetched at once instead of after the app's data. */
  preloadImage?: string;
  /**
   * API paths (under /api/v1, with the query as the app sends it) whose signed-out replies the page's first screen draws: they
   * go in the HTML, so a visitor's app draws the page without waiting for them (apps/web/src/app/initial-replies.ts).
   */
  initialReplies?: string[];
  /** Of those, the list whose first tiles' pictures the page fetches at once (the gallery's first screen). */
  tilePreloads?: { reply: string; count: number };
  /** The gallery's first screen is drawn from its initial replies (galleryFirstScreen). */
  drawsGalleryFromReplies?: true;
  /**
   * The first screen the build rendered for a page with a parameter: its route (a key of
   * page-shells.json) and the values of its `__SLOT__`s (apps/web/src/app/page-shells.tsx).
   */
  shell?: { route: string; slots: Record<string, string> };
}

/** A page's status (200, or 404 for a missing item, profile or route) and its head. */
export interface ResolvedPage {
  status: number;
  head: PageHead;
}

const OG_IMAGE_PATH = '/og-image.png';

function absolute(base: string, url: string): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return new URL(OG_IMAGE_PATH, base).toString();
  }
}

/** The tags that go between the page-meta markers of index.html. Every value is escaped. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const canonical = absolute(publicUrl, head.path);
  const image = absolute(publicUrl, head.image.url);
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    head.noindex ? `<meta name="robots" content="noindex" />` : null,
    head.mediaAspect ? `<meta name="media-aspect-ratio" content="${escapeHtml(head.mediaAspect)}" />` : null,
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`
      : null,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    head.image.width ? `<meta property="og:image:width" content="${head.image.width}" />` : null,
    head.image.height ? `<meta property="og:image:height" content="${head.image.height}" />` : null,
    head.image.alt ? `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />` : null,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  return lines.filter(Boolean).join('\n    ');
}

interface InitialReply {
  url: string;
  body: unknown;
}

/** The signed-out replies of `paths` that answered 200, asked of the app's own routes (so they are exactly what the API sends). */
async function askInitialReplies(app: FastifyInstance, paths: string[]): Promise<InitialReply[]> {
  const list: InitialReply[] = [];
  for (const url of paths) {
    const res = await app.inject({ method: 'GET', url: `${API_BASE}${url}` });
    if (res.statusCode === 200) list.push({ url, body: JSON.parse(res.payload) as unknown });
  }
  return list;
}

/** The replies as a JSON data block for the page. */
function initialRepliesBlock(list: InitialReply[]): string {
  return `<script type="application/json" id="initial-replies">${jsonInScript(list)}</script>`;
}

/**
 * Preloads of the pictures of a list's first tiles, with the srcset and sizes the tiles draw them
 * with (tilePicture, shared with the web app), so the browser fetches the same file it will show.
 */
function tilePreloadTags(list: InitialReply[], want: NonNullable<PageHead['tilePreloads']>): string {
  const items = (list.find((r) => r.url === want.reply)?.body as { data?: TilePictureSource[] } | undefined)?.data;
  return (items ?? [])
    .slice(0, want.count)
    .map((item) => tilePicture(item))
    .filter((p) => p !== null)
    .map((p) =>
      [
        `<link rel="preload" as="image" href="${escapeHtml(p.src)}"`,
        p.srcSet ? ` imagesrcset="${escapeHtml(p.srcSet)}" imagesizes="${escapeHtml(p.sizes ?? '')}"` : '',
        ' fetchpriority="high" />',
      ].join(''),
    )
    .join('\n    ');
}

/**
 * The page's first screen from the build: a fixed one by its path, or a route's template with its
 * slots filled in (escaped). A template whose slots are not all known is not used.
 */
function pageShell(web: Pick<WebApp, 'pageShells'>, head: PageHead): string | undefined {
  const key = head.shell?.route ?? head.path;
  if (!Object.hasOwn(web.pageShells, key)) return undefined;
  let markup = web.pageShells[key]!;
  for (const [slot, value] of Object.entries(head.shell?.slots ?? {}))
    markup = markup.split(slot).join(escapeHtml(value));
  return /__[A-Z_]+__/.test(markup) ? undefined : markup;
}

const SHELL_START = '<!--page-shell-->';
const SHELL_END = '<!--/page-shell-->';

/** index.html with `markup` in place of the skeleton between the page-shell markers (unchanged without them). */
function withPageShell(html: string, markup: string): string {
  const start = html.indexOf(SHELL_START);
  const end = html.indexOf(SHELL_END);
  if (start < 0 || end < start) return html;
  return `${html.slice(0, start + SHELL_START.length)}${markup}${html.slice(end)}`;
}

const HEAD_START = '<!--page-meta-->';
const HEAD_END = '<!--/page-meta-->';

export interface WebApp {
  dir: string;
  /** index.html around the page-meta block. */
  before: string;
  after: string;
  /** CSP sources ('sha256-…') of the inline scripts the served HTML carries. */
  scriptHashes: string[];
  /** Per route of the app, the tags naming the files its page needs beyond the entry. */
  routePreloads: RoutePreloadTags[];
  /** Per path, the markup of the page's first screen drawn by the app's components at build time. */
  pageShells: Record<string, string>;
  /** The app's entry script and the modules it imports, taken out of index.html (see bootBlock). */
  entry: { src: string; imports: string[] } | null;
}

interface RoutePreloadTags {
  /** The route's path split at '/': a ':name' segment matches any one segment. */
  segments: string[];
  /** Its stylesheets, inline (see inlineStylesheet). */
  tags: string;
  /** Its scripts beyond the entry's, fetched with the entry (see bootBlock). */
  js: string[];
}

/**
 * A stylesheet of the build, in the page itself: a phone paints the page's HTML without first
 * fetching its stylesheets (a round trip each, queued behind the scripts on an HTTP/1.1
 * connection). The link stays, `disabled` so it is never fetched: the app's chunk loader finds it
 * and does not load that file again. Files that are missing keep their plain link.
 */
function inlineStylesheet(dir: string, href: string): string | null {
  const file = path.join(dir, href.replace(/^\/+/, ''));
  if (!/^\/assets\/[\w.-]+\.css$/.test(href) || !fs.existsSync(file)) return null;
  // "</style" cannot occur in CSS outside a string; escaped anyway, so the element cannot end early.
  const css = fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="${escapeHtml(href)}" disabled />`;
}

/** index.html with each of its stylesheet links of the build replaced by the stylesheet itself. */
function inlineStylesheets(dir: string, html: string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="([^"]+)"\s*\/?>/g,
    (link, href: string) => inlineStylesheet(dir, href) ?? link,
  );
}

/**
 * Reads the build's table of each route's page files (written by the web build, see
 * apps/web/src/build/route-preloads.ts). Static routes come first, so '/jobs/new' wins over '/jobs/:id'.
 */
function readRoutePreloads(dir: string): RoutePreloadTags[] {
  const file = path.join(dir, '.vite/route-preloads.json');
  if (!fs.existsSync(file)) return [];
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as { path: string; js: string[]; css: string[] }[];
  const params = (segments: string[]) => segments.filter((s) => s.startsWith(':')).length;
  return table
    .map((route) => ({
      segments: route.path.split('/').slice(1),
      tags: route.css
        .map((f) => inlineStylesheet(dir, `/${f}`) ?? `<link rel="stylesheet" crossorigin href="/${escapeHtml(f)}" />`)
        .join('\n    '),
      js: route.js.map((f) => `/${f}`),
    }))
    .sort((a, b) => params(a.segments) - params(b.segments));
}

/** The route `pathname` belongs to, with its stylesheet tags and scripts (none when no route matches). */
export function routePreloadTags(web: Pick<WebApp, 'routePreloads'>, pathname: string): { tags: string; js: string[] } {
  const segments = pathname.split('/').slice(1);
  const route = web.routePreloads.find(
    (r) =>
      r.segments.length === segments.length &&
      r.segments.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i])),
  );
  return { tags: route?.tags ?? '', js: route?.js ?? [] };
}

/** The gallery page's first screen from its first replies (GALLERY_FIRST_REQUESTS), or null. */
function galleryFirstScreen(web: Pick<WebApp, 'pageShells'>, replies: InitialReply[]): string | null {
  const parts = Object.entries(GALLERY_SHELL_KEYS).map(([part, key]) => [part, web.pageShells[key]] as const);
  // A build without the gallery's templates (or an older one) keeps the skeleton.
  if (parts.some(([, template]) => template === undefined)) return null;
  const templates = Object.fromEntries(parts) as unknown as GalleryShellTemplates;
  const [treeUrl, listUrl] = GALLERY_FIRST_REQUESTS;
  const tree = (replies.find((r) => r.url === treeUrl)?.body as { data: CategoryTreeNode[] } | undefined)?.data;
  const list = replies.find((r) => r.url === listUrl)?.body as { data: ShellTile[]; nextCursor: string | null } | undefined;
  if (!tree || !list) return null;
  return galleryShell(templates, list, tree);
}

/**
 * Reads the first screens the web build rendered (apps/web/src/build/page-shells.ts): pages whose
 * top needs no data show it from their HTML, before the app has run.
 */
function readPageShells(dir: string): Record<string, string> {
  const file = path.join(dir, '.vite/page-shells.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * Starts the app after the first paint: adds the entry script and the modulepreloads named in the
 * page's `#app-boot` block. The page's HTML (its first screen, stylesheets and main picture) then
 * paints without sharing a phone's bandwidth with the scripts. A page in a background tab, which
 * paints nothing, starts at once.
 */
export const BOOT_SCRIPT = [
  '(function () {',
  "  var boot = JSON.parse(document.getElementById('app-boot').textContent);",
  '  var started = false;',
  '  function start() {',
  '    if (started) return;',
  '    started = true;',
  "    var script = document.createElement('script');",
  "    script.type = 'module';",
  "    script.crossOrigin = '';",
  '    script.src = boot.entry;',
  '    document.head.appendChild(script);',
  '    preload(0);',
  '  }',
  // A phone spends a few milliseconds on each modulepreload link it is given: one per task.
  '  function preload(i) {',
  '    if (i >= boot.imports.length) return;',
  "    var link = document.createElement('link');",
  "    link.rel = 'modulepreload';",
  "    link.crossOrigin = '';",
  '    link.href = boot.imports[i];',
  '    document.head.appendChild(link);',
  '    setTimeout(preload, 0, i + 1);',
  '  }',
  "  if (document.visibilityState === 'hidden') start();",
  '  else requestAnimationFrame(function () { setTimeout(start, 0); });',
  '  setTimeout(start, 1000);',
  '})();',
].join('\n');

/** index.html without its entry script and modulepreloads, and what they named. */
function takeEntry(html: string): { html: string; entry: WebApp['entry'] } {
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!script) return { html, entry: null };
  const imports: string[] = [];
  const rest = html
    .replace(script[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*/g, (_tag, href: string) => {
      imports.push(href);
      return '';
    });
  return { html: rest, entry: { src: script[1]!, imports } };
}

/** The page's boot block: the entry and every module to fetch with it (the entry's, then the route's), and BOOT_SCRIPT. */
function bootBlock(entry: NonNullable<WebApp['entry']>, routeJs: string[]): string {
  const json = jsonInScript({ entry: entry.src, imports: [...entry.imports, ...routeJs] });
  return `<script type="application/json" id="app-boot">${json}</script>\n    <script>${BOOT_SCRIPT}</script>`;
}

const hashOf = (script: string) => `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Reads the built index.html (with its head tags from configuration) and hashes its inline scripts. */
export function loadWebApp(dir: string, config: Pick<Config, 'ANALYTICS_ID' | 'SITE_VERIFICATION'>): WebApp {
  const built = takeEntry(
    inlineStylesheets(dir, withHeadTags(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), config)),
  );
  const html = built.html;
  const start = html.indexOf(HEAD_START);
  const end = html.indexOf(HEAD_END);
  if (start < 0 || end < start) throw new Error(`${dir}/index.html has no ${HEAD_START}…${HEAD_END} block`);
  const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => hashOf(m[1]!));
  if (built.entry) scriptHashes.push(hashOf(BOOT_SCRIPT));
  return {
    dir,
    before: html.slice(0, start + HEAD_START.length),
    after: html.slice(end),
    scriptHashes,
    routePreloads: readRoutePreloads(dir),
    pageShells: readPageShells(dir),
    entry: built.entry,
  };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The analytics tag and the site-verification meta come from configuration, in the served HTML. */
export function withHeadTags(html: string, config: Pick<Config, 'ANALYTICS_ID' | 'SITE_VERIFICATION'>): string {
  const tags: string[] = [];
  if (config.SITE_VERIFICATION) {
    tags.push(`<meta name="google-site-verification" content="${escapeAttr(config.SITE_VERIFICATION)}" />`);
  }
  if (config.ANALYTICS_ID) {
    // The id goes into a script as a JSON string: no quote or tag in it can end the string or the script.
    const id = escapeAttr(config.ANALYTICS_ID);
    const idJson = jsonInScript(config.ANALYTICS_ID);
    tags.push(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>`,
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${idJson});</script>`,
    );
  }
  return tags.length ? html.replace('</head>', `${tags.join('\n')}\n</head>`) : html;
}

/** Registers the static assets and the per-route HTML as the 404 handler; `resolvePage` gives each page's head. */
export async function registerWebApp(
  app: FastifyInstance,
  web: WebApp,
  deps: { publicUrl: string; resolvePage: (pathname: string) => Promise<ResolvedPage> },
): Promise<void> {
  const base = deps.publicUrl.replace(/\/+$/, '');
  await app.register(fastifyStatic, {
    root: web.dir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; the smallest the browser accepts is sent.
    preCompressed: true,
    // Hashed names never change content; everything else (favicon, share image) may.
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(web.dir, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
    cacheControl: false,
    allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.startsWith('/.vite'),
  });

  // Client-side routes get the app with their own head; API, media and asset paths keep the JSON 404.
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|media|socket\.io)(\/|$)/.test(url) &&
      !/\.[a-z0-9]+$/i.test(url);
    if (!isPage) return reply.status(404).send(notFoundReply(request.method, url));
    const { status, head } = await deps.resolvePage(url);
    // A page that is there names its own chunks, so they load beside the entry instead of after it.
    const route =
      status === 200 ? routePreloadTags(web, url.length > 1 ? url.replace(/\/+$/, '') : url) : { tags: '', js: [] };
    // They go last in the head: a page's stylesheets come after the entry's, as when the app loads them
    // itself; then the boot block, which starts the app (and the route's own modules) after the first paint.
    const headTags = [route.tags, web.entry ? bootBlock(web.entry, route.js) : ''].filter(Boolean).join('\n    ');
    const headEnd = headTags ? web.after.lastIndexOf('</head>') : -1;
    let after = headEnd < 0 ? web.after : `${web.after.slice(0, headEnd)}  ${headTags}\n  ${web.after.slice(headEnd)}`;
    // A page whose first screen the build rendered shows it in place of the skeleton, before the app has run.
    const shell = status === 200 ? pageShell(web, head) : undefined;
    if (shell) after = withPageShell(after, shell);
    // Only for the page as linked: a query (the gallery's filters) makes the app ask other questions.
    let tiles = '';
    if (status === 200 && head.initialReplies?.length && !request.url.includes('?')) {
      const replies = await askInitialReplies(app, head.initialReplies);
      const bodyEnd = after.lastIndexOf('</body>');
      if (replies.length > 0 && bodyEnd >= 0)
        after = `${after.slice(0, bodyEnd)}${initialRepliesBlock(replies)}\n  ${after.slice(bodyEnd)}`;
      if (head.tilePreloads) tiles = tilePreloadTags(replies, head.tilePreloads);
      // The gallery's first tiles and categories, drawn from those replies by the build's templates.
      const gallery = head.drawsGalleryFromReplies ? galleryFirstScreen(web, replies) : null;
      if (gallery) after = withPageShell(after, gallery);
    }
    const html = `${web.before}\n    ${renderHead(head, base)}${tiles ? `\n    ${tiles}` : ''}\n    ${after}`;
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // This handler is no route, so the compression hook does not see it: the page (a few KB) is compressed here.
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      return reply
        .header('content-encoding', 'br')
        .send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
    return reply.send(html);
  });
}
