import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The web's rule is checked here, in Node: the web project's tests run in a browser environment.

/** Lints `code` as if it were a file of a web feature, with the repository's own config. */
async function lint(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src/features/jobs/probe-api.ts') });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the web spells no API path of its own', () => {
  it('refuses a hand-written URL in an endpoint, a request object or a fetch', async () => {
    const messages = await lint(`
      import { api } from '../../app/api';
      export const probe = api.injectEndpoints({
        endpoints: (build) => ({
          a: build.query<unknown, string>({ query: (id) => \`/jobs/\${id}\` }),
          b: build.query<unknown, void>({ query: () => '/jobs' }),
          c: build.mutation<unknown, void>({ query: () => ({ url: '/jobs', method: 'POST' }) }),
        }),
      });
      export const raw = () => fetch('/api/v1/jobs');
    `);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('call(endpoint)');
  });

  it('accepts requests built from the shared endpoints', async () => {
    const messages = await lint(`
      import { API_BASE, jobsEndpoints, pathOf } from '@atelier/shared';
      import { api, call } from '../../app/api';
      export const probe = api.injectEndpoints({
        endpoints: (build) => ({
          a: build.query<unknown, string>({ query: (id) => call(jobsEndpoints.get, { params: { id } }) }),
        }),
      });
      export const raw = (id: string) => fetch(API_BASE + pathOf(jobsEndpoints.get, { id }));
    `);
    expect(messages).toEqual([]);
  });
});
