import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md §12's layers, read from the code: every import between server modules (type-only ones
 * too) runs from a higher layer to a lower one, or between modules of one layer without a cycle.
 * A lower module that must react to a higher one subscribes through modules/hooks.ts, or is handed
 * what it needs by app.ts (the composition root, with modules/hooks.ts and background.ts).
 */
export const LAYERS: Record<string, number> = {
  // 2. Accounts and ledger.
  auth: 2,
  credits: 2,
  // 3. Things people make and their relations.
  content: 3,
  categories: 3,
  users: 3,
  collections: 3,
  jobs: 3,
  contact: 3,
  // 4. Processes over them.
  generation: 4,
  billing: 4,
  plans: 4,
  messaging: 4,
  applications: 4,
  notifications: 4,
  moderation: 4,
  // 5. Views and operators.
  dashboards: 5,
  admin: 5,
  developers: 5,
  health: 5,
  meta: 5,
  pages: 5,
};

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'\.\.\/([a-z-]+)\//g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** module → the modules it imports, with one file that does it. */
export function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const edges = new Map<string, string>();
    for (const file of sourceFiles(path.join(modulesDir, entry.name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
        const target = match[1]!;
        if (target !== entry.name && !edges.has(target)) edges.set(target, path.relative(modulesDir, file));
      }
    }
    graph.set(entry.name, edges);
  }
  return graph;
}

/** Every cycle's modules, as found by a depth-first walk (one path per cycle found). */
export function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('server module layers', () => {
  const graph = moduleGraph();

  it('places every module in a layer', () => {
    expect([...graph.keys()].filter((m) => !(m in LAYERS))).toEqual([]);
  });

  it('never imports a module of a higher layer', () => {
    const upward = [...graph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => (LAYERS[to] ?? 0) > (LAYERS[from] ?? 0))
        .map(([to, file]) => `${from} (${LAYERS[from]}) → ${to} (${LAYERS[to]}) in ${file}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a cycle and an upward import when there is one', () => {
    const sample = new Map([
      ['auth', new Map([['users', 'auth/x.ts']])],
      ['users', new Map([['auth', 'users/y.ts']])],
    ]);
    expect(cycles(sample)).toEqual([['auth', 'users', 'auth']]);
    expect(graph.get('content')?.has('categories')).toBe(true);
  });
});
