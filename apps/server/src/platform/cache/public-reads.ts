import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/db.js';

/**
 * The channel on which every process hears that public reads changed. Migration 0035's triggers
 * NOTIFY on it in the writer's own transaction (a new public item, a privacy or moderation change, a
 * delete, a like or comment count, a profile edit, a suspension, a follow), so no write path, in
 * the API or the worker, can forget to; `changed()` sends its own mark on it too.
 */
export const PUBLIC_READS_CHANNEL = 'atelier_public_reads';

/** How long a write's reply waits for its mark to come back round before it goes anyway. */
const ROUND_TRIP_BOUND_MS = 1000;

export interface CachedReply {
  /** The serialised reply, exactly the bytes a miss sent. */
  body: string;
  /** A strong validator made from those bytes. */
  etag: string;
}

/** A strong ETag of the reply's bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export interface PublicReadCacheOptions {
  /** How many replies one process keeps (first pages of the public lists, items, profiles). */
  max?: number;
  /** And at most this many bytes of them (a gallery page is about 25 KB). */
  maxBytes?: number;
  /** Set: invalidations cross processes through its LISTEN/NOTIFY. Unset: this process only. */
  database?: Pick<Database, 'query' | 'listen'>;
  log?: { warn(obj: object, msg?: string): void };
}

/**
 * Public replies that anyone (a visitor) would be sent, kept as their serialised bytes, in process.
 *
 * Never stale after a write's reply: every change to what they show empties the cache of every
 * process (the database's NOTIFY), and the process that wrote empties its own synchronously and
 * waits until its mark has come round through the database before it answers, by which time every
 * other listener has been handed the change too. A fill records the generation before it reads and
 * stores only if no invalidation came meanwhile, so a read that raced a write never stores the old
 * reply.
 */
export class PublicReadCache {
  private readonly entries: LRUCache<string, CachedReply>;
  private gen = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly waiting = new Map<string, () => void>();
  private readonly markPrefix = `mark:${randomUUID()}:`;
  private marks = 0;
  /**
   * Served to visitors from the cache, filled into it, emptied, and served to signed-in readers
   * merged with their own fields, since start (for tests and the bench).
   */
  readonly stats = { hits: 0, fills: 0, invalidations: 0, merged: 0 };

  constructor(private readonly opts: PublicReadCacheOptions = {}) {
    this.entries = new LRUCache({
      max: opts.max ?? 2000,
      maxSize: opts.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (reply) => Math.max(1, reply.body.length),
    });
  }

  /** Starts hearing other processes' changes; without it the cache is this process's alone. */
  async start(): Promise<void> {
    const listen = this.opts.database?.listen;
    if (!listen || this.stopListening) return;
    this.stopListening = await listen(
      PUBLIC_READS_CHANNEL,
      (payload) => this.heard(payload),
      () => this.invalidateLocal(),
    );
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
    for (const done of this.waiting.values()) done();
    this.waiting.clear();
  }

  /** The generation a fill must record before it reads. */
  get generation(): number {
    return this.gen;
  }

  get(key: string): CachedReply | undefined {
    const hit = this.entries.get(key);
    if (hit) this.stats.hits += 1;
    return hit;
  }

  /** The kept reply, not counted as a visitor's hit (a signed-in reader's merge counts as `merged`). */
  peek(key: string): CachedReply | undefined {
    return this.entries.get(key);
  }

  /** Keeps a reply read at `generation`, unless something changed since; returns it with its ETag either way. */
  fill(key: string, body: string, generation: number): CachedReply {
    const reply = { body, etag: etagOf(body) };
    if (generation === this.gen) {
      this.entries.set(key, reply);
      this.stats.fills += 1;
    }
    return reply;
  }

  /** Empties this process's cache at once; fills that started before will not be stored. */
  invalidateLocal(): void {
    this.gen += 1;
    this.stats.invalidations += 1;
    this.entries.clear();
  }

  /**
   * After a write that changes public reads, before its reply: empties this process's cache, then
   * sends a mark through the database and waits (bounded) until it comes back. PostgreSQL hands
   * notifications to every listener in commit order, so the write's own (from the triggers, at its
   * commit) has reached every process by then.
   */
  async changed(): Promise<void> {
    this.invalidateLocal();
    const db = this.opts.database;
    if (!db || !this.stopListening) return;
    const mark = `${this.markPrefix}${(this.marks += 1)}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.waiting.set(mark, resolve);
      timer = setTimeout(() => {
        this.opts.log?.warn({ mark }, 'a public-read invalidation did not come back in time; answering anyway');
        resolve();
      }, ROUND_TRIP_BOUND_MS);
    });
    try {
      await db.query('SELECT pg_notify($1, $2)', [PUBLIC_READS_CHANNEL, mark]);
      await back;
    } catch (err) {
      this.opts.log?.warn({ err }, 'public-read invalidation not sent to the other processes');
    } finally {
      clearTimeout(timer);
      this.waiting.delete(mark);
    }
  }

  private heard(payload: string): void {
    // Our own mark: we emptied the cache before sending it; it only tells the write to answer.
    // Anything else (a trigger's change, another process's mark) empties this process's cache.
    const own = this.waiting.get(payload);
    if (own) own();
    else if (!payload.startsWith(this.markPrefix)) this.invalidateLocal();
  }
}
