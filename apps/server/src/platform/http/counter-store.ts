import { Redis } from 'ioredis';
import type { Database } from '../db/db.js';
import { rateLimitFallbacks } from '../observability/metrics.js';
import { databaseTag } from '../cache/shared-reads.js';

/** A counter after a hit: how many hits its window holds, and how long until the window ends. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters shared by every process: the per-address route limits and the
 * per-account limits and back-off both count here. The database keeps them when REDIS_URL is
 * unset, Redis when it is set; either way they hold across processes and restarts.
 */
export interface CounterStore {
  /**
   * Adds one to the key's counter in one atomic step. A key that has no live window starts one
   * of `windowMs` at a count of 1; later hits in that window leave its end where it is.
   */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The live counter, without counting; null when the key has no live window. */
  peek(key: string): Promise<CounterState | null>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

type Clock = () => Date;

/** Expired rows are swept once in this many hits by each process. */
const SWEEP_EVERY = 500;

/** Counters in the `rate_limit_counters` table; one upsert per hit, on PGlite and PostgreSQL alike. */
export class DatabaseCounterStore implements CounterStore {
  private hits = 0;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly clock: Clock = () => new Date(),
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.clock();
    const end = new Date(now.getTime() + windowMs);
    if (++this.hits % SWEEP_EVERY === 0) await this.sweep(now);
    const { rows } = await this.database.query<{ count: number; expires_at: Date | string }>(
      `INSERT INTO rate_limit_counters AS c (key, count, expires_at) VALUES ($1, 1, $3::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.expires_at <= $2::timestamptz THEN 1 ELSE c.count + 1 END,
         expires_at = CASE WHEN c.expires_at <= $2::timestamptz THEN EXCLUDED.expires_at ELSE c.expires_at END
       RETURNING count, expires_at`,
      [key, now.toISOString(), end.toISOString()],
    );
    const row = rows[0];
    if (!row) throw new Error('rate limit counter was not written');
    return { count: Number(row.count), ttlMs: Math.max(0, new Date(row.expires_at).getTime() - now.getTime()) };
  }

  async peek(key: string): Promise<CounterState | null> {
    const now = this.clock();
    const { rows } = await this.database.query<{ count: number; expires_at: Date | string }>(
      'SELECT count, expires_at FROM rate_limit_counters WHERE key = $1 AND expires_at > $2::timestamptz',
      [key, now.toISOString()],
    );
    const row = rows[0];
    return row ? { count: Number(row.count), ttlMs: new Date(row.expires_at).getTime() - now.getTime() } : null;
  }

  async reset(key: string): Promise<void> {
    await this.database.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
  }

  async sweep(now: Date = this.clock()): Promise<void> {
    await this.database.query('DELETE FROM rate_limit_counters WHERE expires_at <= $1::timestamptz', [
      now.toISOString(),
    ]);
  }

  async close(): Promise<void> {}
}

// A hash per key: `c` the count, `e` the end of its window in ms since the epoch (the app's clock).
// Redis also expires the key itself once the window has passed in real time.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local e = tonumber(redis.call('HGET', KEYS[1], 'e'))
if (not e) or e <= now then
  redis.call('HSET', KEYS[1], 'c', 1, 'e', now + win)
  redis.call('PEXPIRE', KEYS[1], win)
  return {1, win}
