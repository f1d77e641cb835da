import type { CounterStore } from '../../platform/http/counter-store.js';

/** Counts requests per key in windows, in the store every process shares (the rate-limit counters). */
export interface HitCounter {
  /** Counts one hit for `key` in its window of `windowMs`; answers the window's count so far and its end. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
}

/** The shared rate-limit counters (the database, or Redis with REDIS_URL) as a HitCounter. */
export function sharedHitCounter(counters: Pick<CounterStore, 'hit'>): HitCounter {
  return {
    async hit(key, windowMs, now) {
      const { count, ttlMs } = await counters.hit(key, windowMs);
      return { count, resetAt: new Date(now.getTime() + ttlMs) };
    },
  };
}
