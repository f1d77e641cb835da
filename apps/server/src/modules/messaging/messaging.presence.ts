import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/db.js';
import { deleteNode, deleteSocket, insertSocket, onlineAmong, sweepDeadNodes, touchNode, upsertNode } from './presence.repository.js';
import { boundedCache } from '../../platform/cache/bounded.js';

export interface PresenceOptions {
  db: Db;
  /** Told when a person comes online or goes offline anywhere, exactly once per change. */
  onChange: (userId: string, isOnline: boolean) => void;
  /** Defaults to a random id: each process (and each app in a test) is its own node. */
  nodeId?: string;
  /** How often this process proves it is alive. */
  heartbeatMs?: number;
  /** How long after its last heartbeat a process's sockets stop counting as online. */
  ttlMs?: number;
  /** How long `knownOnline` trusts what it last read about someone with no socket on this node. */
  rememberMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who is online, shared by every API process through the database (DESIGN.md §1 scale-out): one
 * row per socket that announced itself online, under the node (process) holding it. A node
 * refreshes its row on a heartbeat; a node that stops (crash, freeze, lost network) is swept by
 * whichever node beats next, and its people are announced offline unless they are connected
 * elsewhere. Liveness is judged by the database's clock, not the app's `clock`, because it compares
 * times written by different machines and is about real elapsed time rather than business time.
 *
 * Changes for one person are serialised by a transaction-scoped advisory lock, so two tabs opening
 * on two processes at once announce "online" once, not twice or never.
 */
export class Presence {
  readonly nodeId: string;
  private readonly db: Db;
  private readonly onChange: PresenceOptions['onChange'];
  private readonly heartbeatMs: number;
  private readonly ttlSeconds: number;
  /** This node's sockets that are online: socket id → user id. Re-registered if the node was swept. */
  private readonly local = new Map<string, string>();
  /** This node's online sockets per person. */
  private readonly localPeople = new Map<string, number>();
  /** knownOnline's last reading of people with no socket here, and until when it holds. */
  private readonly remembered = boundedCache<string, { isOnline: boolean; until: number }>(10_000);
  private readonly rememberMs: number;
  /** Per socket, the last queued change: a socket's online/offline run in the order they were asked. */
  private readonly chains = new Map<string, Promise<unknown>>();
  private registered: Promise<void> | null = null;
  private isClosed = false;

  constructor(opts: PresenceOptions) {
    this.db = opts.db;
    this.onChange = opts.onChange;
    this.nodeId = opts.nodeId ?? randomUUID();
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
    this.ttlSeconds = (opts.ttlMs ?? 30_000) / 1000;
    this.rememberMs = opts.rememberMs ?? 3_000;
  }

  /** Marks a socket online; returns true when its person just came online (and was announced). */
  add(userId: string, socketId: string): Promise<boolean> {
    return this.serial(socketId, async () => {
      if (this.isClosed || this.local.has(socketId)) return false;
      await this.register();
      const cameOnline = await this.insertSocket(userId, socketId);
      this.local.set(socketId, userId);
      this.localPeople.set(userId, (this.localPeople.get(userId) ?? 0) + 1);
      this.remembered.delete(userId);
      if (cameOnline) this.onChange(userId, true);
      return cameOnline;
    });
  }

  /** Marks a socket offline (goOffline or disconnect); returns true when its person just went offline. */
  remove(userId: string, socketId: string): Promise<boolean> {
    return this.serial(socketId, async () => {
      if (!this.local.delete(socketId)) return false;
      const left = (this.localPeople.get(userId) ?? 1) - 1;
      if (left > 0) this.localPeople.set(userId, left);
      else this.localPeople.delete(userId);
      this.remembered.delete(userId);
      const wentOffline = await deleteSocket(this.db, this.nodeId, userId, socketId, this.ttlSeconds);
      if (wentOffline) this.onChange(userId, false);
      return wentOffline;
    });
  }

  /** The ones among `userIds` with a socket on a live node; anything that is not a user id is offline. */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Set();
    return onlineAmong(this.db, ids, this.ttlSeconds);
  }

