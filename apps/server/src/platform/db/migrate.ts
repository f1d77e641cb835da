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

/** The newest migration this database has applied (null before the first). */
export async function latestAppliedMigration(database: Pick<Database, 'query'>): Promise<string | null> {
  const { rows } = await database.query<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations');
  return rows[0]?.name ?? null;
}

export interface MigrationLockOptions {
  /** Gives up after this long waiting for another process's migrations (default 5 minutes). */
  lockTimeoutMs?: number;
  /** How often the wait is logged. */
  logEveryMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

const LOCK_POLL_MS = 250;

/**
 * Takes the migration lock, waiting while another process holds it (it is migrating): says so in
 * the log every few seconds, and gives up with a message naming the holder after `lockTimeoutMs`.
 */
async function takeMigrationLock(database: SqlRunner, opts: MigrationLockOptions): Promise<void> {
  const timeoutMs = opts.lockTimeoutMs ?? 300_000;
  const logEveryMs = opts.logEveryMs ?? 5000;
  const startedAt = Date.now();
  let loggedAt = startedAt;
  for (;;) {
    const { rows } = await database.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [MIGRATION_LOCK]);
    if (rows[0]?.ok) return;
    const waited = Date.now() - startedAt;
    const holder = async () =>
      (
        await database.query<{ pid: number; application_name: string | null }>(
          `SELECT l.pid, a.application_name FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            LIMIT 1`,
          [MIGRATION_LOCK],
        )
      ).rows[0];
    if (waited >= timeoutMs) {
      const by = await holder().catch(() => undefined);
      throw new Error(
        `Gave up after ${Math.round(waited / 1000)} s waiting for the migration lock, held by another process` +
          `${by ? ` (PostgreSQL backend ${by.pid}${by.application_name ? `, ${by.application_name}` : ''})` : ''}: ` +
          'it may still be migrating, or it hangs. Start again once it has finished, end that backend, or raise MIGRATION_LOCK_TIMEOUT_MS.',
      );
    }
    if (Date.now() - loggedAt >= logEveryMs) {
      loggedAt = Date.now();
      const by = await holder().catch(() => undefined);
      opts.log?.warn(
        { waitedMs: waited, timeoutMs, holderPid: by?.pid },
        'waiting for another process to finish migrating the database',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(LOCK_POLL_MS, timeoutMs - waited)));
  }
}

export async function runMigrations(database: SqlRunner, lock: MigrationLockOptions = {}): Promise<string[]> {
  const dir = migrationsDir();
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  if (database.kind === 'postgres') await takeMigrationLock(database, lock);
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
