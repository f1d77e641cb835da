import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { runMigrations } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL text with positional parameters; used by the migrator and the queue adapter.
   * `name` makes it a prepared statement on PostgreSQL (see executePrepared): only for a constant text.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { name?: string }): Promise<{ rows: T[] }>;
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
      query: async (text, params, opts) => {
        const res = opts?.name
          ? await pool.query({ name: opts.name, text, values: params as unknown[] })
          : await pool.query(text, params as unknown[]);
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

/**
 * Runs SQL text with positional parameters on the connection behind `db` and returns each row as an
 * array of its fields in select order, without drizzle's row mapping. For the hottest reads, whose
 * callers map the few fields they select themselves. Values arrive as the driver parses them, which
 * differs between node-postgres and PGlite for timestamps and 64-bit integers: select those as text
 * or cast them to `int`.
 */
export async function queryRows(db: Db, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { session: { client?: unknown } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows;
  }
  // PGlite, or one of its transactions: the same query signature.
  const embedded = client as Pick<PGlite, 'query'> | undefined;
  if (typeof embedded?.query !== 'function') throw new Error('queryRows: the database handle has no pg or PGlite client');
  return (await embedded.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}

/** Statement names by text, so a hot statement's name is worked out once. */
const statementNames = new Map<string, string>();

/**
 * Runs `query` as a named (server-side prepared) statement on PostgreSQL: each pooled connection
 * parses it once, and PostgreSQL may then reuse its plan, where an unnamed statement is parsed and
 * planned on every call. For statements on a hot path; the name comes from `prefix` and the text,
 * so each variant of a statement has its own. Rows come back as node-postgres parses them (a
 * timestamp column is a Date), so select json or text. On the embedded database it is an ordinary
 * query.
 */
export async function executePrepared<T>(db: Db, prefix: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: { client?: unknown };
  };
  const client = internals.session.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const { sql: text, params } = internals.dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size > 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  const res = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return res.rows;
}
