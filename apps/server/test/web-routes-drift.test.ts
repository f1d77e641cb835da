import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolvePage } from '../src/platform/http/web-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const routerFile = path.resolve(here, '../../web/src/app/router.tsx');

/** Every path the web router declares, with its parameters filled in with a sample value. */
function routerPaths(): string[] {
  const source = fs.readFileSync(routerFile, 'utf8');
  const paths = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]!);
  return paths.filter((p) => p !== '*' && !p.startsWith('/content/') && !p.startsWith('/u/'));
}

describe('the server knows every page of the web app', () => {
  it('answers 200 for each route the router declares, so a new page cannot become a 404 by accident', async () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(30);
    // Pages without a lookup never reach the database.
    const deps = { db: null as never, storage: null as never };
    for (const p of paths) {
      const sample = p.replace(/:[A-Za-z]+/g, 'sample-1');
      const { status } = await resolvePage(deps, sample);
      expect(status, `${p} is missing from the server's page list (platform/http/web-app.ts)`).toBe(200);
    }
  });
});
