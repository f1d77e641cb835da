import { and, asc, eq, getTableColumns, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content, type ContentRow } from './content.schema.js';
import { visibleTo } from './content.visibility.js';

/**
 * The generation lifecycle of a content row: requested (queued), claimed by a worker run
 * (processing), then ready or failed. Every transition is a conditional update, so duplicate
 * jobs, retries after a crash and the periodic sweep can never apply one twice.
 */

export type NewContent = typeof content.$inferInsert;

/** Inserts the requested item; null when the user already made a request with this key. */
export async function insertRequested(tx: Db, values: NewContent): Promise<string | null> {
  const rows = await tx
    .insert(content)
    .values(values)
    .onConflictDoNothing({
      target: [content.userId, content.idempotencyKey],
      where: sql`${content.idempotencyKey} IS NOT NULL`,
    })
    .returning({ id: content.id });
  return rows[0]?.id ?? null;
}

const columns = Object.entries(getTableColumns(content));

/** The placeholder of a content column's value in requestedInsertSql's statement. */
const itemPlaceholder = (key: string) => `item_${key}`;

/**
 * Columns that differ between the items of one request (a batch): requestedInsertSql reads them from
 * the `from` row, whose columns carry these names (see requestedEachColumns), not from placeholders.
 */
export const REQUESTED_PER_ITEM = [
  'id',
  'seed',
  'jobId',
  'idempotencyKey',
  'referenceKey',
] as const satisfies readonly (keyof NewContent)[];
const perItem = new Set<string>(REQUESTED_PER_ITEM);

/** The column list of a `from` row for requestedInsertSql: `jsonb_to_recordset(…) AS e(<this>)`. */
export function requestedEachColumns(): SQL {
  return sql.raw(
    REQUESTED_PER_ITEM.map((key) => {
      const column = getTableColumns(content)[key];
      return `${column.name} ${column.getSQLType()}`;
    }).join(', '),
  );
}

/**
 * The columns a requested item sets (its `values` that are not undefined), null ones marked: what
 * requestedInsertSql's text depends on, so callers build the statement once per shape.
 */
export function requestedShape(values: NewContent): string {
  let shape = '';
  for (const [key] of columns) {
    if (perItem.has(key)) continue;
    const value = values[key as keyof NewContent];
    if (value !== undefined) shape += value === null ? `${key}=null,` : `${key},`;
  }
  return shape;
}

/**
 * The requested items as a CTE body for the caller's statement: inserts one item for each row of
 * `from` (a CTE name of that statement; none, nothing is inserted) and returns the rows (`RETURNING *`,
 * see requestedRowFromJson). The per-item columns (REQUESTED_PER_ITEM) come from that row; the rest
 * are placeholders shared by every item (`values` only decides which columns are set, and which are
 * NULL), so the statement is built once per requestedShape and run with requestedValues. No ON
 * CONFLICT: a second request with the same key fails the whole statement with a unique violation of
 * `content_user_idempotency_key`, so nothing else it did stays.
 */
export function requestedInsertSql(values: NewContent, from: string): SQL {
  const given = columns.filter(([key]) => perItem.has(key) || values[key as keyof NewContent] !== undefined);
  const names = sql.join(
    given.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const params = sql.join(
    given.map(([key, column]) =>
      perItem.has(key)
        ? sql`${sql.identifier(from)}.${sql.identifier(column.name)}`
        : values[key as keyof NewContent] === null
          ? sql`NULL::${sql.raw(column.getSQLType())}`
          : sql`${sql.param(sql.placeholder(itemPlaceholder(key)), column)}::${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO ${content} (${names}) SELECT ${params} FROM ${sql.identifier(from)} RETURNING *`;
}

/** The values of requestedInsertSql's placeholders for one item. */
export function requestedValues(values: NewContent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in values) {
    if (perItem.has(key)) continue;
    const value = values[key as keyof NewContent];
    if (value !== undefined && value !== null) out[itemPlaceholder(key)] = value;
  }
  return out;
}

/** Columns whose JSON form is not what drizzle reads (timestamps become Dates); the rest are taken as they are. */
const mappedFromJson = columns.filter(
  ([, column]) => column.getSQLType().startsWith('timestamp') || column.getSQLType() === 'bigint',
);

/** A content row read back as JSON (`row_to_json` of a `RETURNING *`), typed as drizzle reads it. */
export function requestedRowFromJson(json: Record<string, unknown>): ContentRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === undefined ? null : value;
  }
  for (const [key, column] of mappedFromJson) {
    const value = json[column.name];
    if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
  }
  return row as ContentRow;
}

/** True while the user has made no request with this key yet (as the statement's snapshot sees it). */
export function requestKeyFreeSql(userId: string | Placeholder, key: string | Placeholder): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${content} WHERE user_id = ${userId}::uuid AND idempotency_key = ${key})`;
}

/** findByRequestKey as a scalar subquery. */
export function requestKeyItemSql(userId: string | Placeholder, key: string | Placeholder): SQL {
  return sql`(SELECT id FROM ${content} WHERE user_id = ${userId}::uuid AND idempotency_key = ${key} LIMIT 1)`;
}

/** The owner as an item shows them, as a scalar JSON subquery. */
export function ownerJsonSql(userId: string | Placeholder): SQL {
  return sql`(SELECT json_build_object('id', ${users.id}, 'username', ${users.username}, 'fullName', ${users.fullName}, 'avatar', ${users.avatar})
    FROM ${users} WHERE ${users.id} = ${userId}::uuid)`;
}

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

export async function findById(db: Db, id: string): Promise<ContentRow | null> {
  const rows = await db.select().from(content).where(eq(content.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function recordEnqueued(db: Db, id: string, jobId: string, now: Date): Promise<void> {
  await db
    .update(content)
    .set({ jobId, enqueuedAt: now })
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
    })
    .where(and(eq(content.id, id), eq(content.status, 'queued')))
    .returning();
  return rows[0] ?? null;
}

const ownedBy = (id: string, runId: string) =>
  and(eq(content.id, id), eq(content.runId, runId), eq(content.status, 'processing'));

export async function saveProgress(db: Db, id: string, runId: string, progress: number): Promise<void> {
  await db.update(content).set({ progress }).where(ownedBy(id, runId));
}

/** The run's worker is alive. */
export async function beat(db: Db, id: string, runId: string, now: Date): Promise<void> {
  await db.update(content).set({ heartbeatAt: now }).where(ownedBy(id, runId));
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
    })
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
  /** The vendor's safety check flagged the result: rated mature, and fixed there for its owner. */
  rating?: 'mature';
  ratingLockedAt?: Date;
}

export async function completeRun(db: Db, id: string, runId: string, fields: ReadyFields): Promise<boolean> {
  const rows = await db
    .update(content)
    .set({
      ...fields,
      status: 'ready',
      progress: 100,
      runId: null,
      failureReason: null,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(ownedBy(id, runId))
    .returning({ id: content.id });
  return rows.length > 0;
}

/** Gives the item back to the queue (shutdown, or a provider asking to be retried later). */
export async function requeueRun(db: Db, id: string, runId: string): Promise<boolean> {
  const rows = await db
    .update(content)
    .set({ status: 'queued', runId: null, progress: 0, startedAt: null, heartbeatAt: null, updatedAt: sql`now()` })
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
    })
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
