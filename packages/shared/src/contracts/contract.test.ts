import { describe, expect, it } from 'vitest';
import { endpoint, pathOf } from './contract.js';

describe('route contracts', () => {
  it('fill path parameters in, encoded', () => {
    expect(pathOf(endpoint('GET', '/jobs/:id'), { id: 'a b/c' })).toBe('/jobs/a%20b%2Fc');
    expect(pathOf(endpoint('GET', '/users/:id/followers/:other'), { id: '1', other: '2' })).toBe('/users/1/followers/2');
    expect(pathOf(endpoint('GET', '/jobs/active'))).toBe('/jobs/active');
  });

  it('refuse to build a path with a parameter missing', () => {
    expect(() => pathOf(endpoint('GET', '/jobs/:id'), {} as { id: string })).toThrow('missing path parameter "id"');
  });
});
