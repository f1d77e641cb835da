import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The public-read cache's second level, shared by every API process through Redis (REDIS_URL):
 * a process whose own cache (public-reads.ts) misses takes the reply another process filled,
 * instead of running the query again. Without REDIS_URL there is none; the embedded default
 * (one process) keeps its cache in process alone.
 *
 * Never stale after a write's reply: every entry's key carries a global generation, a Redis
 * counter (`<prefix>gen`), and nothing ever serves an entry of an older generation.
 * - A write that changes public reads INCRs the counter after its commit and before its reply
 *   (PublicReadCache.changed()); so does every process that hears a change through the database's
 *   NOTIFY (a write made in the worker, or straight into the database, has no reply of its own to
 *   hold back). Every INCR therefore comes after the commit it announces.
 * - A read asks for the counter and the entry under it in one step (a script): after an INCR no
 *   read finds the entries filled before it; they are left to expire.
 * - A fill stores under the generation its read was made at (`ticket`), and only while the counter
 *   still says that generation (compare and set, in one script). If its database read began before
 *   a write's commit, it recorded the old generation, and the write's INCR comes before its reply:
 *   either the store is refused (the INCR came first), or the entry lands under a generation that
 *   the INCR retires before the write answers. An entry under the current generation was
 *   therefore read after the last announced commit.
 * - A process that has heard a change but whose INCR has not returned yet does not read Redis
 *   (PublicReadCache.sharedPaused): the counter may still show the generation before the change.
 * Redis away: every call fails within its timeout and the process answers from its own cache and
 * the database (each write still empties every process's own cache through the database). The
 * keys carry the database's identity (the prefix), so two databases never share entries.
 */
export interface SharedReadLayer {
  /** The current generation, and the reply kept under it for `key` (null when none). */
  lookup(key: string): Promise<{ ticket: string; body: string | null }>;
  /** Keeps `body` under the generation `ticket`, unless the generation moved on since. */
  store(key: string, ticket: string, body: string): Promise<void>;
  /** Retires every entry: the next lookup anywhere reads a new generation. */
  bump(): Promise<void>;
  close(): Promise<void>;
}

/** How long an entry lives in Redis at most (a first page read by nobody for this long goes). */
const ENTRY_TTL_MS = 5 * 60 * 1000;
const COMMAND_TIMEOUT_MS = 300;

// KEYS[1] the counter, ARGV[1] the entry's key after `<prefix><generation>:`.
const LOOKUP = `local g = redis.call('GET', KEYS[1]) or '0'
return {g, redis.call('GET', ARGV[2] .. g .. ':' .. ARGV[1])}`;
// KEYS[1] the counter; ARGV: key, generation read at, body, ttl, prefix.
const STORE = `local g = redis.call('GET', KEYS[1]) or '0'
if g ~= ARGV[2] then return 0 end
redis.call('SET', ARGV[5] .. g .. ':' .. ARGV[1], ARGV[3], 'PX', ARGV[4])
return 1`;

export class RedisReadLayer implements SharedReadLayer {
  private readonly redis: Redis;

  constructor(
    url: string,
    /** Names this database's entries: `atelier:pr:<database>:`. */
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Each call's caller hears of it; the client reconnects by itself.
    this.redis.on('error', () => undefined);
  }

  private get counter(): string {
    return `${this.prefix}gen`;
  }

  async lookup(key: string): Promise<{ ticket: string; body: string | null }> {
    const [ticket, body] = (await this.redis.eval(LOOKUP, 1, this.counter, key, this.prefix)) as [string, string | null];
    return { ticket: String(ticket), body: body ?? null };
  }

  async store(key: string, ticket: string, body: string): Promise<void> {
    await this.redis.eval(STORE, 1, this.counter, key, ticket, body, ENTRY_TTL_MS, this.prefix);
  }

  async bump(): Promise<void> {
    await this.redis.incr(this.counter);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/**
 * A database's name in Redis keys (a hash of its URL), so deployments or test databases that share
 * a Redis never read or count each other's keys.
 */
export function databaseTag(databaseUrl: string): string {
  return createHash('sha256').update(databaseUrl).digest('base64url').slice(0, 16);
}

/** The shared level of one database's processes: its keys are named after the database. */
export function openSharedReads(redisUrl: string, databaseUrl: string): SharedReadLayer {
  return new RedisReadLayer(redisUrl, `atelier:pr:${databaseTag(databaseUrl)}:`);
}
