import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/db.js';
import type { SharedReadLayer } from './shared-reads.js';

/**
 * The channel on which every process hears that public reads changed. Migration 0035's triggers
 * NOTIFY on it in the writer's own transaction (a new public item, a privacy or moderation change, a
 * delete, a like or comment count, a profile edit, a suspension, a follow), so no write path, in
 * the API or the worker, can forget to; `changed()` sends its own mark on it too.
 */
export const PUBLIC_READS_CHANNEL = 'atelier_public_reads';

/** How long a write's reply waits for its mark to come back round before it goes anyway. */
const ROUND_TRIP_BOUND_MS = 1000;
/** How often a shared level that does not answer is logged. */
const SHARED_WARN_EVERY_MS = 10_000;

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

/** What a fill needs to know of the moment its read began: whether it may still be kept, and where. */
export interface FillTicket {
  /** This process's generation. */
  generation: number;
  /** The shared level's generation, when it was asked (null: not kept there). */
  shared: string | null;
}

export interface PublicReadCacheOptions {
  /** How many replies one process keeps (first pages of the public lists, items, profiles). */
  max?: number;
  /** And at most this many bytes of them (a gallery page is about 25 KB). */
  maxBytes?: number;
  /** Set: invalidations cross processes through its LISTEN/NOTIFY. Unset: this process only. */
  database?: Pick<Database, 'query' | 'listen'>;
  log?: { warn(obj: object, msg?: string): void };
  /** Set (REDIS_URL): a second level shared by every process, behind this one (shared-reads.ts). */
  shared?: SharedReadLayer;
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
 *
 * With a shared level (Redis), a miss here asks it before the handler runs, and a fill is kept in
 * both; its generation rules are written in shared-reads.ts. Each change this process announces or
 * hears retires the shared level's entries too, and until that has returned this process reads
 * nothing from it.
 */
export class PublicReadCache {
  private readonly entries: LRUCache<string, CachedReply>;
  private gen = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly waiting = new Map<string, () => void>();
  private readonly markPrefix = `mark:${randomUUID()}:`;
  private marks = 0;
  /**
   * Served to visitors from the cache, filled into it, emptied, served to signed-in readers merged
   * with their own fields, and taken from the shared level, since start (for tests and the bench).
   */
  readonly stats = { hits: 0, fills: 0, invalidations: 0, merged: 0, sharedHits: 0 };
  /** Retirements of the shared level under way: it is not read meanwhile. */
  private bumping = 0;
  private sharedWarnedAt = 0;

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
      // Reconnected: changes may have gone unheard meanwhile.
      () => {
        this.invalidateLocal();
        void this.retireShared();
      },
    );
  }

  /** Whether a shared level is there to ask. */
  get hasShared(): boolean {
    return this.opts.shared !== undefined;
  }

  /**
   * A miss here: the reply another process kept in the shared level, or the ticket a fill of it
   * must carry. Never throws; the shared level away is a miss.
   */
  async lookup(key: string): Promise<{ hit: CachedReply | null; ticket: FillTicket }> {
    const generation = this.gen;
    const shared = this.opts.shared;
    if (!shared || this.bumping > 0) return { hit: null, ticket: { generation, shared: null } };
    try {
      const found = await shared.lookup(key);
      if (found.body === null) return { hit: null, ticket: { generation, shared: found.ticket } };
      const reply = { body: found.body, etag: etagOf(found.body) };
      this.stats.sharedHits += 1;
      // Kept here too unless a change was heard while it was asked.
      if (generation === this.gen && this.bumping === 0) this.entries.set(key, reply);
      return { hit: reply, ticket: { generation, shared: null } };
    } catch (err) {
      this.warnShared(err, 'the shared public-read cache did not answer; reading from the database');
      return { hit: null, ticket: { generation, shared: null } };
    }
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
    for (const done of this.waiting.values()) done();
    this.waiting.clear();
    await this.opts.shared?.close();
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

  /** Keeps a reply read at `ticket`, unless something changed since; returns it with its ETag either way. */
  fill(key: string, body: string, ticket: FillTicket | number): CachedReply {
    const at = typeof ticket === 'number' ? { generation: ticket, shared: null } : ticket;
    const reply = { body, etag: etagOf(body) };
    if (at.generation === this.gen) {
      this.entries.set(key, reply);
      this.stats.fills += 1;
    }
    // The shared level refuses it itself when its generation moved on; the reply does not wait.
    if (at.shared !== null)
      this.opts.shared?.store(key, at.shared, body).catch((err: unknown) => this.warnShared(err, 'a public read was not kept in the shared cache'));
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
   * retires the shared level's entries, sends a mark through the database and waits (bounded)
   * until it comes back. PostgreSQL hands notifications to every listener in commit order, so the
   * write's own (from the triggers, at its commit) has reached every process by then.
   */
  async changed(): Promise<void> {
    this.invalidateLocal();
    const retired = this.retireShared();
    const db = this.opts.database;
    if (!db || !this.stopListening) return retired;
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
      // The shared level's new generation, before the reply: no process can read an entry of the old.
      await retired;
    }
  }

  /**
   * Retires the shared level's entries (a new generation); reads of it pause until this returns.
   * Never throws: with Redis away nothing can be read from it either.
   */
  private async retireShared(): Promise<void> {
    const shared = this.opts.shared;
    if (!shared) return;
    this.bumping += 1;
    try {
      await shared.bump();
    } catch (err) {
      this.warnShared(err, 'the shared public-read cache was not retired');
    } finally {
      this.bumping -= 1;
    }
  }

  /** With Redis away every miss would say so: once in a while is enough. */
  private warnShared(err: unknown, msg: string): void {
    const now = Date.now();
    if (now - this.sharedWarnedAt < SHARED_WARN_EVERY_MS) return;
    this.sharedWarnedAt = now;
    this.opts.log?.warn({ err }, msg);
  }

  private heard(payload: string): void {
    // Our own mark: we emptied the cache before sending it; it only tells the write to answer.
    // Anything else (a trigger's change, another process's mark) empties this process's cache;
    // a trigger's change retires the shared level too (its writer may have no reply to do it
    // before: the worker), while another process's mark was sent after its own retirement.
    const own = this.waiting.get(payload);
    if (own) own();
    else if (!payload.startsWith(this.markPrefix)) {
      this.invalidateLocal();
      if (!payload.startsWith('mark:')) void this.retireShared();
    }
  }
}
