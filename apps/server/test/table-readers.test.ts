import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules, modulesDir, sourceFiles, tableOwners } from './module-sources.js';

/**
 * ARCHITECTURE.md rule 2, its reading half: SQL text never names another module's table. A module
 * reads another's rows through a read function on the owner's face, through the table object the
 * owner hands out for read-only joins (`${usersTable}`, `${usersTable.id}` in a drizzle `sql`
 * template: a typed import the walls and layers see), or through a SQL fragment the owner exports
 * (`visibleTo`, `notSuspendedSql`). This test reads the string and template literals of every
 * module's files and fails on `FROM` or `JOIN` of a table another module owns.
 */
/** Whether a `/` at `i` opens a regular expression (not a division): judged by the code before it. */
function opensRegex(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(text[j]!)) j -= 1;
  if (j < 0) return true;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(text[j]!)) return true;
  return /\b(return|typeof|case|in|of|void|delete|throw)$/.test(text.slice(Math.max(0, j - 9), j + 1));
}

/**
 * The SQL-capable text of a file: the contents of its string literals and of its template literals'
 * literal parts (an interpolation `${…}` reads as a space, and literals inside it are read too).
 * Comments and code are left out.
 */
export function literalTexts(text: string): string[] {
  const found: string[] = [];
  /** Reads code from `i` until an unmatched `}` (when `inInterpolation`) or the end; returns the index after. */
  function code(i: number, inInterpolation: boolean): number {
    let depth = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '/' && text[i + 1] === '/') {
        const end = text.indexOf('\n', i);
        i = end < 0 ? text.length : end + 1;
      } else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? text.length : end + 2;
      } else if (c === "'" || c === '"') {
        let j = i + 1;
        while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
        found.push(text.slice(i + 1, j));
        i = j + 1;
      } else if (c === '`') {
        i = template(i + 1);
      } else if (c === '/' && opensRegex(text, i)) {
        let j = i + 1;
        let inClass = false;
        while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
          if (text[j] === '\\') j += 1;
          else if (text[j] === '[') inClass = true;
          else if (text[j] === ']') inClass = false;
          j += 1;
        }
        i = j + 1;
      } else if (c === '{') {
        depth += 1;
        i += 1;
      } else if (c === '}') {
        if (inInterpolation && depth === 0) return i + 1;
        depth -= 1;
        i += 1;
      } else i += 1;
    }
    return i;
  }
  /** Reads a template literal's body from `i` (just past its backtick); returns the index after its closing one. */
  function template(i: number): number {
    let part = '';
    while (i < text.length && text[i] !== '`') {
      if (text[i] === '\\') {
        part += text.slice(i, i + 2);
        i += 2;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        part += ' ${} ';
        i = code(i + 2, true);
      } else {
        part += text[i];
        i += 1;
      }
    }
    found.push(part);
    return i + 1;
  }
  code(0, false);
  return found;
}

/** The tables another module owns that one file's SQL text reads (`from`/`join <table>`), as "table (from|join)". */
export function foreignReads(text: string, module: string, owners: Map<string, string>): string[] {
  const reads: string[] = [];
  for (const literal of literalTexts(text)) {
    for (const match of literal.matchAll(/\b(from|join)\s+(?:only\s+)?"?([a-z_]+)"?/gi)) {
      const table = match[2]!.toLowerCase();
      const owner = owners.get(table);
      if (owner && owner !== module) reads.push(`${table} (${match[1]!.toLowerCase()})`);
    }
  }
  return reads;
}

/**
 * Reads that still name another module's table, each with the reason it stays. Empty is the goal;
 * a read is listed here, never skipped silently, and an entry that no longer occurs fails too.
 */
const KNOWN_READS: Record<string, string> = {};

describe('table readers', () => {
  const owners = tableOwners();

  it('finds no module naming a table another module owns in its SQL text', () => {
    const reads = modules.flatMap((module) =>
      sourceFiles(path.join(modulesDir, module)).flatMap((file) =>
        foreignReads(fs.readFileSync(file, 'utf8'), module, owners).map((r) => `${path.relative(modulesDir, file)} reads ${r}`),
      ),
    );
    expect(reads.filter((r) => !(r in KNOWN_READS))).toEqual([]);
    expect(Object.keys(KNOWN_READS).filter((known) => !reads.includes(known))).toEqual([]);
  });

  it('sees a foreign table named in SQL text, in strings, templates and nested templates', () => {
    expect(foreignReads('await db.execute(sql`select id from users where id = ${id}`)', 'content', owners)).toEqual(['users (from)']);
    expect(foreignReads("await q.query('SELECT 1 FROM follows f JOIN user_blocks b ON true')", 'content', owners)).toEqual([
      'follows (from)',
      'user_blocks (join)',
    ]);
    expect(foreignReads('sql`select * from content c ${cond ? sql`left join "users" u on u.id = c.owner_id` : sql``}`', 'content', owners)).toEqual(
      ['users (join)'],
    );
    // A module's own tables are its own to name.
    expect(foreignReads('sql`select count(*) from follows`', 'users', owners)).toEqual([]);
  });

  it('does not flag interpolated table objects, comments or code', () => {
    const text = [
      "import { usersTable } from '../auth/index.js';",
      '// Reads from users through the face.',
      '/* join users u on … */',
      'const rows = await db.execute(sql`select c.id from content c join ${usersTable} u on u.id = c.owner_id where ${usersTable.id} = ${id}`);',
      'const x = a / 2; const re = /from users/; const y = b / 3;',
    ].join('\n');
    expect(foreignReads(text, 'content', owners)).toEqual([]);
  });
});
