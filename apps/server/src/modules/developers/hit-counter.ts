import type { Database } from '../../platform/db/db.js';

/**
 * Counts requests per key in fixed windows, in a store every process shares. One seam, so the
 * counters can move to whatever store the rest of the rate limits use without touching callers.
 */
export interface HitCounter {
  /** Counts one hit for `key` in the window of `windowMs` that holds `now`; answers the window's count so far. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
}

/** Counters in the database (table `api_key_hits`); a hit also drops the key's finished windows. */
export function databaseHitCounter(database: Pick<Database, 'query'>): HitCounter {
  return {
    async hit(key, windowMs, now) {
      const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const { rows } = await database.query<{ hits: number }>(
        `WITH pruned AS (DELETE FROM api_key_hits WHERE bucket = $1 AND window_start < $2)
         INSERT INTO api_key_hits (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = api_key_hits.hits + 1
         RETURNING hits`,
        [key, start],
      );
      return { count: Number(rows[0]?.hits ?? 1), resetAt: new Date(start.getTime() + windowMs) };
    },
  };
}
