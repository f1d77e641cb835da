import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../platform/db/db.js';
import { describeEnsureAdmin, ensureAdmin } from './admin-bootstrap.js';

export const CREATE_ADMIN_USAGE = `Usage: npm run create-admin -- --email admin@example.com --password 'Secret123'

Creates that administrator account, or promotes the existing account with that email (its
password is left as it is). Without arguments, ADMIN_EMAIL and ADMIN_PASSWORD are used.
The database is the one the server uses (DATABASE_URL, else DATA_DIR/db). With the embedded
database, stop the server first: only one process may open it at a time.`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The create-admin command; returns the process exit code. */
export async function runCreateAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
  open: (opts: OpenDatabaseOptions) => Promise<Database> = openDatabase,
): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CREATE_ADMIN_USAGE);
    return 0;
  }
  const config = loadConfig(env);
  const email = values.email ?? config.ADMIN_EMAIL;
  const password = values.password ?? config.ADMIN_PASSWORD;
  if (!email || !password) {
    io.err(`An email and a password are required.\n\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }

  const database = await open({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    const result = await ensureAdmin({ db: database.db, clock: () => new Date() }, { email, password });
    io.out(describeEnsureAdmin(result));
    return 0;
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.close();
  }
}
