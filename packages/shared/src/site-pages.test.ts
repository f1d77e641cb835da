import { describe, expect, it } from 'vitest';
import { SITE_PAGES, findSitePage, pageTitle, privatePrefixes } from './site-pages.js';

describe('the page list', () => {
  it('names each route once', () => {
    const paths = SITE_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps private and public pages under different first segments, so robots.txt can disallow by segment', () => {
    const prefixes = privatePrefixes();
    const leaked = SITE_PAGES.filter(
      (p) => !('private' in p) && p.path !== '/' && prefixes.includes(`/${p.path.split('/')[1]}`),
    );
    expect(leaked).toEqual([]);
    expect(prefixes).toContain('/admin');
    expect(prefixes).not.toContain('/careers');
  });

  it('finds an exact page before a route with a parameter, and titles the rest from the path', () => {
    expect(findSitePage('/jobs/new')?.title).toBe('Post a job');
    expect(findSitePage('/messages/abc')?.path).toBe('/messages/:userId');
    expect(findSitePage('/messages/')).toBeUndefined();
    expect(pageTitle('/admin/generation')).toBe('Models & costs');
    expect(pageTitle('/no-such-page')).toBe('No Such Page');
  });

  it('reads fixed words in any case, as the router does, and keeps a parameter as typed', () => {
    const fixedWords = SITE_PAGES.flatMap((p) => p.path.split('/').filter((s) => !s.startsWith(':')));
    for (const word of fixedWords) expect(word).toBe(word.toLowerCase());
    expect(findSitePage('/ADMIN')?.path).toBe('/admin');
    expect(findSitePage('/Admin/Users')?.path).toBe('/admin/users');
    expect(findSitePage('/U/Alice')?.path).toBe('/u/:username');
    expect(findSitePage('/Nope')).toBeUndefined();
  });
});
