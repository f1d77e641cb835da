import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way, shell → features → lib, read from the source itself rather than the lint
 * config: `lib/` imports no `app/`, `features/` or `pages/`; a feature and a page import no `app/`; `app/`
 * imports a feature statically only through its index (a lazy `import()` may name a page or part).
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

interface Import {
  /** The imported path, relative to src, without an extension. */
  target: string;
  lazy: boolean;
}

/** Every relative import of `file`: `import … from`, `export … from`, `import '…'` and `import('…')`. */
function importsOf(file: string): Import[] {
  const code = fs.readFileSync(file, 'utf8');
  const found: Import[] = [];
  const add = (spec: string, lazy: boolean) => {
    if (!spec.startsWith('.')) return;
    const target = path
      .relative(srcDir, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
    found.push({ target: target.replace(/\.(tsx?|js)$/, ''), lazy });
  };
  for (const m of code.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm)) add(m[1]!, false);
  for (const m of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) add(m[1]!, false);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1]!, true);
  return found;
}

const areaOf = (target: string) => target.split('/')[0];

/** The imports of `from` that break the direction, as `file → target`. */
function breaches(from: string, imports: Import[]): string[] {
  const area = areaOf(from);
  return imports
    .filter(({ target, lazy }) => {
      const to = areaOf(target);
      if (area === 'lib') return to === 'app' || to === 'features' || to === 'pages';
      if (area === 'features' || area === 'pages') return to === 'app';
      if (area === 'app') return !lazy && to === 'features' && !/^features\/[^/]+(\/index)?$/.test(target);
      return false;
    })
    .map(({ target }) => `${from} → ${target}`);
}

describe('the direction of imports in the web app', () => {
  const files = sourceFiles(srcDir).map((file) => ({
    from: path.relative(srcDir, file).split(path.sep).join('/'),
    imports: importsOf(file),
  }));

  it('reads the source: lib, app and features all import', () => {
    for (const area of ['lib', 'app', 'features']) {
      expect(files.filter((f) => areaOf(f.from) === area && f.imports.length > 0).length).toBeGreaterThan(3);
    }
    // The reader sees static, re-exported and lazy imports alike.
    expect(files.find((f) => f.from === 'app/router.tsx')?.imports.some((i) => i.lazy)).toBe(true);
    expect(files.find((f) => f.from === 'features/auth/index.ts')?.imports.length).toBeGreaterThan(1);
  });

  it('finds a breach of each kind when one is written', () => {
    expect(breaches('lib/x.ts', [{ target: 'app/store', lazy: false }])).toHaveLength(1);
    expect(breaches('lib/x.ts', [{ target: 'features/auth', lazy: true }])).toHaveLength(1);
    expect(breaches('lib/x.ts', [{ target: 'pages/home-page', lazy: false }])).toHaveLength(1);
    expect(breaches('features/auth/x.ts', [{ target: 'app/api', lazy: false }])).toHaveLength(1);
    expect(breaches('pages/home-page.tsx', [{ target: 'app/store', lazy: false }])).toHaveLength(1);
    expect(breaches('app/layout/x.tsx', [{ target: 'features/auth/auth-slice', lazy: false }])).toHaveLength(1);
    expect(breaches('app/layout/x.tsx', [{ target: 'features/auth', lazy: false }])).toEqual([]);
    expect(breaches('app/layout/x.tsx', [{ target: 'features/auth/pages/settings-page', lazy: true }])).toEqual([]);
  });

  it('has lib import nothing above it, features and pages no shell, and the shell only faces of features', () => {
    expect(files.flatMap((f) => breaches(f.from, f.imports))).toEqual([]);
  });
});
