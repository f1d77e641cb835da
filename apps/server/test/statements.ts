import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../src/platform/db/db.js';

type Fn = (...args: never[]) => unknown;
const textOf = (arg: unknown): string =>
  typeof arg === 'string' ? arg : arg && typeof arg === 'object' && 'text' in arg ? String(arg.text) : '?';

/**
 * Every SQL statement the app sends to `database` while `run` is in flight, BEGIN and COMMIT
 * included: on PGlite from its one client (queries, scripts, transactions), on PostgreSQL from
 * every pg client (the pool's, so also other work that happens to run meanwhile: keep `run` short).
 */
export async function captureStatements<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const seen: string[] = [];
  const record = (text: string) => seen.push(text.replace(/\s+/g, ' ').trim());
  const restore: (() => void)[] = [];
  /** Replaces `target[name]` with a recording wrapper until `run` is over. */
  const wrap = <O extends object>(target: O, name: keyof O & string, note: (args: unknown[]) => void) => {
    const own = Object.prototype.hasOwnProperty.call(target, name);
    const original = target[name] as unknown as Fn;
    (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      note(args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restore.push(() => {
      if (own) (target as Record<string, unknown>)[name] = original;
      else delete (target as Record<string, unknown>)[name];
    });
  };
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { session: { client: PGlite } }).session.client;
    wrap(client, 'query', (args) => record(textOf(args[0])));
    wrap(client, 'exec', (args) => record(textOf(args[0])));
    const transaction = client.transaction.bind(client);
    (client as { transaction: unknown }).transaction = async <R>(callback: (tx: Transaction) => Promise<R>) => {
      record('BEGIN');
      try {
        return await transaction((tx) => {
          wrap(tx, 'query', (args) => record(textOf(args[0])));
          wrap(tx, 'exec', (args) => record(textOf(args[0])));
          return callback(tx);
        });
      } finally {
        record('COMMIT');
      }
    };
    restore.push(() => delete (client as { transaction?: unknown }).transaction);
  } else {
    wrap(pg.Client.prototype, 'query', (args) => record(textOf(args[0])));
  }
  try {
    const result = await run();
    return { result, statements: seen };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
