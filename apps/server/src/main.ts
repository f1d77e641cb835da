import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/db.js';
import { TokenService } from './platform/http/auth.js';
import { createMailer } from './platform/mail/mailer.js';
import { loadOrCreateSecret } from './platform/secrets.js';
import { describeEnsureAdmin, ensureAdmin } from './modules/auth/admin-bootstrap.js';
import { generationDeps } from './modules/generation/generation.deps.js';
import { startGenerationWorker } from './modules/generation/generation.worker.js';
import { createQueue } from './platform/queue/queue.js';
import { loadPostgresAdapter } from './platform/realtime/postgres-adapter.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { LocalDiskStorage } from './platform/storage/local-storage.js';
import { createProviderRegistry, parseProviderChoice } from './providers/generation/registry.js';
import { createLocalProvider } from './providers/generation/local/local-provider.js';
import { createReplicateProvider } from './providers/generation/replicate/replicate-provider.js';

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const log = pino({
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const clock = () => new Date();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin({ db: database.db, clock }, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    log.info(describeEnsureAdmin(result));
  }
  const tokens = new TokenService(loadOrCreateSecret(config.dataDir, config.JWT_SECRET), clock);

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  // PostgreSQL: pg-boss keeps its own small pool. PGlite: it shares the one embedded connection.
  const queue = createQueue({ database, connectionString: config.DATABASE_URL, log });
  const fanOut = config.DATABASE_URL ? await loadPostgresAdapter(config.DATABASE_URL, log) : null;
  const realtime = createRealtime({
    db: database.db,
    tokens,
    corsOrigins: config.CORS_ORIGINS?.split(',').map((o) => o.trim()),
    adapter: fanOut?.adapter,
  });
  const deps = {
    config,
    database,
    tokens,
    clock,
    mailer,
    queue,
    storage: new LocalDiskStorage(path.join(config.dataDir, 'media')),
    realtime,
    generationProviders: createProviderRegistry(parseProviderChoice(config.GENERATION_PROVIDER), {
      local: () => createLocalProvider(),
      // config.ts refuses to start when a model is routed to Replicate without a token.
      replicate: () => createReplicateProvider({ apiToken: config.REPLICATE_API_TOKEN ?? '', baseUrl: config.REPLICATE_API_URL }),
    }),
  };
  const isApi = config.ROLE !== 'worker';
  const app = await buildApp(deps, { loggerInstance: log });
  if (isApi) realtime.attach(app.server);
  await queue.start();
  const worker = config.ROLE === 'api' ? null : await startGenerationWorker(generationDeps(deps, log.child({ module: 'generation' })));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // Sockets first (they would hold the HTTP server open), then requests in flight, then the
      // worker: its running items go back to the queue, and the next start picks them up.
      await realtime.close();
      await app.close();
      await worker?.stop();
      await queue.stop({ timeoutMs: 5000 });
      await fanOut?.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (!isApi) {
    app.log.info(`Atelier worker is running (database: ${database.kind}, data: ${config.dataDir})`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Atelier is running on ${config.PUBLIC_URL} (role: ${config.ROLE}, database: ${database.kind}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
