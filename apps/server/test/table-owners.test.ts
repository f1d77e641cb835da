import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md rule 2, read from the code: a table is written (INSERT, UPDATE, DELETE, in SQL
 * text or through drizzle) only by the module whose *.schema.ts defines it. Another module that
 * needs a change calls the owner's face.
 */
const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** table name → the module whose schema file defines it. */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module)).filter((f) => f.endsWith('.schema.ts'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1]!, module);
    }
  }
  return owners;
}

/** The writes in one file's text to tables owned elsewhere, as "table (how)". */
export function foreignWrites(text: string, module: string, owners: Map<string, string>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
    const table = match[2]!.toLowerCase();
    const owner = owners.get(table);
    if (owner && owner !== module) found.push(`${table} (${match[1]!.toLowerCase().replace(/\s+/g, ' ')})`);
  }
  // Tables that leave their module by name through its face (usersTable, contentTable…).
  const imported = new Map<string, string>();
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/([a-z-]+)\/index\.js'/g)) {
    for (const part of match[1]!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name && /Table$/.test(name)) imported.set((alias ?? name).trim(), `${match[2]}.${name}`);
    }
  }
  for (const match of text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = imported.get(match[2]!);
    if (table) found.push(`${table} (${match[1]})`);
  }
  return found;
}

describe('table owners', () => {
  const owners = tableOwners();

  it('knows the owner of every table', () => {
    expect(owners.get('users')).toBe('auth');
    expect(owners.get('follows')).toBe('users');
    expect(owners.get('admin_audit')).toBe('auth');
    expect(owners.size).toBeGreaterThan(30);
  });

  it('finds no module writing a table another module owns', () => {
    const writes = modules.flatMap((module) =>
      sourceFiles(path.join(modulesDir, module)).flatMap((file) =>
        foreignWrites(fs.readFileSync(file, 'utf8'), module, owners).map(
          (w) => `${path.relative(modulesDir, file)} writes ${w}`,
        ),
      ),
    );
    expect(writes).toEqual([]);
  });

  it('sees a foreign write in SQL text and through a face-exported table', () => {
    expect(foreignWrites('await db.execute(sql`insert into follows (a) values (1)`)', 'content', owners)).toEqual([
      'follows (insert into)',
    ]);
    expect(
      foreignWrites("import { usersTable as users } from '../auth/index.js';\nawait db.update(users).set({});", 'admin', owners),
    ).toEqual(['auth.usersTable (update)']);
    expect(foreignWrites('UPDATE content SET x = 1', 'content', owners)).toEqual([]);
  });
});
