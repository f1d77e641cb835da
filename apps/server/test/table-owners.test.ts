import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { modules, modulesDir, sourceFiles, tableOwners } from './module-sources.js';
import { content } from '../src/modules/content/content.schema.js';
import { RUN_COLUMNS } from '../src/modules/generation/generation.schema.js';

/**
 * ARCHITECTURE.md rule 2, read from the code: a table is written (INSERT, UPDATE, DELETE, in SQL
 * text or through drizzle) only by the module whose *.schema.ts defines it. Another module that
 * needs a change calls the owner's face.
 */
/**
 * The one write across owners that is not composed through a face: generation's runs repository
 * UPDATEs the run columns of content's table (RUN_COLUMNS in generation.schema.ts), and nothing
 * else of it. Checked column by column by runColumnBreaches.
 */
const RUNS = { module: 'generation', file: 'generation/generation-runs.repository.ts', table: 'content', face: 'content.contentTable' };

/** The writes in one file's text to tables owned elsewhere, as "table (how)"; `file` is relative to modules/. */
export function foreignWrites(text: string, module: string, owners: Map<string, string>, file = ''): string[] {
  const found: string[] = [];
  const isRuns = module === RUNS.module && file === RUNS.file;
  for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
    const table = match[2]!.toLowerCase();
    const owner = owners.get(table);
    if (isRuns && table === RUNS.table && match[1]!.toLowerCase() === 'update') continue;
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
    if (isRuns && table === RUNS.face && match[1] === 'update') continue;
    if (table) found.push(`${table} (${match[1]})`);
  }
  return found;
}

/** The index just past the bracket, quote or backtick that closes the one opened at `start`. */
function closing(text: string, start: number): number {
  const open = text[start]!;
  if (open === "'" || open === '"') {
    let i = start + 1;
    while (i < text.length && text[i] !== open) i += text[i] === '\\' ? 2 : 1;
    return i + 1;
  }
  if (open === '`') {
    let i = start + 1;
    while (i < text.length && text[i] !== '`') {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '$' && text[i + 1] === '{') i = closing(text, i + 1);
      else i += 1;
    }
    return i + 1;
  }
  const close = ({ '(': ')', '{': '}', '[': ']' } as Record<string, string>)[open]!;
  let i = start + 1;
  while (i < text.length && text[i] !== close) i = '([{\'"`'.includes(text[i]!) ? closing(text, i) : i + 1;
  return i + 1;
}

/** `text` split at its top-level commas (not inside brackets, strings or templates). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    if ('([{\'"`'.includes(text[i]!)) i = closing(text, i);
    else if (text[i] === ',') {
      parts.push(text.slice(from, i));
      from = ++i;
    } else i += 1;
  }
  parts.push(text.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The keys a type's text declares: `{ a?: string; b: number }`, or an interface or alias of that name in `source`. */
function typeKeys(type: string, source: string): string[] | null {
  let body = type.trim();
  if (!body.startsWith('{')) {
    const named = new RegExp(`(?:interface\\s+${body}\\s*|type\\s+${body}\\s*=\\s*)\\{`).exec(source);
    if (!named) return null;
    const open = named.index + named[0].length - 1;
    body = source.slice(open, closing(source, open));
  }
  return [...body.slice(1, -1).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').matchAll(/(?:^|[;,\n])\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:/g)].map(
    (m) => m[1]!,
  );
}

/**
 * The keys a drizzle `.set(…)` argument sets: the properties of its object literals (both arms of a
 * `?:`), a spread resolved through the parameter's declared type; `?` for what cannot be read.
 */
function setKeys(arg: string, before: string, source: string): string[] {
  const keys: string[] = [];
  const expr = arg.replace(/\s+satisfies\s+[\w$.]+\s*$/, '').trim();
  let i = 0;
  let objects = 0;
  while (i < expr.length) {
    if (expr[i] === '{') {
      const end = closing(expr, i);
      objects += 1;
      for (const part of topLevelParts(expr.slice(i + 1, end - 1))) {
        const spread = /^\.\.\.\s*([A-Za-z_$][\w$]*)$/.exec(part);
        if (spread) {
          const declared = [...before.matchAll(new RegExp(`\\b${spread[1]}\\s*:\\s*(\\{[^}]*\\}|[A-Za-z_$][\\w$]*)`, 'g'))].pop();
          keys.push(...((declared && typeKeys(declared[1]!, source)) ?? [`?...${spread[1]}`]));
        } else if (part.startsWith('...')) keys.push(`?${part}`);
        else keys.push(/^([A-Za-z_$][\w$]*|'[^']*')/.exec(part)?.[1]?.replace(/'/g, '') ?? `?${part}`);
      }
      i = end;
    } else if ('(['.includes(expr[i]!)) i = closing(expr, i);
    else i += 1;
  }
  return objects > 0 ? keys : [`?${expr}`];
}

const columnNames = new Map(Object.entries(getTableColumns(content)).map(([key, column]) => [key, column.name]));
const runColumns = new Set(RUN_COLUMNS.map((key) => columnNames.get(key)!));

