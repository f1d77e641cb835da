import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Renders the first screen of the pages listed in `src/app/page-shells.tsx` with the app's own
 * components, after a successful build, to `dist/.vite/page-shells.json` ({ "/": "<section …", … };
 * never served as a file). The server puts a page's markup into its HTML.
 */
export function pageShells(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'atelier-page-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async writeBundle() {
      const { createServer } = await import('vite');
      // The same configuration, served in memory: its build-only plugins (this one among them) do not apply.
      const server = await createServer({
        root,
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await server.ssrLoadModule('/src/app/page-shells.tsx')) as {
          renderPageShells: () => Record<string, string>;
        };
        fs.writeFileSync(path.join(outDir, '.vite/page-shells.json'), JSON.stringify(mod.renderPageShells(), null, 1));
      } finally {
        await server.close();
      }
    },
  };
}
