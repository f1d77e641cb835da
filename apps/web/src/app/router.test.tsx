import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '@atelier/shared';
import { routes, routesFor } from './router';

/** The page route a path lands on, matched against `list`. */
const leaf = (list: Parameters<typeof matchRoutes>[0], path: string) => matchRoutes(list, path)?.at(-1)?.route.path;

describe('routes matched by first segment', () => {
  const paths = [
    ...SITE_PAGES.map((p) => p.path.replace(/:\w+/g, 'abc123')),
    '/',
    '/ADMIN/Users',
    '/admin/users/',
    '/admin/users/u1/extra',
    '/jobs/new',
    '/jobs/42/edit',
    '/content',
    '/content/x/y',
    '/u/',
    '/nope',
    '/%61dmin',
    '/%E0%A4%A',
    '//gallery',
  ];

  it.each(paths)('%s lands where the whole table sends it', (path) => {
    expect(leaf(routesFor(path), path)).toBe(leaf(routes, path));
  });

  it('hands each path only its own few routes', () => {
    expect(routesFor('/admin/users')[0]!.children!.map((r) => r.path)).toContain('/admin/users/:id');
    expect(routesFor('/admin/users')[0]!.children!.length).toBeLessThan(15);
    expect(routesFor('/')[0]!.children!.map((r) => r.path)).toEqual(['/', '*']);
    expect(routesFor('/no-such-page')[0]!.children!.map((r) => r.path)).toEqual(['*']);
  });
});
