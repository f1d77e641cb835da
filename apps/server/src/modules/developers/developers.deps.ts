import type { AppDeps } from '../../platform/http/types.js';
import type { ApiKeysDeps } from './api-keys.service.js';
import type { CounterStore } from '../../platform/http/counter-store.js';
import { sharedHitCounter } from './hit-counter.js';
import type { Webhooks } from '../../platform/webhooks.js';
import { webhookEmitter, type WebhooksDeps } from './webhooks.service.js';
import { webhookListening } from './webhooks.repository.js';

export function apiKeysDeps(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'> & { counters: CounterStore },
): ApiKeysDeps {
  return {
    database: deps.database,
    clock: deps.clock,
    hits: sharedHitCounter(deps.counters),
    perMinute: deps.config.API_KEY_RATE_LIMIT,
  };
}

const quietLog = { error: () => undefined };

export function webhooksDeps(
  deps: Pick<AppDeps, 'database' | 'queue' | 'clock' | 'config' | 'mailer'>,
  log: WebhooksDeps['log'] = quietLog,
): WebhooksDeps {
  return {
    database: deps.database,
    queue: deps.queue,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.config.PUBLIC_URL,
    settings: {
      allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE,
      maxAttempts: deps.config.WEBHOOK_MAX_ATTEMPTS,
      retryBaseSeconds: deps.config.WEBHOOK_RETRY_BASE_SECONDS,
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
    },
    log,
  };
}

/** What the other modules use to announce events to their owners' webhook endpoints (AppDeps.webhooks). */
export function developersWebhooks(deps: Pick<AppDeps, 'database' | 'queue' | 'clock'>): Webhooks {
  return {
    emitter: (log = quietLog) => webhookEmitter({ database: deps.database, queue: deps.queue, clock: deps.clock, log }),
    listening: webhookListening,
  };
}
