import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './src/build/route-preloads.ts';
import { pageShells } from './src/build/page-shells.ts';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
 * highest levels; the server sends the one the browser accepts instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? (e.name === '.vite' ? [] : walk(p)) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), routePreloads(), pageShells()],
  // React Router's package exports name only its development build (its warnings and checks run on
  // every render); a production bundle takes the production build the package ships beside it.
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs') }]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in production. The manifest lets the first-load budget test find each route's chunks,
    // and the route-preloads table (src/build/route-preloads.ts) tells the server which files each page needs.
    sourcemap: false,
    manifest: true,
  },
}));
