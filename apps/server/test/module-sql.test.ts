import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesDir, sourceFiles } from './module-sources.js';

/**
 * ARCHITECTURE.md rule 2b, read from the code. SQL lives in a module's repositories: only
 * `*.repository.ts`, the table files (`*.schema.ts`) and the files of SQL fragments
 * (`*.visibility.ts`) build or run SQL. Every other file (services, routes, workers, deletion
 * steps) calls repository functions. And there is one query style, drizzle's: the builder, or its
 * `sql` template; no SQL text with `$1` placeholders handed to the driver's `.query` (only the
 * platform uses the driver directly). Every module that defines a table has a repository.
 */
/** May a file of this name (relative to modules/) build or run SQL? */
export function holdsSql(file: string): boolean {
  return /\.(repository|schema|visibility)\.ts$/.test(file);
}

/** `text` without its comments (block and line), so prose that names a call is not read as one. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:\\'"`])(\/\/.*)$/gm, (_, before: string, comment: string) => before + blank(comment));
}

/** What builds or runs SQL, by drizzle's builder or template. */
const SQL_PATTERNS: [RegExp, string][] = [
  [/\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*\(/g, 'drizzle statement'],
  [/\bsql\s*(?:<[^>`]*>)?\s*`/g, 'sql template'],
  [/\bsql\s*\.\s*(?:raw|join|identifier)\s*\(/g, 'sql builder'],
];

/** SQL text handed to the driver (`.query(text, [values])`): refused in every file of a module. */
const DRIVER_QUERY = /\.\s*query\s*(?:<[^>()]*>)?\s*\(/g;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The breaches of one file (`file` relative to modules/), as "file:line what". */
export function sqlBreaches(file: string, source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  if (!holdsSql(file)) {
    for (const [pattern, what] of SQL_PATTERNS) {
      for (const match of text.matchAll(pattern)) found.push(`${file}:${lineOf(text, match.index)} ${what} outside a repository`);
    }
  }
  for (const match of text.matchAll(DRIVER_QUERY)) found.push(`${file}:${lineOf(text, match.index)} driver .query (use drizzle)`);
  return found.sort();
}

/** The modules that define a table (`pgTable(` in a schema file) and have no `*.repository.ts`. */
export function modulesWithoutRepository(files: string[], read: (file: string) => string): string[] {
  const modules = new Set(files.map((f) => f.split('/')[0]!).filter((m) => !m.endsWith('.ts')));
  return [...modules]
    .filter((m) => {
      const own = files.filter((f) => f.startsWith(`${m}/`));
      const hasTable = own.some((f) => f.endsWith('.schema.ts') && /\bpgTable\s*\(/.test(read(f)));
      return hasTable && !own.some((f) => f.endsWith('.repository.ts'));
    })
    .sort();
}

const files = sourceFiles(modulesDir).map((f) => path.relative(modulesDir, f).split(path.sep).join('/'));
const read = (file: string) => fs.readFileSync(path.join(modulesDir, file), 'utf8');

describe('module SQL (ARCHITECTURE.md rule 2b)', () => {
  it('builds and runs SQL only in repositories, table files and fragment files, and only with drizzle', () => {
    expect(files.flatMap((file) => sqlBreaches(file, read(file)))).toEqual([]);
  });

  it('gives every module that defines a table a repository', () => {
    expect(modulesWithoutRepository(files, read)).toEqual([]);
  });

  it('names each kind of breach', () => {
    const service = [
      "import { sql } from 'drizzle-orm';",
      '/** db.select( in a comment is prose. */',
      'export const a = () => db.select().from(t);',
      'export const b = (tx: Tx) => tx.update(t).set({ n: 1 });',
      'export const c = () => db.execute(sql`SELECT 1`);',
      'export const d = sql<number>`count(*)`;',
      'export const e = sql.join([], sql.raw(", "));',
    ].join('\n');
    expect(sqlBreaches('things/things.service.ts', service)).toEqual([
      'things/things.service.ts:3 drizzle statement outside a repository',
      'things/things.service.ts:4 drizzle statement outside a repository',
      'things/things.service.ts:5 drizzle statement outside a repository',
      'things/things.service.ts:5 sql template outside a repository',
      'things/things.service.ts:6 sql template outside a repository',
      'things/things.service.ts:7 sql builder outside a repository',
      'things/things.service.ts:7 sql builder outside a repository',
    ]);
    // The same text is at home in a repository, a table file or a fragment file.
    expect(sqlBreaches('things/things.repository.ts', service)).toEqual([]);
    expect(sqlBreaches('things/things.visibility.ts', service)).toEqual([]);
    // Driver text with placeholders, even in a repository.
    const raw = 'export const f = (id: string) => db.query<{ n: number }>(`DELETE FROM things WHERE id = $1`, [id]);';
    expect(sqlBreaches('things/things.repository.ts', raw)).toEqual(['things/things.repository.ts:1 driver .query (use drizzle)']);
    expect(sqlBreaches('things/things.worker.ts', raw)).toEqual(['things/things.worker.ts:1 driver .query (use drizzle)']);
  });

  it('names a module with a table and no repository', () => {
    const texts: Record<string, string> = {
      'things/things.schema.ts': "export const things = pgTable('things', {});",
      'things/things.service.ts': '',
      'views/views.service.ts': '',
      'kept/kept.schema.ts': "export const kept = pgTable('kept', {});",
      'kept/kept.repository.ts': '',
      'hooks.ts': '',
    };
    expect(modulesWithoutRepository(Object.keys(texts), (f) => texts[f]!)).toEqual(['things']);
  });
});
