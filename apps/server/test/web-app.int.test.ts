import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { GALLERY_FIRST_REQUESTS } from '@atelier/shared';
import { users } from '../src/modules/auth/auth.schema.js';
import { categories } from '../src/modules/categories/categories.schema.js';
import { content } from '../src/modules/content/content.schema.js';
import { PublicReadCache } from '../src/platform/cache/public-reads.js';
import type { SharedReadLayer } from '../src/platform/cache/shared-reads.js';
import { cachedPageHeads, resolvePage } from '../src/modules/pages/index.js';
import { createTestApp, writeBehind, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

// A small build of the web app: index.html with the page-meta block and an inline script, and a hashed asset.
const THEME_SCRIPT = "document.documentElement.setAttribute('data-theme','light');";
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
<!--page-meta--><title>Atelier — create with AI</title><!--/page-meta-->
<script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>
<body><div id="root"><header class="site-header"></header><!--page-shell-->${'<p class="skeleton"></p>'.repeat(60)}<!--/page-shell--></div></body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let webDir: string;
let t: TestContext;
let creator: TestUser;
let publicId: string;
let privateId: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js'), ASSET);
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(ASSET));
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(ASSET));
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js.map'), '{}');
  fs.writeFileSync(path.join(webDir, 'og-image.png'), 'png');
  fs.writeFileSync(path.join(webDir, 'assets/index-abc123.css'), '.entry{color:red}');
  // "</style" cannot be in real CSS outside a string; here it checks that it could not end the element.
  fs.writeFileSync(path.join(webDir, 'assets/content-page-3.css'), '.page{content:"</style>"}');
  // What the web build writes about each route's page files (apps/web/src/build/route-preloads.ts).
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(
    path.join(webDir, '.vite/route-preloads.json'),
    JSON.stringify([
      {
        path: '/content/:id',
        js: ['assets/content-page-1.js', 'assets/format-2.js'],
        css: ['assets/content-page-3.css'],
      },
      { path: '/jobs/:id/edit', js: ['assets/job-editor-4.js'], css: [] },
      { path: '/jobs/new', js: ['assets/job-editor-4.js', 'assets/new-only-5.js'], css: [] },
      { path: '/pricing', js: ['assets/pricing-page-6.js'], css: [] },
    ]),
  );
  // The first screens the web build rendered with the app's components (apps/web/src/build/page-shells.ts).
  fs.writeFileSync(
    path.join(webDir, '.vite/page-shells.json'),
    JSON.stringify({
      '/': '<section class="hero"><h1>Turn a sentence into something</h1></section>',
      '/content/:id':
        '<section class="content-page"><div style="aspect-ratio:__MEDIA_ASPECT__"><img src="__MEDIA_PICTURE__" alt=""/></div></section>',
      '/pricing':
        '<div class="page-header"><p class="eyebrow">Pricing</p><h1>Pay for what you make, nothing more</h1></div>',
      'gallery:page':
        '<section class="gallery-page"><nav><!--gallery-categories--></nav><ul class="content-wall"><!--gallery-tiles--></ul><!--gallery-more--></section>',
      'gallery:tile':
        '<li class="first" style="--tile-ratio:1.2345678"><a href="/content/__TILE_ID__"><!--tile-picture--><span>__TILE_TYPE__</span></a><a title="__TILE_CAPTION__">__TILE_CAPTION__</a><span>__TILE_OWNER__</span><span>987654321</span></li>',
      'gallery:lazy-tile': '<li class="later">__TILE_CAPTION__</li>',
      'gallery:more': '<div class="content-grid__more">Load more</div>',
    }),
  );
  t = await createTestApp({ PUBLIC_URL: 'https://atelier.example', ANALYTICS_ID: 'G-TEST1' }, { webDir });
  creator = await createUser(t.deps, {
    fullName: 'Ada <Lovelace>',
    username: 'ada_l',
    avatar: 'https://cdn.example/ada.png',
  });
  const insert = (isPrivate: boolean, title: string, key: string) =>
    t.deps.database.db
      .insert(content)
      .values({
        userId: creator.id,
        title,
        prompt: 'a lighthouse at dusk',
        model: 'flux-pro',
        contentType: 'photo',
        status: 'ready',
        isPrivate,
        seed: 1,
        cost: 5,
        width: 1536,
        height: 1024,
        previewKey: `content/${key}/preview.webp`,
        thumbnailKey: `content/${key}/thumbnail.webp`,
      })
      .returning();
  publicId = (await insert(false, 'Harbour "at" <dusk>', 'harbour'))[0]!.id;
  privateId = (await insert(true, 'Secret', 'secret'))[0]!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The page's boot block: the entry script and the modules fetched with it. */
