import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Which files each route's page needs beyond the entry, read from the production build, so the
 * server can name them in the page's HTML (`<link rel="modulepreload">`, `<link rel="stylesheet">`).
 * Without them a phone downloads and runs the entry before it even learns which page chunk to fetch.
 *
 * The table is written to `dist/.vite/route-preloads.json` (never served):
 *   [{ "path": "/content/:id", "js": ["assets/content-page-….js", …], "css": ["assets/….css"] }, …]
 */
export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PAGE = /const (\w+) = lazyPage\(\s*\(\) => import\('([^']+)'\)/g;
const ROUTE = /route\('([^']+)', (\w+)\)/g;

/** The route patterns of `router.tsx` and the source file of each one's page, relative to the web root. */
export function routePages(routerSource: string, routerFile: string, webRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [, name, specifier] of routerSource.matchAll(PAGE)) {
    const file = path.resolve(path.dirname(routerFile), `${specifier!}.tsx`);
    pages.set(name!, path.relative(webRoot, file).split(path.sep).join('/'));
  }
  const routes = new Map<string, string>();
  for (const [, pattern, name] of routerSource.matchAll(ROUTE)) {
    const page = pages.get(name!);
    if (!page) throw new Error(`route('${pattern!}') names ${name!}, which is not a lazyPage of the router`);
    if (pattern !== '*') routes.set(pattern!, page);
  }
  return routes;
}

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Each route's JS and CSS outside the entry's own static closure (which index.html already names). */
export function routePreloadTable(manifest: Manifest, routes: Map<string, string>): RoutePreload[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const entry = closure(manifest, entryKey);
  const entryCss = new Set([...entry].flatMap((k) => manifest[k]!.css ?? []));
  return [...routes].map(([pattern, page]) => {
    const keys = [...closure(manifest, page)].filter((k) => !entry.has(k));
    return {
      path: pattern,
      js: keys.map((k) => manifest[k]!.file),
      css: [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c)),
    };
  });
}

export function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'atelier-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files (the manifest among them) are written, and only when the build succeeded.
    writeBundle() {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const table = routePreloadTable(manifest, routePages(fs.readFileSync(routerFile, 'utf8'), routerFile, root));
      fs.writeFileSync(path.join(outDir, '.vite/route-preloads.json'), JSON.stringify(table, null, 1));
    },
  };
}
