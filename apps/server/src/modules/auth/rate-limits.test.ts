import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, rateLimited } from './rate-limits.js';

describe('route rate limits', () => {
  it('gives the route its limit', () => {
    expect(rateLimited({ RATE_LIMIT_DISABLED: false }, 'login')).toEqual({ rateLimit: RATE_LIMITS.login });
  });

  it('adds nothing when limits are switched off', () => {
    expect(rateLimited({ RATE_LIMIT_DISABLED: true }, 'login')).toEqual({});
  });
});
