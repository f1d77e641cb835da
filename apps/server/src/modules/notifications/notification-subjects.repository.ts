import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { contentTable } from '../content/index.js';
import { jobsTable } from '../jobs/index.js';

/** The titles of the content items and jobs notifications are about, read now so renames show. */
export async function subjectTitles(db: Db, contentIds: string[], jobIds: string[]): Promise<{ id: string; title: string }[]> {
  const [items, jobs] = await Promise.all([
    contentIds.length
      ? db.select({ id: contentTable.id, title: contentTable.title }).from(contentTable).where(inArray(contentTable.id, contentIds))
      : [],
    jobIds.length ? db.select({ id: jobsTable.id, title: jobsTable.title }).from(jobsTable).where(inArray(jobsTable.id, jobIds)) : [],
  ]);
  return [...items, ...jobs];
}

/** How many items of each batch stand finished now (a batch's candidates are one notification). */
export async function finishedInBatches(db: Db, batchIds: string[]): Promise<Map<string, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: contentTable.batchId, n: count() })
    .from(contentTable)
    .where(and(inArray(contentTable.batchId, batchIds), eq(contentTable.status, 'ready')))
    .groupBy(contentTable.batchId);
  return new Map(rows.map((r) => [r.batchId!, Number(r.n)]));
}

/** The batch's first finished candidate other than `exceptId`, in the order they were asked for; null when none is left. */
export async function nextFinishedInBatch(db: Db, batchId: string, exceptId: string): Promise<string | null> {
  const [next] = await db
    .select({ id: contentTable.id })
    .from(contentTable)
    .where(and(eq(contentTable.batchId, batchId), ne(contentTable.id, exceptId), eq(contentTable.status, 'ready')))
    .orderBy(asc(contentTable.createdAt), asc(contentTable.seed))
    .limit(1);
  return next?.id ?? null;
}
