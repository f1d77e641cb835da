import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { costFor, parseGenerationCosts } from '../src/providers/generation/costs.js';
import { createProviderRegistry, parseProviderChoice, parseProviderRoutes } from '../src/providers/generation/registry.js';
import { fakeProvider } from './factories.js';

describe('GENERATION_PROVIDER', () => {
  it('reads a default provider and per-model exceptions', () => {
    expect(parseProviderChoice('local')).toEqual({ defaultProvider: 'local', byModel: {} });
    expect(parseProviderChoice(' replicate , pika-labs = local ')).toEqual({ defaultProvider: 'replicate', byModel: { 'pika-labs': 'local' } });
    expect(parseProviderChoice('flux-pro=replicate')).toEqual({ defaultProvider: 'local', byModel: { 'flux-pro': 'replicate' } });
  });

  it('refuses unknown providers and two defaults, and Replicate without a token, at start', () => {
    expect(() => parseProviderChoice('midjourney')).toThrow('unknown generation provider "midjourney"');
    expect(() => parseProviderChoice('local,replicate')).toThrow('only one default generation provider may be given');
    expect(() => loadConfig({ GENERATION_PROVIDER: 'dall-e' })).toThrow('GENERATION_PROVIDER');
    expect(() => loadConfig({ GENERATION_PROVIDER: 'local,flux-pro=replicate' })).toThrow('REPLICATE_API_TOKEN: required when GENERATION_PROVIDER or GENERATION_ROUTES uses replicate');
    expect(loadConfig({ GENERATION_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_x' }).GENERATION_PROVIDER).toBe('replicate');
  });

  it('routes each model to its provider and builds each provider once, on first use', () => {
    const local = fakeProvider();
    const replicate = fakeProvider();
    const built: string[] = [];
    const registry = createProviderRegistry(parseProviderChoice('replicate,pika-labs=local'), {
      local: () => (built.push('local'), local),
      replicate: () => (built.push('replicate'), replicate),
    });
    expect(built).toEqual([]);
    expect(registry.forModel('video', 'pika-labs')).toBe(local);
    expect(registry.forModel('photo', 'flux-pro')).toBe(replicate);
    expect(registry.forModel('photo', 'flux-dev')).toBe(replicate);
    expect(built).toEqual(['local', 'replicate']);
  });
});

describe('GENERATION_ROUTES', () => {
  it('routes models by exact id, glob and type/model ahead of GENERATION_PROVIDER', () => {
    const built: string[] = [];
    const make = (name: string) => () => (built.push(name), { ...fakeProvider(), name });
    const choice = {
      ...parseProviderChoice('replicate,pika-labs=local'),
      routes: parseProviderRoutes('runway-gen3=runway, luma-dream=luma, pika-labs=fal, flux-*=fal, loops/*=luma, stable-diffusion-xl=replicate'),
    };
    const registry = createProviderRegistry(choice, {
      local: make('local'),
      replicate: make('replicate'),
      runway: make('runway'),
      luma: make('luma'),
      fal: make('fal'),
    });
    expect(registry.forModel('video', 'runway-gen3').name).toBe('runway');
    expect(registry.forModel('video', 'luma-dream').name).toBe('luma');
    expect(registry.forModel('video', 'pika-labs').name).toBe('fal');
    expect(registry.forModel('photo', 'flux-schnell').name).toBe('fal');
    expect(registry.forModel('loops', 'stable-diffusion-xl').name).toBe('luma');
    expect(registry.forModel('vector', 'stable-diffusion-xl').name).toBe('replicate');
    expect(registry.nameFor?.('gif', 'something-new')).toBe('replicate');
    expect(built).toEqual(['runway', 'luma', 'fal', 'replicate']);
  });

  it('refuses malformed routes and a routed vendor without its key, at start', () => {
    expect(() => parseProviderRoutes('runway-gen3')).toThrow('must read model=provider');
    expect(() => parseProviderRoutes('runway-gen3=openai')).toThrow('unknown generation provider "openai"');
    expect(() => loadConfig({ GENERATION_ROUTES: 'runway-gen3=runway' })).toThrow('RUNWAYML_API_SECRET: required when GENERATION_PROVIDER or GENERATION_ROUTES uses runway');
    expect(() => loadConfig({ GENERATION_ROUTES: 'luma-dream=luma' })).toThrow('LUMAAI_API_KEY');
    expect(() => loadConfig({ GENERATION_ROUTES: 'flux-*=fal' })).toThrow('FAL_KEY');
    expect(() => loadConfig({ GENERATION_ROUTES: 'nonsense' })).toThrow('GENERATION_ROUTES');
    expect(() => loadConfig({ GENERATION_WEBHOOKS: 'true' })).toThrow('PUBLIC_URL: required when GENERATION_WEBHOOKS is on');
    const config = loadConfig({ GENERATION_ROUTES: 'runway-gen3=runway,flux-*=fal', RUNWAYML_API_SECRET: 'key_x', FAL_KEY: 'fal_x' });
    expect(config.GENERATION_ROUTES).toBe('runway-gen3=runway,flux-*=fal');
  });
});

describe('GENERATION_COSTS', () => {
  it('reads USD per generation by model pattern and refuses anything else', () => {
    const costs = parseGenerationCosts('runway-gen3=0.50, flux-*=$0.04, video/*=0.3');
    expect(costFor(costs, 'video', 'runway-gen3')).toBe(0.5);
    expect(costFor(costs, 'photo', 'flux-pro')).toBe(0.04);
    expect(costFor(costs, 'video', 'pika-labs')).toBe(0.3);
    expect(costFor(costs, 'gif', 'stable-diffusion-xl')).toBeNull();
    expect(() => parseGenerationCosts('runway-gen3=cheap')).toThrow('must read model=USD');
    expect(() => loadConfig({ GENERATION_COSTS: 'flux-pro=-1' })).toThrow('GENERATION_COSTS');
  });
});
