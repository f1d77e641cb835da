import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No web feature takes part in an import cycle: the features' imports of one another (static,
 * type-only and lazy alike) form a graph with no loop, so each feature can be read after the ones
 * it uses. Shared pieces that several features need sit below them, in `lib/` or `components/`.
 */
const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/test-utils\.tsx?$/.test(entry.name)
      ? [full]
      : [];
  });
}

/** feature → the other features it imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(featuresDir)) {
    const from = path.relative(featuresDir, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.[^'"]+)['"]/gm)) {
      const target = path.relative(featuresDir, path.resolve(path.dirname(file), m[1]!)).split(path.sep);
      if (target[0] !== '..' && target[0] !== from) edges.add(target[0]!);
    }
  }
  return graph;
}

/** The groups of two or more nodes that reach one another (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      for (;;) {
        const w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
        if (w === v) break;
      }
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports between web features', () => {
  const graph = featureGraph();

  it('reads the features and their imports of one another', () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('content')?.has('generation')).toBe(true);
  });

  it('finds a loop when one is written', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', new Set(['b'])], ['b', new Set<string>()]]))).toEqual([]);
  });

  it('has no feature in an import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
