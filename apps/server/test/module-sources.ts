import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the structure tests read: the server's modules, their source files and their tables' owners. */
export const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

/** Every non-test .ts file under `dir`, with its full path. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The modules: the folders of src/modules. */
export const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** table name → the module whose schema file defines it (`pgTable('name'`). */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module)).filter((f) => f.endsWith('.schema.ts'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1]!, module);
    }
  }
  return owners;
}
