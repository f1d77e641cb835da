import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, apiContracts, endpoint, contract } from '@atelier/shared';
import { fromContract, requireContract } from '../src/platform/http/contract-route.js';
import { createTestApp, type TestContext } from './app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const everyContract = Object.entries(apiContracts).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, c]) => ({ name: `${area}.${name}`, method: c.method, path: c.path })),
);

describe('route contracts', () => {
  it('the server serves every call declared in packages/shared', () => {
    const missing = everyContract.filter((c) => !t.app.hasRoute({ method: c.method, url: `${API_BASE}${c.path}` }));
    expect(missing).toEqual([]);
  });

  it('no two contracts declare the same call', () => {
    const keys = everyContract.map((c) => `${c.method} ${c.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('every documented API operation is one of the contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = new Set(everyContract.map((c) => `${c.method} ${API_BASE}${c.path.replace(/:(\w+)/g, '{$1}')}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const api = documented.filter((op) => op.split(' ')[1]!.startsWith(`${API_BASE}/`));
    expect(api.filter((op) => !declared.has(op))).toEqual([]);
    expect(api.length).toBeGreaterThan(100);
  });

  it('an API route written by hand is refused when it is registered', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireContract);
    expect(() => app.get(`${API_BASE}/handwritten`, async () => ({ data: null }))).toThrow(
      `GET ${API_BASE}/handwritten is not registered from a contract`,
    );
    await app.close();
  });

  it('a route registered from its contract, and anything outside the API, are accepted', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireContract);
    const ping = contract(endpoint('GET', '/ping'), { tags: ['test'], summary: 'Ping', reply: {} });
    app.route({ ...fromContract(ping), url: `${API_BASE}/ping`, handler: async () => 'pong' });
    app.get('/robots.txt', async () => 'User-agent: *');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: `${API_BASE}/ping` })).body).toBe('pong');
    await app.close();
  });
});
