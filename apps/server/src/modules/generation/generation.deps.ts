import type { Db } from '../../platform/db/db.js';
import type { AppDeps } from '../../platform/http/types.js';
import { runActivity, type ActivityEvent, type ModuleHooks } from '../../platform/module-hooks.js';
import type { Queue, QueueDefinition } from '../../platform/queue/queue.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { ProviderRegistry } from '../../providers/generation/registry.js';
import { createBlocklist, type Blocklist } from '../../platform/blocklist.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';

export interface GenerationLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** A logger whose every line carries `bindings` (pino's child); optional for simple test logs. */
  child?(bindings: Record<string, unknown>): GenerationLog;
}

/** What generation requests and the worker need; tests build the same from createTestApp. */
export interface GenerationDeps {
  db: Db;
  queue: Queue;
  storage: Storage;
  realtime: Pick<Realtime, 'toUser'>;
  providers: ProviderRegistry;
  clock: () => Date;
  log: GenerationLog;
  blocklist: Blocklist;
  /** A provider call still running after this long is aborted; the item fails and is refunded. */
  timeoutMs: number;
  /** Jobs one worker process runs at the same time. */
  concurrency: number;
  /** A processing item whose worker has not beaten for this long is handed back (default 30 s). */
  staleAfterMs?: number;
  /** Waits between attempts to store a finished render while storage does not answer (STORE_RETRY_DELAYS_MS when absent). */
  storeRetryDelaysMs?: readonly number[];
  /** The HTTP request that asked for the work; enqueued jobs carry it so the worker logs with it. */
  requestId?: string;
  /**
   * The requester's session, when the route left checking it to the request's statement
   * (requireSignedToken): nothing is charged or answered unless it is still live.
   */
  sessionToCheck?: string;
  /** Tells the owner's webhook endpoints that a generation completed or failed. */
  webhooks?: WebhookEmitter;
  /** Tells the other modules (notifications) that an item finished or failed; never throws. */
  activity?: (event: ActivityEvent) => Promise<void>;
}

/** The one queue for generations and edits; a job carries only the content id. */
export const GENERATION_QUEUE = 'generation';

export interface GenerationJobData {
  contentId: string;
  /** x-request-id of the request that enqueued it (absent for a sweep's re-enqueue). */
  requestId?: string;
}

/**
 * pg-boss fails and retries a job that outlives its expiry, so expiry must exceed the provider
 * timeout plus the time to store the files; a few retries cover a crashed or restarted worker.
 */
export function generationQueueDefinition(timeoutMs: number): QueueDefinition {
  return {
    name: GENERATION_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 120,
  };
}

const silentLog: GenerationLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** With `hooks` (the module list), finished and failed items are told to it as activities. */
export function generationDeps(deps: AppDeps & { hooks?: readonly ModuleHooks[] }, log: GenerationLog = silentLog): GenerationDeps {
  const hooks = deps.hooks;
  return {
    db: deps.database.db,
    queue: deps.queue,
    storage: deps.storage,
    realtime: deps.realtime,
    providers: deps.generationProviders,
    clock: deps.clock,
    log,
    blocklist: createBlocklist(deps.config.PROMPT_BLOCKLIST),
    timeoutMs: deps.config.GENERATION_TIMEOUT_MS,
    concurrency: deps.config.GENERATION_CONCURRENCY,
    staleAfterMs: deps.config.GENERATION_STALE_AFTER_MS,
    webhooks: deps.webhooks.emitter(log),
    ...(hooks ? { activity: (event: ActivityEvent) => runActivity(hooks, event, log) } : {}),
  };
}
