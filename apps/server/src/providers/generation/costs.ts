import { patternMatches } from './registry.js';

/** One `pattern=usd` entry of GENERATION_COSTS: what the operator pays a vendor per generation. */
export interface GenerationCost {
  pattern: string;
  usd: number;
}

/**
 * Reads GENERATION_COSTS: comma separated `pattern=usd` entries, with patterns as in
 * GENERATION_ROUTES (`runway-gen3`, `flux-*`, `loops/*`). The first entry that matches wins.
 */
export function parseGenerationCosts(value: string): GenerationCost[] {
  const costs: GenerationCost[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const pattern = eq > 0 ? part.slice(0, eq).trim() : '';
    const amount = eq > 0 ? part.slice(eq + 1).trim().replace(/^\$/, '') : '';
    if (!pattern || !/^\d+(\.\d+)?$/.test(amount)) throw new Error(`generation cost "${part}" must read model=USD, e.g. runway-gen3=0.50`);
    costs.push({ pattern, usd: Number(amount) });
  }
  return costs;
}

/** The USD cost of one generation of a model, or null when no entry covers it. */
export function costFor(costs: GenerationCost[], contentType: string, model: string): number | null {
  return costs.find((c) => patternMatches(c.pattern, contentType, model))?.usd ?? null;
}
