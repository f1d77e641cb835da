import { SITE_PAGES, privatePrefixes, type SitePage } from '@atelier/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db.js';
import { notFoundReply } from '../../platform/http/error-handler.js';
import { escapeHtml } from '../../platform/http/web-app.js';
import { countIndexedContent, listIndexedContent } from '../content/index.js';
import { countIndexedProfiles, listIndexedProfiles } from '../users/index.js';

/**
 * robots.txt and a paged sitemap: the fixed public pages of SITE_PAGES, the items the gallery shows
 * (content's `gallery` scope) and the profiles that show everything (the users module's profile
 * rule). Personal and operators' pages are disallowed by their first segment.
 */

const SITEMAP_PAGE_SIZE = 5000;

const xmlEscape = (v: string) => escapeHtml(v);

/** The fixed pages a crawler may list: no parameter, not private, not the bare /content redirect. */
function publicPages(): string[] {
  const pages: readonly SitePage[] = SITE_PAGES;
  return pages.filter((p) => !p.private && !p.path.includes(':') && p.path !== '/content').map((p) => p.path);
}

const urlset = (entries: { loc: string; lastmod?: Date }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      (e) =>
        `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

/** Registers robots.txt, /sitemap.xml and its pages (beside the web app: they exist only where it is served). */
export async function registerSitemap(app: FastifyInstance, deps: { db: Db; publicUrl: string }): Promise<void> {
  const base = deps.publicUrl.replace(/\/+$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...privatePrefixes().map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [content, profiles] = await Promise.all([countIndexedContent(deps.db), countIndexedProfiles(deps.db)]);
    const pages = [`${base}/sitemap-pages.xml`];
    for (let i = 1; i <= Math.ceil(content / SITEMAP_PAGE_SIZE); i++) pages.push(`${base}/sitemap-content-${i}.xml`);
    for (let i = 1; i <= Math.ceil(profiles / SITEMAP_PAGE_SIZE); i++) pages.push(`${base}/sitemap-profiles-${i}.xml`);
    const body = pages.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`).join('\n');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
      );
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(urlset(publicPages().map((p) => ({ loc: `${base}${p}` }))));
  });

  app.get<{ Params: { kind: string } }>('/sitemap-:kind', { schema: { hide: true } }, async (request, reply) => {
    const match = /^(content|profiles)-([1-9]\d{0,6})\.xml$/.exec(request.params.kind);
    if (!match) return reply.status(404).send(notFoundReply(request.method, request.url));
    const offset = (Number(match[2]) - 1) * SITEMAP_PAGE_SIZE;
    let entries: { loc: string; lastmod?: Date }[];
    if (match[1] === 'content') {
      const rows = await listIndexedContent(deps.db, offset, SITEMAP_PAGE_SIZE);
      entries = rows.map((r) => ({ loc: `${base}/content/${r.id}`, lastmod: r.updatedAt }));
    } else {
      const rows = await listIndexedProfiles(deps.db, offset, SITEMAP_PAGE_SIZE);
      entries = rows.map((r) => ({ loc: `${base}/u/${encodeURIComponent(r.username)}`, lastmod: r.updatedAt }));
    }
    if (entries.length === 0) return reply.status(404).send(notFoundReply(request.method, request.url));
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(urlset(entries));
  });
}
