import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', 'create-admin': 'src/create-admin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // The shared workspace package is TypeScript source: bundle it; keep real npm packages external.
  noExternal: ['@atelier/shared'],
});
