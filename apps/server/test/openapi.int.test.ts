import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  parameters?: { in: string; name: string }[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

let t: TestContext;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 with every reference resolving', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences too: a dangling $ref fails here.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const name of new Set(refs)) expect(doc.components.schemas, name).toHaveProperty([name]);
  });

  it('lifts the recursive category tree and the shared schemas into components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['CategoryTreeNode', 'Error', 'Comment', 'Pagination', 'Content', 'ApiKey']),
    );
    expect(JSON.stringify(doc).match(/#\/components\/schemas\/schema\d+/g) ?? []).toEqual([]);
  });

  it('generates TypeScript types', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    expect(source).toContain('"/api/v1/content/generate"');
    expect(source).toContain('CategoryTreeNode');
    expect(source).toMatch(/Error: \{/);
  });

  it('gives every operation a summary, its error replies in the one envelope, and its security', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => ok || problems.push(what);
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      check(!!op.summary, `${where}: no summary`);
      check(Array.isArray(op.security), `${where}: no security`);
      const codes = Object.keys(op.responses ?? {});
      check(codes.some((c) => /^[23]/.test(c)), `${where}: no success reply`);
      for (const code of codes.filter((c) => c.startsWith('4'))) {
        check(op.responses![code]!.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error', `${where}: ${code} is not an Error`);
      }
      const signedIn = (op.security ?? []).length > 0 && !op.security!.some((s) => Object.keys(s).length === 0);
      if (signedIn) check(codes.includes('401') && codes.includes('403'), `${where}: no 401/403`);
      if (op.parameters?.some((p) => p.in === 'path')) check(codes.includes('404'), `${where}: no 404`);
      if (['post', 'put', 'patch'].includes(method)) check(codes.includes('400'), `${where}: no 400`);
    }
    expect(problems).toEqual([]);
  });

  it('declares the security each route enforces: anonymous GETs answer 401 exactly where a sign-in is required', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const gets = operations().filter(({ method, path }) => method === 'get' && !path.includes('{email}'));
    for (const { path, op } of gets) {
      const url = path.replace(/\{[^}]+\}/g, id);
      const res = await t.app.inject({ method: 'GET', url });
      const required = op.security!.length > 0 && !op.security!.some((s) => Object.keys(s).length === 0);
      if (required) expect(res.statusCode, url).toBe(401);
      else expect(res.statusCode, url).not.toBe(401);
    }
  });
  it('lists the API-key scope next to the bearer scheme only on routes that take keys', () => {
    const scopes = (op: Operation) => op.security!.flatMap((s) => s.apiKey ?? []);
    const byRoute = Object.fromEntries(operations().map(({ method, path, op }) => [`${method.toUpperCase()} ${path}`, scopes(op)]));
    expect(byRoute['POST /api/v1/content/generate']).toEqual(['generate']);
    expect(byRoute['GET /api/v1/credits/balance']).toEqual(['credits:read']);
    expect(byRoute['GET /api/v1/content/{id}']).toEqual(['content:read']);
    expect(byRoute['POST /api/v1/collection']).toEqual(['collections']);
    expect(byRoute['POST /api/v1/jobs']).toEqual(['jobs']);
    for (const never of ['DELETE /api/v1/users/account', 'POST /api/v1/auth/change-password', 'GET /api/v1/developers/keys', 'GET /api/v1/admin/users']) {
      expect(byRoute[never], never).toEqual([]);
    }
  });
});
