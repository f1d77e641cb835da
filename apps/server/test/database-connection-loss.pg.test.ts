import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../src/platform/db/db.js';
import { loadPostgresAdapter } from '../src/platform/realtime/postgres-adapter.js';
import { withDatabase } from './global-setup.js';

/**
 * A restart, a failover or an idle timeout ends a connection from the server's side. node-postgres
 * reports that as an 'error' event, which stops the process when nothing listens. Runs only in the
 * PostgreSQL leg, on a database of its own.
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const name = `atelier_t_${randomBytes(6).toString('hex')}`;
const url = withDatabase(baseUrl, name);

async function adminQuery(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await admin.query(text, params);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
});

afterAll(async () => {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Ends the given server processes from another connection, as a restart or an idle timeout would. */
async function terminate(pids: number[]): Promise<void> {
  await adminQuery('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
}

/** The server processes LISTENing for the fan-out's channels on this test's database. */
async function listeners(): Promise<number[]> {
  const { rows } = await adminQuery(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state = 'idle' AND query LIKE 'LISTEN%socket.io%'",
    [name],
  );
  return rows.map((r: { pid: number }) => r.pid);
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('PostgreSQL ending a connection', () => {
  it('does not stop the process: the pool opens a new connection and the next query succeeds', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      migrate: false,
      poolMax: 2,
      onConnectionLost: (e) => lost.push(e),
    });
    try {
      // Two connections, both idle in the pool afterwards.
      const pids = await Promise.all(
        [0, 1].map(
          async () =>
            (await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')).rows[0]!.pid,
        ),
      );
      expect(new Set(pids).size).toBe(2);
      await terminate(pids);
      await until(() => lost.length >= 2, 'both connections to be reported lost');
      expect(lost).toHaveLength(2);
      expect(lost[0]!.message).toMatch(/terminat/);

      const { rows } = await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(pids).not.toContain(rows[0]!.pid);
    } finally {
      await database.close();
    }
  });

  it('does not stop a process that fans socket events out: it listens and publishes again on new connections', async () => {
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
    const fanOut = await loadPostgresAdapter(url, log);
    if (!fanOut) throw new Error('@socket.io/postgres-adapter is not installed');
    // Its sockets are told to catch up (realtime.resync) once it listens again, not before.
    let restored = 0;
    fanOut.onListenRestored(() => (restored += 1));
    // The package opens its listening connection when a namespace is made.
    const io = new Server(http.createServer(), { adapter: fanOut.adapter });
    // Another process's view: what this one publishes for the main namespace.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const published: string[] = [];
    other.on('notification', (n) => published.push(n.payload ?? ''));
    await other.query('LISTEN "socket.io#/"');
    try {
      const before = await waitFor(listeners, (p) => p.length > 0, 'the fan-out to listen');
      await terminate(before.filter((pid) => pid !== (other as unknown as { processID: number }).processID));
      await until(() => warnings.length > 0, 'the lost connection to be reported');
      await waitFor(
        listeners,
        (p) => p.some((pid) => !before.includes(pid)),
        'the fan-out to listen again on a new connection',
      );
      await until(() => restored === 1, 'the sockets to be told to catch up');
      // The ended connection no longer holds a place in the fan-out's pool: an event still goes out.
      published.length = 0;
      io.emit('ping-after-loss', 1);
      await until(
        () => published.some((p) => p.includes('ping-after-loss')),
        'an event to be published after the loss',
      );
    } finally {
      await other.end();
      await new Promise((resolve) => io.close(resolve));
      await fanOut.close();
    }
  }, 40_000);
});
