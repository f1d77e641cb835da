import { and, count, eq, inArray } from 'drizzle-orm';
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
