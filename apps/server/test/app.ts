import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/platform/db/db.js';
import { TokenService } from '../src/platform/http/auth.js';
import type { CounterStore } from '../src/platform/http/counter-store.js';
import type { PublicReadCache } from '../src/platform/cache/public-reads.js';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer.js';
import type { RequestLine } from '../src/platform/log.js';
import type { App, AppDeps } from '../src/platform/http/types.js';
import { withDatabase } from './global-setup.js';
import { fakeProvider } from './factories.js';
import { createQueue } from '../src/platform/queue/queue.js';
import { createRealtime, type SocketLog } from '../src/platform/realtime/realtime.js';
import { createStorages } from '../src/platform/storage/create-storage.js';
import { MediaSigner } from '../src/platform/storage/media-signing.js';
import { singleProviderRegistry } from '../src/providers/generation/registry.js';
import type { GenerationProvider } from '../src/providers/generation/types.js';
import type { GenerationLog } from '../src/modules/generation/generation.deps.js';
import { createPresence } from '../src/modules/messaging/messaging.deps.js';
import { developersWebhooks } from '../src/modules/developers/index.js';
import { BACKGROUND, startBackground } from '../src/background.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase?: string;
  }
}

/** A mailer that keeps what it was asked to send, for tests to read codes from. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
  /** The last 6-digit code mailed to an address. */
  lastCode(to: string): string {
    const match = this.last(to)?.text.match(/\b(\d{6})\b/);
    if (!match?.[1]) throw new Error(`no code mailed to ${to}`);
    return match[1];
  }
}

/**
 * A fresh database for one test file: a copy of the migrated template on PostgreSQL when
 * TEST_DATABASE_URL is set, else an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const template = inject('templateDatabase');
  if (!template) throw new Error('TEST_DATABASE_URL is set but the template database was not prepared');
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false });
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    await cleanup.end();
  };
  return database;
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  mailer: MemoryMailer;
  clock: TestClock;
  close(): Promise<void>;
}

/** A clock tests can move forward. */
export class TestClock {
  constructor(private current = new Date()) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestAppOptions {
  /** Renders every model; a fake that succeeds unless given. */
  provider?: GenerationProvider;
  /** Runs the generation worker in-process, as ROLE=all does. */
  worker?: boolean;
  /** Another app's database, to run two instances on one database; left open on close. */
  database?: Database;
  /** Rate-limit counters; by default the app opens its own from the configuration. */
  counters?: CounterStore;
  /** The public-read cache; by default the app opens and starts its own. Started and closed by the caller. */
  publicReads?: PublicReadCache;
  /** The clock of another app, to move both at once. */
  clock?: TestClock;
  /** A logger to read what the app logs. */
  loggerInstance?: FastifyBaseLogger;
  /** The logger of the completed-request lines (BuildAppOptions.requestLog). */
  requestLog?: RequestLine;
  /** A built web app to serve (index.html and assets); none by default. */
  webDir?: string | null;
  /** Receives the socket and worker log lines (silent when absent). */
  log?: SocketLog & GenerationLog;
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestContext> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `atelier-test-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'silent',
    // Rate limits are tested on purpose in their own file; elsewhere they only get in the way.
    RATE_LIMIT_DISABLED: 'true',
    ...env,
  });
  const database = opts.database ?? (await openTestDatabase());
  const mailer = new MemoryMailer();
  const clock = opts.clock ?? new TestClock();
  const secret = randomBytes(32).toString('hex');
  const tokens = new TokenService(secret, clock.now);
  const storages = createStorages(config, new MediaSigner(secret, clock.now));
  const log = { error: () => undefined };
  const realtime = createRealtime({ db: database.db, tokens, clock: clock.now, log: opts.log, trustRequestId: Boolean(config.TRUST_PROXY) });
  const queue = createQueue({ database, log, pollingIntervalSeconds: 0.5 });
  const deps: AppDeps = {
    config,
    database,
    mailer,
    tokens,
    clock: clock.now,
    queue,
    storage: storages.media,
    privateStorage: storages.private,
    realtime,
    presence: createPresence({ database, clock: clock.now, config, realtime }),
    webhooks: developersWebhooks({ database, queue, clock: clock.now }),
    generationProviders: singleProviderRegistry(opts.provider ?? fakeProvider()),
    ...(opts.counters ? { counters: opts.counters } : {}),
    ...(opts.publicReads ? { publicReads: opts.publicReads } : {}),
  };
  const app = await buildApp(deps, {
    webDir: opts.webDir ?? null,
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : {}),
    ...(opts.requestLog ? { requestLog: opts.requestLog } : {}),
  });
  deps.realtime.attach(app.server);
  await app.ready();
  // The background work main.ts starts, through the same list: every API process's (presence
  // heartbeat), and with `worker` the generation worker (tests start a webhook worker themselves).
  const background = await startBackground(
    opts.worker ? 'all' : 'api',
    deps,
    opts.log ?? silentLog,
    BACKGROUND.filter((task) => task.name !== 'webhook-worker'),
  );
  return {
    app,
    deps,
    mailer,
    clock,
    async close() {
      // main.ts's order: sockets, the app, background work, the queue.
      await deps.realtime.close();
      await app.close();
      await background.stop();
      await deps.queue.stop({ timeoutMs: 2000 });
      if (!opts.database) await database.close();
      storages.close();
      // Only the directory made up above; a DATA_DIR a test passed in is left alone.
      if (!env.DATA_DIR) await fs.rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a write made behind the app's back (as the worker or another process makes one) and waits
 * until the visitors' read cache has heard of it through the database's notification.
 */
export async function writeBehind<T>(t: Pick<TestContext, 'deps'>, write: () => Promise<T>): Promise<T> {
  const cache = t.deps.publicReads;
  const heard = cache?.stats.invalidations ?? 0;
  const result = await write();
  const deadline = Date.now() + 5_000;
  while (cache && cache.stats.invalidations === heard) {
    if (Date.now() > deadline) throw new Error('the write was never announced to the read cache');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return result;
}