const boot = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-boot">([^<]*)<\/script>/.exec(html)![1]!) as {
    entry: string;
    imports: string[];
  };
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('pages served with their own head', () => {
  it('fills a public item: title, creator, its own preview as og:image with its size, canonical URL', async () => {
    const res = await page(`/content/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    // Escaped, never raw markup from the title or the name.
    expect(html).toContain('<title>Harbour &quot;at&quot; &lt;dusk&gt; by Ada &lt;Lovelace&gt; · Atelier</title>');
    expect(html).not.toContain('<dusk>');
    expect(html).not.toContain('<Lovelace>');
    // The preview (fit inside 768 px) of a 1536 × 1024 original.
    expect(meta(html, 'og:image')).toBe('https://atelier.example/media/content/harbour/preview.webp');
    expect(meta(html, 'og:image:width')).toBe('768');
    expect(meta(html, 'og:image:height')).toBe('512');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'media-aspect-ratio')).toBe('1536/1024');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="https://atelier.example/content/${publicId}" />`);
    expect(meta(html, 'description')).toContain('by Ada &lt;Lovelace&gt;');
    // Only the block between the markers changes; the rest of index.html is as built.
    expect(html).toContain('<header class="site-header"></header>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('carries the item’s signed-out reply, so the page draws without asking again; a private item carries none', async () => {
    const html = (await page(`/content/${publicId}`)).body;
    const block = /<script type="application\/json" id="initial-replies">([^<]*)<\/script>/.exec(html);
    expect(block, 'the data block').not.toBeNull();
    // Nothing in it can close the element: the title's "<dusk>" is escaped.
    expect(block![1]).toContain('\\u003cdusk>');
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/content/${publicId}` });
    expect(JSON.parse(block![1]!)).toEqual([{ url: `/content/${publicId}`, body: JSON.parse(api.body) }]);
    const missing = await page(`/content/${privateId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('initial-replies');
    expect((await page('/pricing')).body).not.toContain('initial-replies');
    // The gallery as linked carries its first list and the category tree; with filters it asks for itself.
    const gallery = /id="initial-replies">([^<]*)<\/script>/.exec((await page('/gallery')).body);
    const urls = (JSON.parse(gallery![1]!) as { url: string }[]).map((r) => r.url);
    expect(urls).toEqual([...GALLERY_FIRST_REQUESTS]);
    expect((await page('/gallery?type=photo')).body).not.toContain('initial-replies');
    // Its first tiles' pictures are fetched at once, as the tiles will draw them.
    const galleryHead = (await page('/gallery')).body.split('</head>')[0]!;
    expect(galleryHead).toContain(
      '<link rel="preload" as="image" href="/media/content/harbour/thumbnail.webp" imagesrcset="/media/content/harbour/thumbnail.webp 320w, /media/content/harbour/preview.webp 768w" imagesizes="(max-width: 719px) calc(50vw - 1.5rem), 528px" fetchpriority="high" />',
    );
  });

  it('fetches the picture the page shows largest at once, with the page’s own files', async () => {
    const html = (await page(`/content/${publicId}`)).body;
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/content/harbour/preview.webp" fetchpriority="high" />',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    // The app starts after the first paint, with the entry's modules and the page's own fetched beside it.
    expect(boot(html)).toEqual({
      entry: '/assets/index-abc123.js',
      imports: ['/assets/react-abc.js', '/assets/content-page-1.js', '/assets/format-2.js'],
    });
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('<link rel="modulepreload"');
    // The stylesheets are in the page, so the first paint waits for no request; their links stay, disabled,
    // for the app's chunk loader to find. The page's comes after the entry's, in the order the app would add it.
    expect(head).toContain(
      '<style>.entry{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-abc123.css" disabled />',
    );
    expect(head).toContain(
      '<style>.page{content:"<\\/style>"}</style><link rel="stylesheet" crossorigin href="/assets/content-page-3.css" disabled />',
    );
    expect(head.indexOf('/assets/content-page-3.css')).toBeGreaterThan(head.indexOf('/assets/index-abc123.css'));
    // A page that is not there names nothing: no private picture, no chunks.
    const missing = (await page(`/content/${privateId}`)).body;
    expect(missing).not.toContain('rel="preload"');
    expect(boot(missing).imports).toEqual(['/assets/react-abc.js']);
  });

  it('puts the first screen the build rendered in place of the skeleton, and keeps the skeleton elsewhere', async () => {
    const home = (await page('/')).body;
    expect(home).toContain(
      '<!--page-shell--><section class="hero"><h1>Turn a sentence into something</h1></section><!--/page-shell-->',
    );
    expect(home).not.toContain('class="skeleton"');
    const pricing = (await page('/pricing')).body;
    expect(pricing).toContain('<h1>Pay for what you make, nothing more</h1>');
    expect(pricing).toContain('<p class="eyebrow">Pricing</p>');
    expect(pricing).not.toContain('class="skeleton"');
    expect((await page('/gallery')).body).toContain('class="skeleton"');
    expect((await page('/no/such/page')).body).toContain('class="skeleton"');
    // A route's template gets the item's own shape and picture; a page that is not there keeps the skeleton.
    expect((await page(`/content/${publicId}`)).body).toContain(
      '<!--page-shell--><section class="content-page"><div style="aspect-ratio:1536 / 1024"><img src="/media/content/harbour/preview.webp" alt=""/></div></section><!--/page-shell-->',
    );
    expect((await page(`/content/${privateId}`)).body).toContain('class="skeleton"');
  });

  it('names the files of the route a path belongs to, a fixed route before one with a parameter', async () => {
    const modules = (html: string) => boot(html).imports.slice(1);
    expect(modules((await page('/pricing/')).body)).toEqual(['/assets/pricing-page-6.js']);
    expect(modules((await page('/jobs/new')).body)).toEqual(['/assets/job-editor-4.js', '/assets/new-only-5.js']);
    expect(modules((await page('/jobs/abc/edit')).body)).toEqual(['/assets/job-editor-4.js']);
    expect(modules((await page('/gallery')).body)).toEqual([]);
    expect(modules((await page('/no/such/page')).body)).toEqual([]);
  });

  it('answers 404 with the generic tags for a private, a missing or a malformed item', async () => {
    for (const id of [privateId, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await page(`/content/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('Secret');
      expect(meta(res.body, 'og:image')).toBe('https://atelier.example/og-image.png');
      expect(meta(res.body, 'robots')).toBe('noindex');
    }
  });

  it("fills a profile with the person's name and avatar; a missing one is 404", async () => {
    const res = await page('/u/ADA_L');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ada &lt;Lovelace&gt; (@ada_l) · Atelier</title>');
    expect(meta(res.body, 'og:image')).toBe('https://cdn.example/ada.png');
    expect(meta(res.body, 'og:type')).toBe('profile');
    expect((await page('/u/nobody-here')).statusCode).toBe(404);
  });

  it('answers 200 for known routes and 404 for unknown ones, titled by the last path segment', async () => {
    const pricing = await page('/pricing');
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('<title>Pricing · Atelier</title>');
    expect((await page('/careers/1234')).statusCode).toBe(200);
    // The router reads a path's fixed words in any case; so does the server.
    const shouted = await page('/PRICING');
    expect(shouted.statusCode).toBe(200);
    expect(shouted.body).toContain('<title>Pricing · Atelier</title>');
    expect((await page('/')).body).toContain('<title>Atelier — create with AI</title>');

    const unknown = await page('/some/where/lost-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('<title>Lost Page · Atelier</title>');
    expect(unknown.body).toContain('<div id="root">');

    const hostile = await page('/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).not.toContain('<script>alert');
    // API and asset paths keep the JSON 404.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('compresses the HTML and allows only the inline scripts it serves, by hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gallery', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<title>Gallery · Atelier</title>');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBe(3); // the theme script, the analytics snippet and the app's start
    for (const script of inline) {
      const hash = crypto.createHash('sha256').update(script).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });
});

describe('static assets', () => {
  it('sends hashed assets precompressed and cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('keeps unhashed files on a short cache and never serves source maps', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/og-image.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
  });

  it('compresses JSON replies of the API', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/content?pageSize=50',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    if (res.rawPayload.length > 1024) expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('robots.txt and the sitemap', () => {
  it('points crawlers at the sitemap and away from the API and personal pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://atelier.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /settings');
  });

  it('lists public content and public profiles in pages; never private items or private profiles', async () => {
    const hidden = await createUser(t.deps, { username: 'quiet_one' });
    await t.deps.database.db
      .update(users)
      .set({
        settings: { emailNotifications: true, marketingEmails: false, profileVisibility: 'private', theme: null },
      })
      .where(eq(users.id, hidden.id));

    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toEqual([
      'https://atelier.example/sitemap-pages.xml',
      'https://atelier.example/sitemap-content-1.xml',
      'https://atelier.example/sitemap-profiles-1.xml',
    ]);
    const items = (await t.app.inject({ method: 'GET', url: '/sitemap-content-1.xml' })).body;
    expect(items).toContain(`https://atelier.example/content/${publicId}`);
    expect(items).not.toContain(privateId);
    const people = (await t.app.inject({ method: 'GET', url: '/sitemap-profiles-1.xml' })).body;
    expect(people).toContain('https://atelier.example/u/ada_l');
    expect(people).not.toContain('quiet_one');
    const pages = (await t.app.inject({ method: 'GET', url: '/sitemap-pages.xml' })).body;
    expect(pages).toContain('<loc>https://atelier.example/pricing</loc>');
    expect(pages).not.toContain('/settings');
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-content-2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-other-1.xml' })).statusCode).toBe(404);
  });
});

describe('the gallery as linked', () => {
  it('draws its first tiles and categories in its HTML, from the replies it carries, once there are categories', async () => {
    // Without categories the page draws another layout first: the skeleton stays.
    expect((await t.app.inject({ method: 'GET', url: '/gallery' })).body).toContain('class="skeleton"');
    await writeBehind(t, () => t.deps.database.db.insert(categories).values({ name: 'Sea & <sky>', slug: 'sea' }));
    const html = (await t.app.inject({ method: 'GET', url: '/gallery' })).body;
    const shell = html.slice(html.indexOf('<!--page-shell-->'), html.indexOf('<!--/page-shell-->'));
    expect(shell).toContain(
      '<nav><ul class="list-reset"><li><button type="button">Sea &amp; &lt;sky&gt;</button></li></ul></nav>',
    );
    expect(shell).toContain(
      `<li class="first" style="--tile-ratio:1.5"><a href="/content/${publicId}"><img src="/media/content/harbour/thumbnail.webp" srcSet="/media/content/harbour/thumbnail.webp 320w, /media/content/harbour/preview.webp 768w" sizes="(max-width: 719px) calc(50vw - 1.5rem), 528px" alt="Harbour &quot;at&quot; &lt;dusk&gt;" loading="eager" fetchPriority="high" decoding="async"/><span>Photo</span></a>`,
    );
    expect(shell).toContain('<span>Ada &lt;Lovelace&gt;</span><span>0</span></li>');
    expect(shell).not.toContain(privateId);
    expect(shell).not.toMatch(/__[A-Z_]+__|<!--gallery-|<!--tile-/);
    expect(shell).not.toContain('skeleton');
    // With filters the app asks for itself, and the skeleton stays.
    expect((await t.app.inject({ method: 'GET', url: '/gallery?type=video' })).body).toContain('class="skeleton"');
  });
});

describe('page heads from the public-read cache', () => {
  it('serves a repeat visit’s head from the cache, and the next page after a write through the API shows the new head', async () => {
    const stats = t.deps.publicReads!.stats;
    const maker = await createUser(t.deps, { fullName: 'Grace Hopper', username: 'grace_h' });
    // The profile page asks the API nothing, so each of its visits reads only its head.
    const first = await page('/u/grace_h');
    expect(first.body).toContain('<title>Grace Hopper (@grace_h) · Atelier</title>');
    const [hits, fills] = [stats.hits, stats.fills];
    const again = await page('/u/grace_h');
    expect(again.body).toBe(first.body);
    expect([stats.hits, stats.fills]).toEqual([hits + 1, fills]);

    // A profile edit: the very next page shows it, and a private profile's bio is not in it.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: maker.headers,
      payload: { fullName: 'Grace B. Hopper', bio: 'Compilers & <ships>' },
    });
    expect(edited.statusCode).toBe(200);
    const renamed = await page('/u/grace_h');
    expect(renamed.body).toContain('<title>Grace B. Hopper (@grace_h) · Atelier</title>');
    expect(meta(renamed.body, 'description')).toBe('Compilers &amp; &lt;ships&gt;');
    const hidden = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/settings',
      headers: maker.headers,
      payload: { profileVisibility: 'private' },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await page('/u/grace_h')).body).not.toContain('Compilers');

    // An item: its new title at once, and made private it is a 404 on the next load.
    const [item] = await writeBehind(t, () =>
      t.deps.database.db
        .insert(content)
        .values({
          userId: maker.id,
          title: 'First draft',
          prompt: 'a compiler',
          model: 'flux-pro',
          contentType: 'photo',
          status: 'ready',
          isPrivate: false,
          seed: 2,
          cost: 5,
        })
        .returning(),
    );
    const url = `/content/${item!.id}`;
    expect((await page(url)).body).toContain('<title>First draft by Grace B. Hopper · Atelier</title>');
    const before = stats.hits;
    expect((await page(url)).body).toContain('<title>First draft by Grace B. Hopper · Atelier</title>');
    expect(stats.hits).toBeGreaterThan(before);
    const retitled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/content/${item!.id}`,
      headers: maker.headers,
      payload: { title: 'Final cut' },
    });
    expect(retitled.statusCode).toBe(200);
    expect((await page(url)).body).toContain('<title>Final cut by Grace B. Hopper · Atelier</title>');
    const hiddenItem = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/content/${item!.id}`,
      headers: maker.headers,
      payload: { isPrivate: true },
    });
    expect(hiddenItem.statusCode).toBe(200);
    const gone = await page(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Final cut');
  });

  it('never keeps a head read while a write was under way', async () => {
    const cache = new PublicReadCache();
    const deps = { db: null as never, storage: null as never };
    let title = 'Old';
    // The write lands (and empties the cache) while the head is being read: the old head is not kept.
    const racing = cachedPageHeads(deps, cache, async (_deps, pathname) => {
      const head = (await resolvePage(deps, '/pricing')).head;
      const read = { status: 200, head: { ...head, title, path: pathname } };
      title = 'New';
      cache.invalidateLocal();
      return read;
    });
    expect((await racing('/pricing')).head.title).toBe('Old');
    expect(cache.stats.fills).toBe(0);
    expect((await racing('/pricing')).head.title).toBe('New');
    expect(cache.stats.fills).toBe(0);
    // Without a write meanwhile it is kept, and the next visit reads nothing.
    let reads = 0;
    const quiet = cachedPageHeads(deps, cache, async (d, pathname) => {
      reads += 1;
      return resolvePage(d, pathname);
    });
    await quiet('/pricing');
    await quiet('/pricing/');
    expect([reads, cache.stats.fills, cache.stats.hits]).toEqual([1, 1, 1]);
    // A route with a parameter that needs no lookup, and a missing page, are not kept.
    await quiet('/careers/some-job');
    await quiet('/no-such-page');
    expect(cache.stats.fills).toBe(1);
  });

  it('reads a head another process kept in the shared level, and never one from before a change', async () => {
    // The shared level as Redis keeps it (shared-reads.ts), in memory: entries under a generation.
    let generation = 0;
    const kept = new Map<string, string>();
    const shared: SharedReadLayer = {
      lookup: async (key) => ({ ticket: String(generation), body: kept.get(`${generation}:${key}`) ?? null }),
      store: async (key, ticket, body) => {
        if (ticket === String(generation)) kept.set(`${generation}:${key}`, body);
      },
      bump: async () => {
        generation += 1;
      },
      close: async () => undefined,
    };
    const deps = { db: null as never, storage: null as never };
    let reads = 0;
    let title = 'Pricing';
    const processOf = (cache: PublicReadCache) =>
      cachedPageHeads(deps, cache, async (d, pathname) => {
        reads += 1;
        const { head } = await resolvePage(d, pathname);
        return { status: 200, head: { ...head, title } };
      });
    const [one, two] = [new PublicReadCache({ shared }), new PublicReadCache({ shared })];
    const [first, second] = [processOf(one), processOf(two)];
    expect((await first('/pricing')).head.title).toBe('Pricing');
    await vi.waitFor(() => expect(kept.size).toBe(1));
    expect((await second('/pricing')).head.title).toBe('Pricing');
    expect([reads, two.stats.sharedHits]).toEqual([1, 1]);
    // A change through the first retires the shared entries: the second, emptied as it would be by
    // the database's notification, reads the page again.
    title = 'Plans and pricing';
    await one.changed();
    two.invalidateLocal();
    expect((await second('/pricing')).head.title).toBe('Plans and pricing');
    expect(reads).toBe(2);
  });
});
