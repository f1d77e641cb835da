import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { runMigrations } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text with positional parameters; used by the migrator and the queue adapter. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a multi-statement script without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL pool usage (absent on the embedded database). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** A handle that runs raw SQL text: what the reporting queries need of a database. */
export type Query = Pick<Database, 'query'>;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; omit for an in-memory one (tests). */
  pgliteDir?: string;
  migrate?: boolean;
  /** Connection pool size for PostgreSQL. */
  poolMax?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    if (opts.migrate !== false) {
      // One dedicated connection, so the session-level advisory lock is taken and released on it.
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        await runMigrations({
          kind: 'postgres',
          query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }),
          exec: async (text) => {
            await client.query(text);
          },
        });
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    database = {
      db: drizzlePg(pool) as unknown as Db,
      kind: 'postgres',
      query: async (text, params) => {
        const res = await pool.query(text, params as unknown[]);
        return { rows: res.rows };
      },
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  } else {
    if (opts.pgliteDir) fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
    await client.waitReady;
    database = {
      db: drizzlePglite(client) as unknown as Db,
      kind: 'pglite',
      query: async (text, params) => {
        const res = await client.query(text, params as unknown[]);
        return { rows: res.rows as never[] };
      },
      exec: async (text) => {
        await client.exec(text);
      },
      close: () => client.close(),
    };
    if (opts.migrate !== false) await runMigrations(database);
  }
  return database;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
