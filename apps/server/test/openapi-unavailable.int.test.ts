import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';

type Response = {
  description?: string;
  headers?: Record<string, { schema?: { type?: string }; description?: string }>;
  content?: Record<string, { schema?: { $ref?: string } }>;
};
type Document = { paths: Record<string, Record<string, { responses?: Record<string, Response> }>> };

let t: TestContext;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

describe('the OpenAPI document on outages', () => {
  it('lists 503 with a Retry-After header and the error envelope on every API operation', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(ops.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { where, op } of ops) {
      // The probes declare their own 503 (readiness: which dependency is down).
      if (!where.includes('/api/v1/') || where.includes('/api/v1/health')) continue;
      const unavailable = op.responses?.['503'];
      if (!unavailable) {
        problems.push(`${where}: no 503`);
        continue;
      }
      if (unavailable.content?.['application/json']?.schema?.$ref !== '#/components/schemas/Error') problems.push(`${where}: 503 is not an Error`);
      if (unavailable.headers?.['Retry-After']?.schema?.type !== 'integer') problems.push(`${where}: 503 without Retry-After`);
    }
    expect(problems).toEqual([]);
    const generate = doc.paths['/api/v1/content/generate']!.post!.responses!['503']!;
    expect(generate.description).toMatch(/try again after `Retry-After` seconds/);
    expect(generate.headers!['Retry-After']!.description).toBe('Seconds to wait before trying again');
  });
});
