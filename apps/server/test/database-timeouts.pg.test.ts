import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/db.js';
import { runMigrations } from '../src/platform/db/migrate.js';
import { createTestApp, type TestContext } from './app.js';
import { withDatabase } from './global-setup.js';

/**
 * Bounded waits on PostgreSQL: a lock held by another session, a full pool, a statement or a
 * transaction left open answer or end within their settings, and requests that meet one answer
 * 503 with Retry-After while liveness and readiness keep answering. Its own database copy.
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const name = `atelier_t_${randomBytes(6).toString('hex')}`;
const url = withDatabase(baseUrl, name);

async function adminQuery(text: string, params: unknown[] = [], on = baseUrl): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: on });
  await admin.connect();
  try {
    return await admin.query(text, params);
  } finally {
    await admin.end();
  }
}

let database: Database;
let t: TestContext;
const TIMEOUTS = { acquireMs: 500, statementMs: 1500, lockMs: 300, idleInTransactionMs: 1000 };

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  database = await openDatabase({ databaseUrl: url, migrate: false, poolMax: 2, timeouts: TIMEOUTS });
  t = await createTestApp({}, { database });
  await t.deps.queue.start();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** Another session (a migration, a long report) holding a table lock until release() is called. */
async function holdLock(table: string): Promise<{ release(): Promise<void> }> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query('BEGIN');
  await other.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    async release() {
      await other.query('ROLLBACK');
      await other.end();
    },
  };
}

describe('a table lock held by another session', () => {
  it('answers 503 with Retry-After within the lock timeout, while liveness and readiness answer', async () => {
    const lock = await holdLock('content');
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/content' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', error: 'Service Unavailable' });

      const live = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(live.statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await lock.release();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content' })).statusCode).toBe(200);
  });
});

describe('a full pool', () => {
  it('answers 503 after the acquire timeout instead of queueing the request for as long as the pool is busy', async () => {
    // Both connections busy for longer than the acquire timeout (and less than the statement timeout).
    const busy = [0, 1].map(() => database.query('SELECT pg_sleep(1.2)'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const started = Date.now();
      // A page the visitors' read cache does not hold yet, so the request needs a connection.
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/content?pageSize=13' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(1100);
      // Liveness does not wait for the pool.
      const live = Date.now();
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      expect(Date.now() - live).toBeLessThan(200);
      // Readiness answers within its own bound, naming the check and its state only.
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.database).toMatch(/^(failing|timeout)$/);
      expect(ready.body).not.toMatch(/timeout exceeded|ECONN|ms/);
    } finally {
      await Promise.allSettled(busy);
    }
  });
});

describe('a statement or a transaction that runs too long', () => {
  it('ends a statement at the statement timeout', async () => {
    const started = Date.now();
    await expect(database.query('SELECT pg_sleep(10)')).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('ends a transaction left idle, and its locks go with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await new Promise((resolve) => setTimeout(resolve, 1600));
        await tx.execute(sql`SELECT 1`);
      }),
    ).rejects.toThrow();
    // The pool goes on with a fresh connection.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content' })).statusCode).toBe(200);
  });
});

describe('starting while another process holds the migration lock', () => {
  it('logs the wait every few seconds and gives up after its time with a clear message', async () => {
    const holder = new pg.Client({ connectionString: url, application_name: 'migrating-elsewhere' });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(727311001)');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const waits: object[] = [];
    try {
      const started = Date.now();
      await expect(
        runMigrations(
          { kind: 'postgres', query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }), exec: async (text) => void (await client.query(text)) },
          { lockTimeoutMs: 1500, logEveryMs: 400, log: { warn: (obj) => waits.push(obj) } },
        ),
      ).rejects.toThrow(/Gave up after \d+ s waiting for the migration lock, held by another process \(PostgreSQL backend \d+, migrating-elsewhere\).*MIGRATION_LOCK_TIMEOUT_MS/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(waits.length).toBeGreaterThanOrEqual(2);
      expect(waits[0]).toMatchObject({ holderPid: expect.any(Number) });
    } finally {
      await client.end();
      await holder.end();
    }
  });
});
