import { CONTENT_TYPES, MODELS_BY_TYPE, type AdminGenerationModels } from '@atelier/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/db.js';
import { costFor, parseGenerationCosts } from '../../providers/generation/costs.js';
import { vendorEndpoint } from '../../providers/generation/endpoints.js';
import { parseProviderChoice, parseProviderRoutes, providerFor } from '../../providers/generation/registry.js';
import { findPricing, listProducts } from '../billing/index.js';

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The least a credit sells for in USD: the cheapest active credit product per credit (bonus
 * credits included) or the custom amount's price per credit after its best discount. Margins are
 * worked out against it, so they are the worst case.
 */
async function creditValue(db: Db): Promise<{ usd: number; source: string } | null> {
  const candidates: { usd: number; source: string }[] = [];
  const products = await listProducts(db);
  for (const p of products) {
    const credits = p.credits + p.bonusCredits;
    if (p.currency.toLowerCase() === 'usd' && credits > 0) candidates.push({ usd: p.price / 100 / credits, source: `credit product “${p.name}”` });
  }
  const pricing = await findPricing(db);
  if (pricing && pricing.currency.toLowerCase() === 'usd') {
    const best = pricing.tiers.reduce((max, t) => Math.max(max, t.discountPercent), 0);
    candidates.push({ usd: (pricing.pricePerCredit / 100) * (1 - best / 100), source: best ? `custom amount at its ${best}% tier` : 'custom amount' });
  }
  if (!candidates.length) return null;
  return candidates.reduce((low, c) => (c.usd < low.usd ? c : low));
}

/** Every catalogue model: its provider and vendor endpoint, its cost and its margin per generation. */
export async function generationModels(db: Db, config: Pick<Config, 'GENERATION_PROVIDER' | 'GENERATION_ROUTES' | 'GENERATION_COSTS'>): Promise<AdminGenerationModels> {
  const choice = { ...parseProviderChoice(config.GENERATION_PROVIDER), routes: parseProviderRoutes(config.GENERATION_ROUTES) };
  const costs = parseGenerationCosts(config.GENERATION_COSTS);
  const value = await creditValue(db);
  const models = CONTENT_TYPES.flatMap((contentType) =>
    MODELS_BY_TYPE[contentType].map((m) => {
      const provider = providerFor(choice, contentType, m.id);
      const costUsd = provider === 'local' ? 0 : costFor(costs, contentType, m.id);
      const chargedUsd = value ? round(m.cost * value.usd, 4) : null;
      const marginUsd = chargedUsd !== null && costUsd !== null ? round(chargedUsd - costUsd, 4) : null;
      return {
        contentType,
        model: m.id,
        name: m.name,
        provider,
        endpoint: vendorEndpoint(provider, contentType, m.id),
        credits: m.cost,
        chargedUsd,
        costUsd,
        marginUsd,
        marginPercent: marginUsd !== null && chargedUsd ? round((marginUsd / chargedUsd) * 100, 1) : null,
      };
    }),
  );
  return { creditValueUsd: value ? round(value.usd, 4) : null, creditValueSource: value?.source ?? null, models };
}
