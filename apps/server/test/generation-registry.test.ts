import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createProviderRegistry, parseProviderChoice } from '../src/providers/generation/registry.js';
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
    expect(() => loadConfig({ GENERATION_PROVIDER: 'local,flux-pro=replicate' })).toThrow('REPLICATE_API_TOKEN: required when GENERATION_PROVIDER uses replicate');
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
