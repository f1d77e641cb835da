import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '@atelier/shared';
import { resolvePage } from '../src/modules/pages/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const routerFile = path.resolve(here, '../../web/src/app/router.tsx');

/** Every path the web router declares. */
function routerPaths(): string[] {
  const source = fs.readFileSync(routerFile, 'utf8');
  return [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
}

describe('the server and the router read one page list', () => {
  it('the router declares exactly the pages of SITE_PAGES (packages/shared/src/site-pages.ts)', () => {
    const declared = routerPaths();
    expect(declared.length).toBeGreaterThan(30);
    expect([...declared].sort()).toEqual(SITE_PAGES.map((p) => p.path).sort());
  });

  it('answers 200 for each page that needs no lookup, so a new page cannot become a 404 by accident', async () => {
    // Pages without a lookup never reach the database.
    const deps = { db: null as never, storage: null as never };
    for (const p of SITE_PAGES) {
      if ('head' in p) continue;
      const sample = p.path.replace(/:[A-Za-z]+/g, 'sample-1');
      const { status } = await resolvePage(deps, sample);
      expect(status, p.path).toBe(200);
    }
  });
});
