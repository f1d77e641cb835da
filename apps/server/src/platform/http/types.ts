import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../db/db.js';
import type { Mailer } from '../mail/mailer.js';
import type { Queue } from '../queue/queue.js';
import type { Realtime } from '../realtime/realtime.js';
import type { Storage } from '../storage/storage.js';
import type { Lifecycle } from '../observability/http.js';
import type { ProviderRegistry } from '../../providers/generation/registry.js';
import type { AccountLimits } from '../../modules/auth/index.js';
import type { Presence } from '../../modules/messaging/index.js';
import type { ModuleHooks } from '../module-hooks.js';
import type { Webhooks } from '../webhooks.js';
import type { AuthHooks, TokenService } from './auth.js';
import type { CounterStore } from './counter-store.js';
import type { PublicReadCache } from '../cache/public-reads.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the process hands to the app; tests build the same object with their own parts. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: TokenService;
  clock: () => Date;
  /** Postgres-backed jobs (pg-boss); started on first use. */
  queue: Queue;
  /** Media bytes; local disk under DATA_DIR/media by default, or a bucket (STORAGE_DRIVER=s3). */
  storage: Storage;
  /** Private files (résumés): DATA_DIR, or the bucket's private/ prefix. Never served at /media. */
  privateStorage: Storage;
  /** Socket.IO; events to a user reach every tab they have open. */
  realtime: Realtime;
  /** Who is online through this process's sockets; its heartbeat is a background task (background.ts). */
  presence: Presence;
  /** How modules announce events to people's webhook endpoints (the developers module delivers them). */
  webhooks: Webhooks;
  /** Which generation provider renders which model. */
  generationProviders: ProviderRegistry;
  /** Rate-limit counters; by default Redis when REDIS_URL is set, else the database. */
  counters?: CounterStore;
  /** Public first pages kept in process (platform/cache/public-reads.ts); buildApp makes one when absent. */
  publicReads?: PublicReadCache;
  /** Set by main.ts so SIGTERM can flip readiness; buildApp makes one when absent. */
  lifecycle?: Lifecycle;
}

/** What every module's routes receive. */
export interface ModuleContext extends AppDeps {
  auth: AuthHooks;
  counters: CounterStore;
  /** Per-account limits and back-off (inactive under RATE_LIMIT_DISABLED). */
  accountLimits: AccountLimits;
  lifecycle: Lifecycle;
  /** What each module does when another's account, content or role event happens (modules/hooks.ts). */
  hooks: readonly ModuleHooks[];
}

export type AppModule = (app: App, ctx: ModuleContext) => Promise<void> | void;