end
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {c, e - now}
`;

/** Counters in Redis (REDIS_URL): one Lua script per hit, so a hit is atomic across processes. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    urlOrClient: string | Redis,
    private readonly prefix = 'atelier:rl:',
    private readonly clock: Clock = () => new Date(),
  ) {
    // Bounded: with Redis away a command fails within the command timeout or after one
    // reconnection attempt, instead of waiting through ioredis's retries (about 10 s, then a 500).
    // Commands sent while it connects wait in its queue (FailOpenCounterStore bounds that wait).
    this.redis =
      typeof urlOrClient === 'string'
        ? new Redis(urlOrClient, {
            maxRetriesPerRequest: 1,
            connectTimeout: 1000,
            commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
            retryStrategy: (times) => Math.min(times * 200, 2000),
          })
        : urlOrClient;
    // Reported by the fail-open store when a hit needs Redis; the client reconnects by itself.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.clock().getTime();
    const result = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, now, Math.max(1, Math.ceil(windowMs)))) as [
      number,
      number,
    ];
    return { count: Number(result[0]), ttlMs: Math.max(0, Number(result[1])) };
  }

  async peek(key: string): Promise<CounterState | null> {
    const [count, end] = await this.redis.hmget(this.prefix + key, 'c', 'e');
    const ttlMs = Number(end) - this.clock().getTime();
    return count && end && ttlMs > 0 ? { count: Number(count), ttlMs } : null;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    // quit() needs a connection; while Redis is away, stop reconnecting at once instead.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Counters of this process alone, in memory: what a fail-open store counts in while Redis is away. */
export class LocalCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; end: number }>();

  constructor(private readonly clock: Clock = () => new Date()) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.clock().getTime();
    if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.end <= now) this.windows.delete(k);
    const live = this.windows.get(key);
    const window = live && live.end > now ? live : { count: 0, end: now + windowMs };
    window.count++;
    this.windows.set(key, window);
    return { count: window.count, ttlMs: window.end - now };
  }

  async peek(key: string): Promise<CounterState | null> {
    const now = this.clock().getTime();
    const w = this.windows.get(key);
    return w && w.end > now ? { count: w.count, ttlMs: w.end - now } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {}
}

/**
 * A shared store that fails open: when it does not answer within `timeoutMs` (Redis down or
 * unreachable), each call is answered by this process's own counters instead, so sign-in, sign-up,
 * play counts and API keys go on working, still limited per process, instead of waiting and
 * failing with a 500. Each fallback is counted (`atelier_rate_limit_fallbacks_total`) and logged at
 * most once per `logEveryMs`.
 */
export class FailOpenCounterStore implements CounterStore {
  private readonly local: LocalCounterStore;
  private loggedAt = 0;

  constructor(
    private readonly shared: CounterStore,
    private readonly log: { warn(obj: object, msg?: string): void },
    clock: Clock = () => new Date(),
    private readonly timeoutMs = 1000,
    private readonly logEveryMs = 30_000,
  ) {
    this.local = new LocalCounterStore(clock);
  }

  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        shared(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the rate-limit store did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
    } catch (err) {
      rateLimitFallbacks.inc();
      if (Date.now() - this.loggedAt >= this.logEveryMs) {
        this.loggedAt = Date.now();
        this.log.warn({ err }, 'rate-limit store unavailable; counting in this process until it answers');
      }
      return local();
    } finally {
      clearTimeout(timer);
    }
  }

  hit(key: string, windowMs: number): Promise<CounterState> {
    return this.either(
      () => this.shared.hit(key, windowMs),
      () => this.local.hit(key, windowMs),
    );
  }

  peek(key: string): Promise<CounterState | null> {
    return this.either(
      () => this.shared.peek(key),
      () => this.local.peek(key),
    );
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    await this.either(
      () => this.shared.reset(key),
      async () => undefined,
    );
  }

  close(): Promise<void> {
    return this.shared.close();
  }
}

/**
 * The store the configuration asks for: Redis when REDIS_URL is set (failing open to this
 * process's counters while Redis is away), else the database. In Redis the counters of a
 * PostgreSQL deployment carry its database's name, so two deployments sharing a Redis count apart.
 */
export function openCounterStore(
  config: { REDIS_URL?: string | undefined; DATABASE_URL?: string | undefined },
  database: Pick<Database, 'query'>,
  clock: Clock,
  log: { warn(obj: object, msg?: string): void } = { warn: () => undefined },
): CounterStore {
  return config.REDIS_URL
    ? new FailOpenCounterStore(new RedisCounterStore(config.REDIS_URL, config.DATABASE_URL ? `atelier:rl:${databaseTag(config.DATABASE_URL)}:` : 'atelier:rl:', clock), log, clock)
    : new DatabaseCounterStore(database, clock);
}

interface RouteLimitStoreResult {
  current: number;
  ttl: number;
}

/**
 * A `store` for @fastify/rate-limit over a CounterStore. The plugin makes one per route through
 * `child`, so each route counts on its own key.
 */
export function routeLimitStore(counters: CounterStore) {
  return class RouteLimitStore {
    readonly prefix: string;

    constructor(routeOptions?: object) {
      const options = routeOptions as { routeInfo?: { method?: string; url?: string } } | undefined;
      const route = options?.routeInfo?.method ? `${options.routeInfo.method}${options.routeInfo.url ?? ''}` : 'global';
      this.prefix = `route:${route}:`;
    }

    incr(key: string, cb: (err: Error | null, res?: RouteLimitStoreResult) => void, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (state) => cb(null, { current: state.count, ttl: state.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: (err: Error | null, res?: RouteLimitStoreResult) => void): void {
      counters.peek(this.prefix + key).then(
        (state) => cb(null, { current: state?.count ?? 0, ttl: state?.ttlMs ?? 0 }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object): RouteLimitStore {
      return new RouteLimitStore(routeOptions);
    }
  };
}
