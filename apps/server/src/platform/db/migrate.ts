import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.js';

type SqlRunner = Pick<Database, 'kind' | 'query' | 'exec'>;

/** Both src/platform/db and dist/ sit below apps/server, where migrations/ lives. */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['../../../migrations', '../migrations', '../../migrations']) {
    const dir = path.resolve(here, candidate);
    if (fs.existsSync(path.join(dir, '0001_foundation.sql'))) return dir;
  }
  throw new Error(`migrations directory not found from ${here}`);
}

// Any constant works; it only has to be the same for every process of the product.
const MIGRATION_LOCK = 727_311_001;

/**
 * Applies every `NNNN_name.sql` in order, once, each in its own transaction. An advisory lock
 * keeps several starting processes from migrating at the same time.
 */
let latest: string | null = null;
/** The newest migration this build ships (readiness compares it with what the database recorded). */
export function latestMigrationName(): string {
  latest ??= fs
    .readdirSync(migrationsDir())
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .at(-1) as string;
  return latest;
}

export async function runMigrations(database: SqlRunner): Promise<string[]> {
  const dir = migrationsDir();
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  if (database.kind === 'postgres') await database.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    // Inside the lock: two processes creating it at once on a fresh database would make one fail.
    await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = fs.readFileSync(path.join(dir, file), 'utf8');
      await database.exec(
        `BEGIN;\n${sqlText}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  } catch (err) {
    await database.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (database.kind === 'postgres') await database.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}
