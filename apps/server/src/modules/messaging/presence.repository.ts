import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { presenceNodes, presenceSockets } from './messaging.schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/*
 * Presence's rows (messaging.presence.ts): one per node (process) with its last heartbeat, and one
 * per online socket under its node. Liveness is judged by the database's clock: a node is live
 * while its heartbeat is younger than `ttlSeconds`.
 */

/** Rows of nodes that beat recently enough. */
function isLive(ttlSeconds: number): SQL {
  return gt(presenceNodes.lastSeen, sql`now() - make_interval(secs => ${ttlSeconds})`);
}

/** Serialises presence changes of one person across processes until the transaction ends. */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`presence:${userId}`}))`);
}

async function liveSocketCount(tx: Tx, userId: string, ttlSeconds: number): Promise<number> {
  const rows = await tx
    .select({ socketId: presenceSockets.socketId })
    .from(presenceSockets)
    .innerJoin(presenceNodes, eq(presenceNodes.nodeId, presenceSockets.nodeId))
    .where(and(eq(presenceSockets.userId, userId), isLive(ttlSeconds)))
    .limit(1);
  return rows.length;
}

/** Adds a socket under the node; true when it is the person's first live one. */
export function insertSocket(db: Db, nodeId: string, userId: string, socketId: string, ttlSeconds: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const wasOnline = (await liveSocketCount(tx, userId, ttlSeconds)) > 0;
    await tx.insert(presenceSockets).values({ nodeId, socketId, userId }).onConflictDoNothing();
    return !wasOnline;
  });
}

/** Takes a socket off the node; true when its person has no live socket left. */
export function deleteSocket(db: Db, nodeId: string, userId: string, socketId: string, ttlSeconds: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const gone = await tx
      .delete(presenceSockets)
      .where(and(eq(presenceSockets.nodeId, nodeId), eq(presenceSockets.socketId, socketId)))
      .returning({ userId: presenceSockets.userId });
    return gone.length > 0 && (await liveSocketCount(tx, userId, ttlSeconds)) === 0;
  });
}

/** The ones among `ids` with a socket on a live node. */
export async function onlineAmong(db: Db, ids: string[], ttlSeconds: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: presenceSockets.userId })
    .from(presenceSockets)
    .innerJoin(presenceNodes, eq(presenceNodes.nodeId, presenceSockets.nodeId))
    .where(and(inArray(presenceSockets.userId, ids), isLive(ttlSeconds)));
  return new Set(rows.map((r) => r.userId));
}

/** Refreshes the node's heartbeat; false when its row is gone (another node swept it). */
export async function touchNode(db: Db, nodeId: string): Promise<boolean> {
  const refreshed = await db
    .update(presenceNodes)
    .set({ lastSeen: sql`now()` })
    .where(eq(presenceNodes.nodeId, nodeId))
    .returning({ nodeId: presenceNodes.nodeId });
  return refreshed.length > 0;
}

/** Creates the node's row, or refreshes it. */
export async function upsertNode(db: Db, nodeId: string): Promise<void> {
  await db
    .insert(presenceNodes)
    .values({ nodeId, lastSeen: sql`now()` })
    .onConflictDoUpdate({ target: presenceNodes.nodeId, set: { lastSeen: sql`now()` } });
}

/** Deletes the node with its sockets; the people those sockets were of. */
export async function deleteNode(db: Db, nodeId: string): Promise<string[]> {
  const gone = await db.delete(presenceSockets).where(eq(presenceSockets.nodeId, nodeId)).returning({ userId: presenceSockets.userId });
  await db.delete(presenceNodes).where(eq(presenceNodes.nodeId, nodeId));
  return gone.map((r) => r.userId);
}

/** Deletes the nodes that stopped beating, with their sockets; the people those sockets were of. */
export function sweepDeadNodes(db: Db, ttlSeconds: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Locking the stale rows makes a late heartbeat from that node wait, then find its row gone and rejoin.
    const dead = await tx
      .select({ nodeId: presenceNodes.nodeId })
      .from(presenceNodes)
      .where(lt(presenceNodes.lastSeen, sql`now() - make_interval(secs => ${ttlSeconds})`))
      .for('update', { skipLocked: true });
    if (dead.length === 0) return [];
    const ids = dead.map((d) => d.nodeId);
    const rows = await tx
      .delete(presenceSockets)
      .where(inArray(presenceSockets.nodeId, ids))
      .returning({ userId: presenceSockets.userId });
    await tx.delete(presenceNodes).where(inArray(presenceNodes.nodeId, ids));
    return rows.map((r) => r.userId);
  });
}
