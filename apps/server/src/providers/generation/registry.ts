import type { ContentType } from '@atelier/shared';
import type { GenerationProvider } from './types.js';

export const PROVIDER_NAMES = ['local', 'replicate', 'runway', 'luma', 'fal'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The key each hosted vendor needs: the variable its own SDK reads. */
export const PROVIDER_KEYS: Record<Exclude<ProviderName, 'local'>, string> = {
  replicate: 'REPLICATE_API_TOKEN',
  runway: 'RUNWAYML_API_SECRET',
  luma: 'LUMAAI_API_KEY',
  fal: 'FAL_KEY',
};

/** One `pattern=provider` entry of GENERATION_ROUTES; the pattern may use `*`. */
export interface ProviderRoute {
  pattern: string;
  provider: ProviderName;
}

/** Which provider renders which model: routes first, then the GENERATION_PROVIDER exceptions, then its default. */
export interface ProviderChoice {
  defaultProvider: ProviderName;
  byModel: Record<string, ProviderName>;
  routes?: ProviderRoute[];
}

const isProviderName = (v: string): v is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(v);

function unknownProvider(name: string): Error {
  return new Error(`unknown generation provider "${name}" (use ${PROVIDER_NAMES.join(', ')})`);
}

/**
 * Reads GENERATION_PROVIDER: a provider name, then optional `model=provider` exceptions, comma
 * separated. `replicate,pika-labs=local` sends every model to Replicate except Pika.
 */
export function parseProviderChoice(value: string): ProviderChoice {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let defaultProvider: ProviderName | undefined;
  const byModel: Record<string, ProviderName> = {};
  for (const part of parts) {
    const [model, provider] = part.includes('=') ? part.split('=').map((s) => s.trim()) : [undefined, part];
    if (!provider || !isProviderName(provider)) throw unknownProvider(provider ?? part);
    if (model) byModel[model] = provider;
    else if (defaultProvider) throw new Error('only one default generation provider may be given');
    else defaultProvider = provider;
  }
  return { defaultProvider: defaultProvider ?? 'local', byModel };
}

/**
 * Reads GENERATION_ROUTES: comma separated `pattern=provider` entries, where a pattern is a model
 * id (`runway-gen3`), a glob (`flux-*`) or a type and model (`loops/*`). The first entry that
 * matches wins. `runway-gen3=runway,flux-*=fal`.
 */
export function parseProviderRoutes(value: string): ProviderRoute[] {
  const routes: ProviderRoute[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const pattern = eq > 0 ? part.slice(0, eq).trim() : '';
    const provider = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!pattern || !provider) throw new Error(`generation route "${part}" must read model=provider`);
    if (!/^[a-z0-9*._/-]+$/i.test(pattern)) throw new Error(`generation route pattern "${pattern}" may use letters, digits, - . / and *`);
    if (!isProviderName(provider)) throw unknownProvider(provider);
    routes.push({ pattern, provider });
  }
  return routes;
}

/** Whether a route pattern (`flux-*`, `video/*`) covers a type and model. */
export function patternMatches(pattern: string, contentType: string, model: string): boolean {
  return globMatches(pattern, pattern.includes('/') ? `${contentType}/${model}` : model);
}

function globMatches(pattern: string, value: string): boolean {
  const source = pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, 'i').test(value);
}

/** The provider a (type, model) goes to under this choice. */
export function providerFor(choice: ProviderChoice, contentType: ContentType, model: string): ProviderName {
  for (const route of choice.routes ?? []) {
    if (patternMatches(route.pattern, contentType, model)) return route.provider;
  }
  return choice.byModel[model] ?? choice.defaultProvider;
}

/** Every provider a choice can send work to. */
export function providersInUse(choice: ProviderChoice): Set<ProviderName> {
  return new Set([choice.defaultProvider, ...Object.values(choice.byModel), ...(choice.routes ?? []).map((r) => r.provider)]);
}

export interface ProviderRegistry {
  forModel(contentType: ContentType, model: string): GenerationProvider;
  /** The name of the provider forModel would return, without building it. */
  nameFor?(contentType: ContentType, model: string): string;
}

/**
 * Picks the provider for a model. Providers are built on first use, so a deployment that never
 * routes a model to a vendor never needs its key.
 */
export function createProviderRegistry(
  choice: ProviderChoice,
  factories: Partial<Record<ProviderName, () => GenerationProvider>>,
): ProviderRegistry {
  const built = new Map<ProviderName, GenerationProvider>();
  const get = (name: ProviderName) => {
    let provider = built.get(name);
    if (!provider) {
      const factory = factories[name];
      if (!factory) throw new Error(`the generation provider "${name}" is not available`);
      provider = factory();
      built.set(name, provider);
    }
    return provider;
  };
  return {
    forModel(contentType, model) {
      return get(providerFor(choice, contentType, model));
    },
    nameFor(contentType, model) {
      return providerFor(choice, contentType, model);
    },
  };
}

/** Every model to one provider: what tests inject. */
export function singleProviderRegistry(provider: GenerationProvider): ProviderRegistry {
  return { forModel: () => provider, nameFor: () => provider.name };
}
