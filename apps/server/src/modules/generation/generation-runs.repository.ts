import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { contentTable as content, lockRatingMature, visibleTo, type ContentRow, type NewContent } from '../content/index.js';
import type { RunColumn } from './generation.schema.js';

/**
 * A generation run of a content item: requested (queued), claimed by a worker run (processing),
 * then ready or failed. The item is content's row; its run columns (RUN_COLUMNS in
 * generation.schema.ts) are generation's, and this file is the only code that sets them once the
 * item exists. Every transition is a conditional update, so duplicate jobs, retries after a crash
 * and the periodic sweep can never apply one twice.
 */

/** What a run's UPDATE may set: its run columns, and the row's updated_at stamp. */
type RunSet = { [K in RunColumn | 'updatedAt']?: NewContent[K] | SQL };

export async function findByRequestKey(db: Db, userId: string, key: string): Promise<string | null> {
  const rows = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.userId, userId), eq(content.idempotencyKey, key)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findOwnReady(db: Db, id: string, userId: string): Promise<ContentRow | null> {
  const rows = await db
    .select()
    .from(content)
    .where(and(eq(content.id, id), eq(content.userId, userId), eq(content.status, 'ready')))
    .limit(1);
  return rows[0] ?? null;
}

export async function recordEnqueued(db: Db, id: string, jobId: string, now: Date): Promise<void> {
  await db
    .update(content)
    .set({ jobId, enqueuedAt: now } satisfies RunSet)
    .where(and(eq(content.id, id), eq(content.status, 'queued')));
}

/**
 * Takes a queued item for one worker run; null when it is not queued (taken, done or deleted).
 * Row timestamps shown to people come from the database; started_at and enqueued_at come from
 * the app clock because the deadlines compared with them do.
 */
export async function claimQueued(db: Db, id: string, runId: string, now: Date): Promise<ContentRow | null> {
  const rows = await db
    .update(content)
    .set({
      status: 'processing',
      runId,
      attempts: sql`${content.attempts} + 1`,
      startedAt: now,
      heartbeatAt: now,
      progress: 0,
      updatedAt: sql`now()`,
    } satisfies RunSet)
    .where(and(eq(content.id, id), eq(content.status, 'queued')))
    .returning();
  return rows[0] ?? null;
}

const ownedBy = (id: string, runId: string) =>
  and(eq(content.id, id), eq(content.runId, runId), eq(content.status, 'processing'));

export async function saveProgress(db: Db, id: string, runId: string, progress: number): Promise<void> {
  await db.update(content).set({ progress } satisfies RunSet).where(ownedBy(id, runId));
}

/** The run's worker is alive. */
export async function beat(db: Db, id: string, runId: string, now: Date): Promise<void> {
  await db.update(content).set({ heartbeatAt: now } satisfies RunSet).where(ownedBy(id, runId));
}

/** Processing items whose worker has not beaten since `before` (a run from before beats counts from its start). */
export async function listSilentProcessing(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ id: string; attempts: number }[]> {
  return db
    .select({ id: content.id, attempts: content.attempts })
    .from(content)
    .where(
      and(eq(content.status, 'processing'), lt(sql`coalesce(${content.heartbeatAt}, ${content.startedAt})`, before)),
    )
    .orderBy(asc(content.startedAt))
    .limit(limit);
}

