import pg from 'pg';
import type { RealtimeOptions } from './realtime.js';

type Log = { info(msg: string): void; warn(msg: string): void };

// Kept in a variable so the build does not require the package: it is an optional add-on.
const ADAPTER_PACKAGE = '@socket.io/postgres-adapter';

/**
 * With several API processes, Socket.IO events must cross processes (DESIGN.md §1). The
 * @socket.io/postgres-adapter package does that over LISTEN/NOTIFY on the same database. When the
 * package is not installed, realtime stays in-process, which is correct for one API process.
 */
export async function loadPostgresAdapter(
  databaseUrl: string,
  log: Log,
): Promise<{ adapter: NonNullable<RealtimeOptions['adapter']>; close(): Promise<void> } | null> {
  let mod: { createAdapter(pool: pg.Pool, opts?: object): NonNullable<RealtimeOptions['adapter']> };
  try {
    mod = (await import(ADAPTER_PACKAGE)) as typeof mod;
  } catch {
    log.warn(`${ADAPTER_PACKAGE} is not installed: socket events reach only this process's clients`);
    return null;
  }
  // Its table, socket_io_attachments, comes from the migrations (0013), which ran before this.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  log.info('socket events fan out across processes through PostgreSQL');
  return { adapter: mod.createAdapter(pool), close: () => pool.end() };
}
