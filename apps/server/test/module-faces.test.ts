import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md rule 1, its other half: a module's face (`index.ts`) exports only what code
 * outside the module imports (the server's src and tests, the benchmarks, the end-to-end tests).
 * A name nothing else imports belongs in the module's own files, not on its face.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(serverDir, '../..');
const modulesDir = path.join(serverDir, 'src/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The names a face's text exports (`export { a, b as c, type T } from …`, and declarations). */
export function faceExports(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(',')) {
      const spec = part.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').trim().replace(/^type\s+/, '');
      if (!spec) continue;
      const [name, alias] = spec.split(/\s+as\s+/);
      names.push((alias ?? name!).trim());
    }
  }
  for (const match of text.matchAll(/export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g)) {
    names.push(match[1]!);
  }
  return names;
}

/** The names one file's text imports (or re-exports) from the file at `target`. */
export function importedNames(text: string, fromFile: string, target: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const spec = match[2]!;
    if (!spec.startsWith('.')) continue;
    const resolved = path.resolve(path.dirname(fromFile), spec).replace(/\.js$/, '.ts');
    if (resolved !== target) continue;
    for (const part of match[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * Face names nothing outside the module imports yet, each with the reason it stays. Empty is the
 * goal; a name is listed here, never skipped silently.
 */
const KNOWN_UNUSED: Record<string, string> = {};

const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(modulesDir, e.name, 'index.ts')))
  .map((e) => e.name);

const outsideFiles = [path.join(serverDir, 'src'), path.join(serverDir, 'test'), path.join(repoDir, 'bench'), path.join(repoDir, 'e2e')]
  .filter((dir) => fs.existsSync(dir))
  .flatMap(sourceFiles);

/** The names of a face (its text, `faceText`) that no file outside `module` imports. */
function unusedIn(module: string, faceText: string): string[] {
  const face = path.join(modulesDir, module, 'index.ts');
  const own = path.join(modulesDir, module) + path.sep;
  const used = new Set<string>();
  for (const file of outsideFiles) {
    if (file.startsWith(own)) continue;
    for (const name of importedNames(fs.readFileSync(file, 'utf8'), file, face)) used.add(name);
  }
  return faceExports(faceText).filter((name) => !used.has(name));
}

/** `module.name` for every face name no file outside its module imports. */
function unusedFaceNames(): string[] {
  return modules.flatMap((module) =>
    unusedIn(module, fs.readFileSync(path.join(modulesDir, module, 'index.ts'), 'utf8')).map((name) => `${module}.${name}`),
  );
}

describe('module faces', () => {
  it('export only names that code outside the module imports', () => {
    expect(unusedFaceNames().filter((name) => !(name in KNOWN_UNUSED))).toEqual([]);
  });

  it('list no exception that is no longer one', () => {
    const unused = new Set(unusedFaceNames());
    expect(Object.keys(KNOWN_UNUSED).filter((name) => !unused.has(name))).toEqual([]);
  });

  it('reads exports and the imports that use them', () => {
    const face = path.join(modulesDir, 'content', 'index.ts');
    expect(faceExports("export { a, b as c, type T } from './x.js';\nexport type { R } from './y.js';")).toEqual(['a', 'c', 'T', 'R']);
    expect(
      importedNames(
        "import { a, type T, b as bee } from '../content/index.js';\nimport { z } from '../content/content.schema.js';",
        path.join(modulesDir, 'generation', 'x.ts'),
        face,
      ),
    ).toEqual(['a', 'T', 'b']);
    expect(importedNames("import { a } from '../src/modules/content/index.js';", path.join(serverDir, 'test', 'x.test.ts'), face)).toEqual(['a']);
  });

  it("finds a name on content's face that nothing outside content imports", () => {
    const face = fs.readFileSync(path.join(modulesDir, 'content', 'index.ts'), 'utf8');
    expect(unusedIn('content', face)).toEqual([]);
    expect(unusedIn('content', `${face}\nexport { claimQueued, type FailGuard } from './nowhere.js';`)).toEqual(['claimQueued', 'FailGuard']);
  });
});
