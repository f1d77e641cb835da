import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, Param, Placeholder, sql, type DriverValueEncoder, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { runMigrations, type MigrationLockOptions } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL text with positional parameters; used by the migrator and the queue adapter.
   * `name` makes it a prepared statement on PostgreSQL (see buildStatement): only for a constant text.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { name?: string }): Promise<{ rows: T[] }>;
  /** Runs a multi-statement script without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL pool usage (absent on the embedded database). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * LISTENs on a channel: `onPayload` hears every NOTIFY on it (from any process on this database),
   * and `onGap` is told when some may have been missed (the listening connection was lost and opened
   * again). On PostgreSQL it holds a connection of its own. Resolves to the way to stop.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
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
  /**
   * Told when PostgreSQL ends one of the pool's connections (a restart, a failover, an idle timeout,
   * `pg_terminate_backend`). The pool drops that connection and opens a new one when it needs it.
   */
  onConnectionLost?: (err: Error) => void;
  /** PostgreSQL's bounded waits; DEFAULT_DB_TIMEOUTS when absent. */
  timeouts?: DatabaseTimeouts;
  /** Gives up waiting for another process's migrations after this long. */
  migrationLockTimeoutMs?: number;
  /** Where the wait for the migration lock is reported. */
  log?: MigrationLockOptions['log'];
}

/**
 * How long a PostgreSQL caller may wait, so a lock held elsewhere, a stuck query or an outage
 * fails a request (503 with Retry-After) instead of stalling every request of the process.
 */
export interface DatabaseTimeouts {
  /** For a pooled connection: the pool's queue and the connection's set-up (node-postgres `connectionTimeoutMillis`). */
  acquireMs: number;
  /** `statement_timeout`: one statement's run. */
  statementMs: number;
  /** `lock_timeout`: one wait for a lock on a row or table. */
  lockMs: number;
  /** `idle_in_transaction_session_timeout`: a transaction left open with nothing running (its locks go with it). */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = {
  acquireMs: 5000,
  statementMs: 30_000,
  lockMs: 5000,
  idleInTransactionMs: 60_000,
};

/** The timeouts as node-postgres takes them, for a pool or a client (0 turns one off). */
export function pgTimeoutOptions(t: DatabaseTimeouts = DEFAULT_DB_TIMEOUTS) {
  return {
    connectionTimeoutMillis: t.acquireMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  };
}

// SQLSTATE classes and codes that say "the database cannot answer now", not "this request is wrong":
// 08 connection exceptions, 53 insufficient resources, 57P01-57P05 shutdown and cannot-connect-now,
// 57014 statement timeout (or a cancel), 55P03 lock timeout, 25P03 idle-in-transaction timeout,
// 40001/40P01 serialization failure and deadlock.
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-5]|57014|55P03|25P03|40001|40P01)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// node-postgres's own words for a pool or connection that gave up.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|the database system is (starting up|shutting down)/i;

/**
 * True when an error (or one it wraps: drizzle wraps the driver's error as `cause`) means the
 * database is unreachable, overloaded or timed out: worth trying again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Without a listener, node-postgres turns a connection the server ends into an uncaught 'error'
 * event, and the process exits. Each connection gets one, idle or checked out.
 */
export function surviveConnectionLoss(pool: pg.Pool, onLost: (err: Error) => void = () => undefined): void {
  pool.on('connect', (client) => client.on('error', onLost));
  // The pool repeats an idle connection's error, already reported by the connection itself.
  pool.on('error', () => undefined);
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    if (opts.migrate !== false) {
      // One dedicated connection, so the session-level advisory lock is taken and released on it.
      // Migrations run without a statement timeout (an index build may take long), but connecting is bounded.
      const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: opts.timeouts?.acquireMs ?? DEFAULT_DB_TIMEOUTS.acquireMs });
      // An outage while migrating fails the start (the process exits and is started again), not as an uncaught 'error'.
      client.on('error', () => undefined);
      await client.connect();
      try {
        await runMigrations(
          {
            kind: 'postgres',
            query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }),
            exec: async (text) => {
              await client.query(text);
            },
          },
          { lockTimeoutMs: opts.migrationLockTimeoutMs, log: opts.log },
        );
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, ...pgTimeoutOptions(opts.timeouts) });
    surviveConnectionLoss(pool, opts.onConnectionLost);
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
      listen: (channel, onPayload, onGap) => listenOnPostgres(opts.databaseUrl!, channel, onPayload, onGap),
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
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return async () => {
          if (!client.closed) await stop();
        };
      },
    };
    if (opts.migrate !== false) await runMigrations(database);
  }
  return database;
}

/**
 * One connection that LISTENs on `channel`. When PostgreSQL ends it, another is opened (after a
 * short pause, again until it works) and `onGap` is told, since what was sent meanwhile is lost.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      onGap?.();
      const retry = (): void => {
        if (stopped) return;
        open().then(onGap, () => setTimeout(retry, 500).unref());
      };
      setTimeout(retry, 100).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    client = c;
  };
  await open();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a drizzle `sql` statement, as the caller types them. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
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

const dialect = new PgDialect();

/** Where each parameter of a built statement comes from: a constant, or a placeholder filled per call. */
type Slot = { value: unknown } | { name: string; encoder?: DriverValueEncoder<unknown, unknown> };

export interface BuiltStatement<T> {
  readonly name: string;
  readonly text: string;
  /** Runs it with `values` for its placeholders (a null skips the column's encoder). */
  run(db: Db, values: Record<string, unknown>): Promise<T[]>;
}

/**
 * A statement whose text is worked out once: `query` holds `sql.placeholder(name)` (or
 * `sql.param(sql.placeholder(name), column)`, encoded as that column) wherever a value differs
 * between calls, and `run` only fills them in. On PostgreSQL it runs as a named (server-side
 * prepared) statement: each pooled connection parses it once, and PostgreSQL may then reuse its
 * plan, where an unnamed statement is parsed and planned on every call. The name comes from
 * `prefix` and the text, so each shape of a statement has its own. On the embedded database it is
 * an ordinary query. Rows come back as the driver parses them (a timestamp column is a Date), so
 * select json or text rather than relying on drizzle's row mapping.
 */
export function buildStatement<T>(prefix: string, query: SQL): BuiltStatement<T> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const slots: Slot[] = params.map((p) => {
    if (is(p, Placeholder)) return { name: p.name as string };
    if (is(p, Param) && is(p.value, Placeholder)) return { name: p.value.name as string, encoder: p.encoder };
    return { value: p };
  });
  return {
    name,
    text,
    async run(db, values) {
      const args = slots.map((slot) => {
        if ('value' in slot) return slot.value;
        const value = values[slot.name];
        if (value === undefined) throw new Error(`no value for placeholder "${slot.name}" of ${name}`);
        return value === null || !slot.encoder ? value : slot.encoder.mapToDriverValue(value);
      });
      const client = (db as unknown as { session: { client: unknown } }).session.client;
      if (client instanceof pg.Pool || client instanceof pg.Client) {
        const res = await client.query<T & pg.QueryResultRow>({ name, text, values: args });
        return res.rows;
      }
      const res = await (client as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> }).query(text, args);
      return res.rows as T[];
    },
  };
}
