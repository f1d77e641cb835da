import path from 'node:path';
import type { Logger } from 'pino';
import { databaseTimeouts, type Config } from './config.js';
import { openDatabase } from './platform/db/db.js';
import { TokenService } from './platform/http/auth.js';
import type { AppDeps } from './platform/http/types.js';
import { createMailer } from './platform/mail/mailer.js';
import { loadOrCreateSecret } from './platform/secrets.js';
import { describeEnsureAdmin, ensureAdmin } from './modules/auth/index.js';
import { createQueue } from './platform/queue/queue.js';
import { loadPostgresAdapter } from './platform/realtime/postgres-adapter.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { MediaSigner } from './platform/storage/media-signing.js';
import { createStorages } from './platform/storage/create-storage.js';
import { createProviderRegistry, parseProviderChoice, parseProviderRoutes } from './providers/generation/registry.js';
import { createLocalProvider } from './providers/generation/local/local-provider.js';
import { createReplicateProvider } from './providers/generation/replicate/replicate-provider.js';
import { createRunwayProvider } from './providers/generation/runway/runway-provider.js';
import { createLumaProvider } from './providers/generation/luma/luma-provider.js';
import { createFalProvider } from './providers/generation/fal/fal-provider.js';
import { generationWebhookUrl } from './modules/generation/index.js';
import { createPresence } from './modules/messaging/index.js';
import { developersWebhooks } from './modules/developers/index.js';

export interface Runtime {
  deps: AppDeps;
  /** Closes what openRuntime opened that the app does not own, in a safe order. */
  closeFanOut(): Promise<void>;
}

/**
 * Opens everything the product runs on, from configuration: the database (migrated), the first
 * admin, mail, the queue, realtime and the generation providers. main.ts and the benchmarks use it.
 */
export async function openRuntime(config: Config, log: Logger): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'db'),
    timeouts: databaseTimeouts(config),
    migrationLockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_MS,
    log,
    onConnectionLost: (err) => log.warn({ err }, 'PostgreSQL ended a pooled connection; the pool opens another when needed'),
  });
  const clock = () => new Date();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(
      { db: database.db, clock },
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    );
    log.info(describeEnsureAdmin(result));
  }
  const secret = loadOrCreateSecret(config.dataDir, config.JWT_SECRET);
  const tokens = new TokenService(secret, clock);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  // PostgreSQL: pg-boss keeps its own small pool. PGlite: it shares the one embedded connection.
  const queue = createQueue({
    database,
    connectionString: config.DATABASE_URL,
    timeouts: databaseTimeouts(config),
    log,
    // Processes that take jobs keep the clock of the once-a-minute sweeps.
    timekeeping: config.ROLE !== 'api',
  });
  const fanOut = config.DATABASE_URL ? await loadPostgresAdapter(config.DATABASE_URL, log) : null;
  const realtime = createRealtime({
    db: database.db,
    tokens,
    corsOrigins: config.CORS_ORIGINS?.split(',').map((o) => o.trim()),
    adapter: fanOut?.adapter,
    clock,
    log: log.child({ module: 'realtime' }),
    trustRequestId: Boolean(config.TRUST_PROXY),
  });
  // Events the other processes sent while this one was not listening are replayed on request.
  fanOut?.onListenRestored(() => realtime.resync());
  // Vendors that send webhooks are told where, when PUBLIC_URL is reachable (GENERATION_WEBHOOKS).
  const webhookUrl = (vendor: 'replicate' | 'fal') =>
    config.GENERATION_WEBHOOKS ? generationWebhookUrl(config.PUBLIC_URL, vendor) : undefined;
  const storages = createStorages(config, new MediaSigner(secret, clock));
  const deps: AppDeps = {
    config,
    database,
    tokens,
    clock,
    mailer,
    queue,
    storage: storages.media,
    privateStorage: storages.private,
    realtime,
    presence: createPresence({ database, clock, config, realtime }),
    webhooks: developersWebhooks({ database, queue, clock }),
    generationProviders: createProviderRegistry(
      { ...parseProviderChoice(config.GENERATION_PROVIDER), routes: parseProviderRoutes(config.GENERATION_ROUTES) },
      {
        local: () => createLocalProvider(),
        // config.ts refuses to start when a model is routed to a vendor without its key.
        replicate: () =>
          createReplicateProvider({ apiToken: config.REPLICATE_API_TOKEN ?? '', baseUrl: config.REPLICATE_API_URL, webhookUrl: webhookUrl('replicate') }),
        runway: () =>
          createRunwayProvider({ apiKey: config.RUNWAYML_API_SECRET ?? '', baseUrl: config.RUNWAY_API_URL }),
        luma: () => createLumaProvider({ apiKey: config.LUMAAI_API_KEY ?? '', baseUrl: config.LUMA_API_URL }),
        fal: () => createFalProvider({ apiKey: config.FAL_KEY ?? '', baseUrl: config.FAL_API_URL, webhookUrl: webhookUrl('fal') }),
      },
    ),
  };
  return {
    deps,
    closeFanOut: async () => {
      await fanOut?.close();
      storages.close();
    },
  };
}
