import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildStatement } from '../src/platform/db/db.js';
import { content } from '../src/modules/content/content.schema.js';
import { createTestApp, type TestContext } from './app.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('buildStatement', () => {
  const statement = buildStatement<{ n: number; at: string | null; params: string | null; fixed: string }>(
    'build_statement_test',
    sql`SELECT ${sql.placeholder('n')}::int + 1 AS n,
      to_char(${sql.param(sql.placeholder('at'), content.enqueuedAt)}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at,
      ${sql.param(sql.placeholder('params'), content.editParams)}::jsonb ->> 'aspect' AS params,
      ${'constant'}::text AS fixed`,
  );

  it('renders its text once and fills placeholders per call, through the column encoder, with constants kept', async () => {
    expect(statement.text).toMatch(/\$1::int \+ 1/);
    const [row] = await statement.run(t.deps.database.db, {
      n: 41,
      at: new Date('2026-01-02T03:04:05Z'),
      params: { aspect: '1:1' },
    });
    expect(row).toEqual({ n: 42, at: '2026-01-02 03:04', params: '1:1', fixed: 'constant' });
    const [again] = await statement.run(t.deps.database.db, { n: 1, at: null, params: null });
    expect(again).toEqual({ n: 2, at: null, params: null, fixed: 'constant' });
  });

  it('refuses a call that leaves a placeholder without a value', async () => {
    await expect(statement.run(t.deps.database.db, { n: 1, at: null })).rejects.toThrow(/no value for placeholder "params"/);
  });
});
