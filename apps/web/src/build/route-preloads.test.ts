import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routePages, routePreloadTable } from './route-preloads';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routerFile = path.join(webRoot, 'src/app/router.tsx');

describe('the route table the server preloads from', () => {
  it("finds every route of the router and its page's source file", () => {
    const source = fs.readFileSync(routerFile, 'utf8');
    const pages = routePages(source, routerFile, webRoot);
    const declared = [...source.matchAll(/route\('([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect([...pages.keys()].sort()).toEqual([...declared].sort());
    expect(pages.get('/')).toBe('src/pages/home-page.tsx');
    expect(pages.get('/content/:id')).toBe('src/features/content/pages/content-page.tsx');
    for (const file of pages.values()) expect(fs.existsSync(path.join(webRoot, file)), file).toBe(true);
  });

  it('names a page’s own chunks and stylesheets, leaving out what the entry already loads', () => {
    const manifest = {
      'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/index.css'] },
      'src/pages/a.tsx': {
        file: 'assets/a.js',
        imports: ['src/main.tsx', '_shared.js', '_grid.js'],
        css: ['assets/a.css'],
      },
      '_grid.js': { file: 'assets/grid.js', imports: ['_shared.js'], css: ['assets/grid.css', 'assets/index.css'] },
    };
    expect(routePreloadTable(manifest, new Map([['/a/:id', 'src/pages/a.tsx']]))).toEqual([
      { path: '/a/:id', js: ['assets/a.js', 'assets/grid.js'], css: ['assets/a.css', 'assets/grid.css'] },
    ]);
  });
});
