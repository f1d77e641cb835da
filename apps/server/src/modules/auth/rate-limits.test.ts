import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from '../../app.js';
import { loadConfig } from '../../config.js';
import { RATE_LIMITS, rateLimited } from './rate-limits.js';

describe('route rate limits', () => {
  it('gives the route its limit', () => {
    expect(rateLimited({ RATE_LIMIT_DISABLED: false }, 'login')).toEqual({ rateLimit: RATE_LIMITS.login });
  });

  it('adds nothing when limits are switched off', () => {
    expect(rateLimited({ RATE_LIMIT_DISABLED: true }, 'login')).toEqual({});
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;

  it('is off unless set', () => {
    expect(parse()).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
  });

  it('takes a hop count or a list of addresses and CIDR ranges', () => {
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('refuses anything else', () => {
    expect(() => parse('true')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    expect(() => parse('proxy.local')).toThrow(/TRUST_PROXY/);
  });

  it('trusts as many hops as the count says', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
