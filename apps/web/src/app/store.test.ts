import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../testing/mock-server';
import { serverCacheCleared } from '../lib/store';
import { makeStore } from './store';

afterEach(() => vi.unstubAllGlobals());

// This file imports nothing that loads the server API (lib/api.ts) up front, as the home page's first load.
describe('the store and the server API', () => {
  it('starts without the API, and takes it in when the first module that calls the server loads', async () => {
    const server = mockServer({ 'GET /config': () => jsonResponse(200, { data: { signupCredits: 7 } }) });
    const store = makeStore();
    expect(Object.keys(store.getState()).sort()).toEqual(['auth', 'theme', 'ui']);
    // Forgetting the server's replies before there are any is a no-op, not an error.
    store.dispatch(serverCacheCleared());

    const { publicConfigApi } = await import('../lib/public-config');
    expect(store.getState().api.queries).toEqual({});
    const reply = await store.dispatch(publicConfigApi.endpoints.getPublicConfig.initiate());
    expect(reply.data?.signupCredits).toBe(7);
    expect(server.callsTo('GET', '/config')).toHaveLength(1);

    // A store made afterwards has the API from the start; clearing the cache forgets the reply.
    const later = makeStore();
    expect(later.getState().api.queries).toEqual({});
    store.dispatch(serverCacheCleared());
    expect(store.getState().api.queries).toEqual({});
  });
});
