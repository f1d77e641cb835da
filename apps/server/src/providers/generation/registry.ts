import type { ContentType } from '@atelier/shared';
import type { GenerationProvider } from './types.js';

export const PROVIDER_NAMES = ['local', 'replicate'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Which provider renders which model: one default, and optional per-model exceptions. */
export interface ProviderChoice {
  defaultProvider: ProviderName;
  byModel: Record<string, ProviderName>;
}

const isProviderName = (v: string): v is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(v);

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
    if (!provider || !isProviderName(provider)) {
      throw new Error(`unknown generation provider "${provider ?? part}" (use ${PROVIDER_NAMES.join(' or ')})`);
    }
    if (model) byModel[model] = provider;
    else if (defaultProvider) throw new Error('only one default generation provider may be given');
    else defaultProvider = provider;
  }
  return { defaultProvider: defaultProvider ?? 'local', byModel };
}

export interface ProviderRegistry {
  forModel(contentType: ContentType, model: string): GenerationProvider;
}

/**
 * Picks the provider for a model. Providers are built on first use, so a deployment that never
 * routes a model to Replicate never needs its token.
 */
export function createProviderRegistry(
  choice: ProviderChoice,
  factories: Record<ProviderName, () => GenerationProvider>,
): ProviderRegistry {
  const built = new Map<ProviderName, GenerationProvider>();
  const get = (name: ProviderName) => {
    let provider = built.get(name);
    if (!provider) {
      provider = factories[name]();
      built.set(name, provider);
    }
    return provider;
  };
  return {
    forModel(_contentType, model) {
      return get(choice.byModel[model] ?? choice.defaultProvider);
    },
  };
}

/** Every model to one provider: what tests inject. */
export function singleProviderRegistry(provider: GenerationProvider): ProviderRegistry {
  return { forModel: () => provider };
}
