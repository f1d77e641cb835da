import type { AppDeps } from '../../platform/http/types.js';
import type { ApiKeysDeps } from './api-keys.service.js';
import { databaseHitCounter } from './hit-counter.js';

export function apiKeysDeps(deps: Pick<AppDeps, 'database' | 'clock' | 'config'>): ApiKeysDeps {
  return {
    database: deps.database,
    clock: deps.clock,
    hits: databaseHitCounter(deps.database),
    perMinute: deps.config.API_KEY_RATE_LIMIT,
  };
}
