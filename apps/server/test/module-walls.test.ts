import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module walls are a lint rule (eslint.config.js): a module's files other than its face,
 * modules/<area>/index.js, are private. These run the repository's own lint configuration on
 * imports written from each kind of place, so a weakened rule fails here and not only in review.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = (file: string) => path.join(root, 'apps/server/src', file);
const eslint = new ESLint({ cwd: root });

async function restrictedImports(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server module walls', () => {
  it('refuses a module reading another module’s table or repository', async () => {
    const schema = await restrictedImports(
      "export { content } from '../content/content.schema.js';\n",
      'modules/users/users.walls.ts',
    );
    expect(schema).toHaveLength(1);
    expect(schema[0]).toMatch(/modules\/<area>\/index\.js/);
    const repository = await restrictedImports(
      "import { listEntries } from '../credits/credits.repository.js';\nexport { listEntries };\n",
      'modules/billing/x.ts',
    );
    expect(repository).toHaveLength(1);
  });

  it('refuses app, platform and provider code reaching inside a module', async () => {
    expect(
      await restrictedImports("export { plans } from './modules/plans/plans.schema.js';\n", 'app.ts'),
    ).toHaveLength(1);
    expect(
      await restrictedImports("export { users } from '../../modules/auth/auth.schema.js';\n", 'platform/http/x.ts'),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        "export type { CheckoutRow } from '../../modules/billing/billing.schema.js';\n",
        'providers/payments/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        "export { jobsDeletionStep } from './jobs/jobs.deletion.js';\n",
        'modules/account-deletion.ts',
      ),
    ).toHaveLength(1);
  });

  it('lets everyone through a face, and a module use its own files', async () => {
    expect(await restrictedImports("export { usersTable } from '../auth/index.js';\n", 'modules/users/x.ts')).toEqual(
      [],
    );
    expect(await restrictedImports("export { follows } from './users.schema.js';\n", 'modules/users/x.ts')).toEqual([]);
    expect(await restrictedImports("export { db } from '../../platform/db/db.js';\n", 'modules/users/x.ts')).toEqual(
      [],
    );
    expect(await restrictedImports("export { contentRoutes } from './modules/content/index.js';\n", 'app.ts')).toEqual(
      [],
    );
    expect(
      await restrictedImports("export { jobsDeletionStep } from './jobs/index.js';\n", 'modules/account-deletion.ts'),
    ).toEqual([]);
  });
});

describe('server table files', () => {
  it('may name another module’s table file for a foreign key, and nothing else of it', async () => {
    const file = 'modules/applications/applications.schema.ts';
    expect(await restrictedImports("export { jobs } from '../jobs/jobs.schema.js';\n", file)).toEqual([]);
    expect(await restrictedImports("export { jobsTable } from '../jobs/index.js';\n", file)).toHaveLength(1);
    expect(await restrictedImports("export { findJobRef } from '../jobs/jobs.service.js';\n", file)).toHaveLength(1);
  });
});