/** The columns each UPDATE of content in one file's text sets (SQL names; `?…` for what cannot be read). */
export function contentUpdates(text: string): string[][] {
  const updates: string[][] = [];
  // Drizzle: `.update(<content table>).set(…)`, the table imported from content's schema or face.
  const tables = new Set<string>();
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:\.\/content\.schema|\.\.\/content\/content\.schema|\.\.\/content\/index)\.js'/g)) {
    for (const part of match[1]!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name === 'content' || name === 'contentTable') tables.add((alias ?? name).trim());
    }
  }
  for (const match of text.matchAll(/\.update\(\s*([A-Za-z_$][\w$]*)\s*\)\s*\.set\(/g)) {
    if (!tables.has(match[1]!)) continue;
    const open = match.index + match[0].length - 1;
    const arg = text.slice(open + 1, closing(text, open) - 1);
    updates.push(setKeys(arg, text.slice(0, match.index), text).map((key) => columnNames.get(key) ?? key));
  }
  // SQL text: `UPDATE content [alias] SET a = …, b = … WHERE …`.
  for (const match of text.matchAll(/\bupdate\s+"?content"?(?:\s+(?:as\s+)?([a-z_]+))?\s+set\s/gi)) {
    let end = match.index + match[0].length;
    let depth = 0;
    for (; end < text.length && text[end] !== '`'; end++) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')') depth -= 1;
      else if (depth === 0 && /^\s(where|returning|from)\b/i.test(text.slice(end, end + 11))) break;
    }
    const list = text.slice(match.index + match[0].length, end);
    updates.push(topLevelParts(list).map((part) => /^(?:[a-z_]+\.)?"?([a-z_]+)"?\s*=/i.exec(part)?.[1]?.toLowerCase() ?? `?${part}`));
  }
  return updates;
}

/**
 * Breaches of the run columns' ownership in one file: the runs repository sets nothing of content
 * but run columns (and updated_at, which every writer stamps); no other file sets a run column.
 * Columns that cannot be read (`?…`) are breaches too, so the check never passes by not seeing.
 */
export function runColumnBreaches(text: string, file: string): string[] {
  const isRuns = file === RUNS.file;
  return contentUpdates(text).flatMap((columns) =>
    columns
      .filter((column) => column.startsWith('?') || (isRuns ? !runColumns.has(column) && column !== 'updated_at' : runColumns.has(column)))
      .map((column) => `content.${column}`),
  );
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
        foreignWrites(fs.readFileSync(file, 'utf8'), module, owners, path.relative(modulesDir, file)).map(
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

  it("lets generation's runs repository alone UPDATE content, and nowhere else in generation", () => {
    const write = "import { contentTable as content } from '../content/index.js';\nawait db.update(content).set({ progress: 1 });";
    expect(foreignWrites(write, 'generation', owners, RUNS.file)).toEqual([]);
    expect(foreignWrites(write, 'generation', owners, 'generation/generation.worker.ts')).toEqual(['content.contentTable (update)']);
    expect(foreignWrites('UPDATE content SET progress = 1', 'generation', owners, RUNS.file)).toEqual([]);
    expect(foreignWrites('UPDATE content SET progress = 1', 'generation', owners, 'generation/generation.service.ts')).toEqual(['content (update)']);
    // Not an INSERT or a DELETE: the item is content's to make and remove.
    expect(foreignWrites('insert into content (id) values (1)', 'generation', owners, RUNS.file)).toEqual(['content (insert into)']);
    expect(
      foreignWrites("import { contentTable as content } from '../content/index.js';\nawait db.delete(content);", 'generation', owners, RUNS.file),
    ).toEqual(['content.contentTable (delete)']);
  });

  it('finds every run column set outside the runs repository, and every other column set inside it', () => {
    const files = modules.flatMap((module) => sourceFiles(path.join(modulesDir, module)));
    const breaches = files.flatMap((file) => {
      const relative = path.relative(modulesDir, file);
      return runColumnBreaches(fs.readFileSync(file, 'utf8'), relative).map((b) => `${relative} sets ${b}`);
    });
    expect(breaches).toEqual([]);
    // The check reads the updates it is meant to: the runs repository's, and content's own.
    const runs = contentUpdates(fs.readFileSync(path.join(modulesDir, RUNS.file), 'utf8'));
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect(runs.flat()).toEqual(expect.arrayContaining(['status', 'run_id', 'heartbeat_at', 'media_key', 'refunded']));
    const own = files
      .filter((file) => file.includes(`${path.sep}content${path.sep}`))
      .flatMap((file) => contentUpdates(fs.readFileSync(file, 'utf8')));
    expect(own.flat()).toEqual(expect.arrayContaining(['title', 'like_count', 'hidden_at', 'rating', 'category_id', 'play_count']));
  });

  it('catches a run column set by content, and another column set by the runs repository', () => {
    const schema = "import { content } from './content.schema.js';\n";
    expect(runColumnBreaches(`${schema}await db.update(content).set({ status: 'ready', title: 'x' });`, 'content/content.repository.ts')).toEqual([
      'content.status',
    ]);
    expect(runColumnBreaches('await db.execute(sql`update content c set like_count = 1, progress = (select 2) where c.id = 1`)', 'content/x.ts')).toEqual([
      'content.progress',
    ]);
    // A spread is read through its parameter's type; one that cannot be read is a breach.
    expect(
      runColumnBreaches(`${schema}function f(fields: { title?: string; mediaKey?: string }) { db.update(content).set({ ...fields, updatedAt: now }); }`, 'content/x.ts'),
    ).toEqual(['content.media_key']);
    expect(runColumnBreaches(`${schema}db.update(content).set(values);`, 'content/x.ts')).toEqual(['content.?values']);
    // Both arms of a conditional.
    expect(runColumnBreaches(`${schema}db.update(content).set(a ? { rating } : { rating, jobId: null });`, 'content/x.ts')).toEqual(['content.job_id']);
    const face = "import { contentTable as content } from '../content/index.js';\n";
    expect(runColumnBreaches(`${face}db.update(content).set({ progress: 1, rating: 'mature' } satisfies RunSet);`, RUNS.file)).toEqual([
      'content.rating',
    ]);
    expect(runColumnBreaches(`${face}db.update(content).set({ progress: 1, updatedAt: sql\`now()\` });`, RUNS.file)).toEqual([]);
  });
});