/** Gives a silent run's item back to the queue, unless its worker beat again in the meantime. */
export async function requeueSilent(db: Db, id: string, before: Date): Promise<ContentRow | null> {
  const rows = await db
    .update(content)
    .set({
      status: 'queued',
      runId: null,
      progress: 0,
      startedAt: null,
      heartbeatAt: null,
      jobId: null,
      updatedAt: sql`now()`,
    } satisfies RunSet)
    .where(
      and(
        eq(content.id, id),
        eq(content.status, 'processing'),
        lt(sql`coalesce(${content.heartbeatAt}, ${content.startedAt})`, before),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The files and size a finished run stores on its item. */
export interface ReadyFields {
  width: number;
  height: number;
  durationMs: number | null;
  mediaKey: string;
  previewKey: string;
  thumbnailKey: string;
  posterKey: string | null;
  tileKey: string | null;
  mimeType: string;
}

async function markReady(db: Db, id: string, runId: string, fields: ReadyFields): Promise<boolean> {
  const rows = await db
    .update(content)
    .set({
      width: fields.width,
      height: fields.height,
      durationMs: fields.durationMs,
      mediaKey: fields.mediaKey,
      previewKey: fields.previewKey,
      thumbnailKey: fields.thumbnailKey,
      posterKey: fields.posterKey,
      tileKey: fields.tileKey,
      mimeType: fields.mimeType,
      status: 'ready',
      progress: 100,
      runId: null,
      failureReason: null,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    } satisfies RunSet)
    .where(ownedBy(id, runId))
    .returning({ id: content.id });
  return rows.length > 0;
}

/**
 * Marks the run's item ready with what it made; false when the run no longer holds it (deleted, or
 * failed by a sweep). When the vendor's safety check flagged the result (`flaggedMatureAt`), content
 * rates the item mature and fixes that for its owner in the same transaction, so the item is never
 * seen ready with its old rating.
 */
export async function completeRun(db: Db, id: string, runId: string, fields: ReadyFields, flaggedMatureAt: Date | null): Promise<boolean> {
  if (!flaggedMatureAt) return markReady(db, id, runId, fields);
  return db.transaction(async (tx) => {
    if (!(await markReady(tx, id, runId, fields))) return false;
    await lockRatingMature(tx, id, flaggedMatureAt);
    return true;
  });
}

/** Gives the item back to the queue (shutdown, or a provider asking to be retried later). */
export async function requeueRun(db: Db, id: string, runId: string): Promise<boolean> {
  const rows = await db
    .update(content)
    .set({ status: 'queued', runId: null, progress: 0, startedAt: null, heartbeatAt: null, updatedAt: sql`now()` } satisfies RunSet)
    .where(ownedBy(id, runId))
    .returning({ id: content.id });
  return rows.length > 0;
}

/** Which failure may be recorded: the run's own, or a sweep of a run that went silent. */
export type FailGuard = { runId: string } | { staleBefore: Date } | { silentBefore: Date } | { pending: true };

/**
 * Marks the item failed and returns it as it was before (for the refund), or null when the
 * guard does not hold any more. Runs inside the refund's transaction.
 */
export async function failPending(tx: Db, id: string, guard: FailGuard, reason: string): Promise<ContentRow | null> {
  const locked = await tx.select().from(content).where(eq(content.id, id)).for('no key update');
  const row = locked[0];
  if (!row) return null;
  const holds =
    'runId' in guard
      ? row.status === 'processing' && row.runId === guard.runId
      : 'staleBefore' in guard
        ? row.status === 'processing' && row.startedAt !== null && row.startedAt < guard.staleBefore
        : 'silentBefore' in guard
          ? row.status === 'processing' && (row.heartbeatAt ?? row.startedAt ?? guard.silentBefore) < guard.silentBefore
          : row.status === 'queued' || row.status === 'processing';
  if (!holds) return null;
  await tx
    .update(content)
    .set({
      status: 'failed',
      failureReason: reason,
      runId: null,
      refunded: row.charged,
      updatedAt: sql`now()`,
      completedAt: sql`now()`,
    } satisfies RunSet)
    .where(eq(content.id, id));
  return row;
}

export async function listStaleProcessing(db: Db, startedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.status, 'processing'), lt(content.startedAt, startedBefore)))
    .orderBy(asc(content.startedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Queued items whose job was never sent, or was sent before `before` (its job may be gone). */
export async function listQueuedForSweep(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ id: string; jobId: string | null }[]> {
  return db
    .select({ id: content.id, jobId: content.jobId })
    .from(content)
    .where(
      and(
        eq(content.status, 'queued'),
        or(and(isNull(content.jobId), lt(content.createdAt, before)), lt(content.enqueuedAt, before)),
      ),
    )
    .orderBy(asc(content.createdAt))
    .limit(limit);
}

/** Items not finished yet, by status and model (the metrics scrape; the pending index covers it). */
export async function pendingItemsByModel(db: Db): Promise<{ status: string; model: string; count: number }[]> {
  return db
    .select({ status: content.status, model: content.model, count: sql<number>`count(*)::int` })
    .from(content)
    .where(sql`${content.status} IN ('queued', 'processing')`)
    .groupBy(content.status, content.model);
}

/**
 * An item anyone may remix: public and ready (the gallery's rule, so nobody's private or unfinished
 * work), with what the remix's page says of it ("Remix of <title> by <owner>").
 */
export async function findRemixable(
  db: Db,
  id: string,
): Promise<(Pick<ContentRow, 'id' | 'userId' | 'title'> & { owner: ContentOwner }) | null> {
  const rows = await db
    .select({
      id: content.id,
      userId: content.userId,
      title: content.title,
      owner: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
    })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(and(eq(content.id, id), visibleTo(null, 'gallery')))
    .limit(1);
  return rows[0] ?? null;
}

/** The ids of a user's items from one batch, in the order they were asked for (their creation). */
export async function listBatchItemIds(db: Db, userId: string, batchId: string): Promise<string[]> {
  const rows = await db
    .select({ id: content.id, seed: content.seed })
    .from(content)
    .where(and(eq(content.userId, userId), eq(content.batchId, batchId)))
    .orderBy(asc(content.createdAt), asc(content.seed));
  return rows.map((r) => r.id);
}