  /**
   * onlineAmong for the path every message takes, without asking the database each time: someone
   * with an online socket on this node is online; for anyone else, what the database said within
   * the last `rememberMs` stands (changes made on this node correct it at once, changes on other
   * nodes within that time). Clients hear every change as it happens through `presence` events.
   */
  async knownOnline(userIds: readonly string[]): Promise<Set<string>> {
    const online = new Set<string>();
    const unknown: string[] = [];
    const now = Date.now();
    for (const id of new Set(userIds)) {
      if (this.localPeople.has(id)) online.add(id);
      else {
        const known = this.remembered.get(id);
        if (known && known.until > now) {
          if (known.isOnline) online.add(id);
        } else unknown.push(id);
      }
    }
    if (unknown.length === 0) return online;
    const found = await this.onlineAmong(unknown);
    for (const id of unknown) {
      this.remembered.set(id, { isOnline: found.has(id), until: now + this.rememberMs });
      if (found.has(id)) online.add(id);
    }
    return online;
  }

  async isOnline(userId: string): Promise<boolean> {
    return (await this.onlineAmong([userId])).has(userId);
  }

  /**
   * One heartbeat: refresh this node, come back with every local socket if another node swept it
   * while it was unresponsive, then sweep nodes that stopped beating. Runs on startHeartbeat's
   * timer; exposed so tests can drive it.
   */
  async beat(): Promise<void> {
    if (this.registered) {
      if (!(await touchNode(this.db, this.nodeId))) await this.rejoin();
    }
    await this.sweep();
  }

  /**
   * The heartbeat of an API process (background.ts starts it): it beats once this node holds a
   * socket. Stopping it closes the node, so its people are announced offline at once rather than
   * when their row outlives the TTL.
   */
  startHeartbeat(): { stop(): Promise<void> } {
    const timer = setInterval(() => {
      if (this.registered) void this.beat().catch(() => undefined);
    }, this.heartbeatMs);
    // The heartbeat must not keep a process (or a test run) alive on its own.
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await this.close();
      },
    };
  }

  /** Takes this node's sockets off the shared list, announcing who left; later changes are ignored. */
  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.allSettled([...this.chains.values()]);
    if (!this.registered) return;
    const gone = await deleteNode(this.db, this.nodeId);
    this.local.clear();
    this.localPeople.clear();
    await this.announceGone(gone);
  }

  private serial<T>(socketId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(socketId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.chains.set(socketId, tail);
    // Forget the chain once nothing else was queued behind it, so the map does not grow with every socket.
    void tail.then(() => {
      if (this.chains.get(socketId) === tail) this.chains.delete(socketId);
    });
    return run;
  }

  /** Creates this node's row, once; the heartbeat keeps it fresh from then on. */
  private register(): Promise<void> {
    this.registered ??= (async () => {
      await upsertNode(this.db, this.nodeId);
    })().catch((err: unknown) => {
      this.registered = null;
      throw err;
    });
    return this.registered;
  }

  /** Returns true when this socket is the person's first live one. */
  private insertSocket(userId: string, socketId: string): Promise<boolean> {
    return insertSocket(this.db, this.nodeId, userId, socketId, this.ttlSeconds);
  }

  private async rejoin(): Promise<void> {
    await upsertNode(this.db, this.nodeId);
    for (const [socketId, userId] of [...this.local]) {
      await this.serial(socketId, async () => {
        if (this.local.get(socketId) !== userId) return;
        if (await this.insertSocket(userId, socketId)) this.onChange(userId, true);
      });
    }
  }

  private async sweep(): Promise<void> {
    const gone = await sweepDeadNodes(this.db, this.ttlSeconds);
    await this.announceGone(gone);
  }

  private async announceGone(userIds: string[]): Promise<void> {
    const distinct = [...new Set(userIds)];
    if (distinct.length === 0) return;
    for (const userId of distinct) this.remembered.delete(userId);
    const stillOnline = await this.onlineAmong(distinct);
    for (const userId of distinct) if (!stillOnline.has(userId)) this.onChange(userId, false);
  }
}
