import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { content } from './content.schema.js';
import { visibleTo } from './content.visibility.js';

/**
 * For a query over categories: how many items filed directly under `categoryId` the gallery shows
 * (public and ready), as a correlated subquery, so a page of categories is counted in one statement.
 */
export function galleryCountInCategory(categoryId: AnyPgColumn): SQL<number> {
  const count = sql`(select count(*)::int from ${content} where ${content.categoryId} = ${categoryId} and ${visibleTo(null, 'gallery')})`;
  // Nested once: a single-table select prints the columns at the top level of a field's SQL without
  // their table, and an unqualified "id" inside this subquery would be the item's, not the category's.
  return sql<number>`${count}`;
}

/** The categoryDeleted hook: what was filed under `from` moves to `to` (or to no category). */
export async function moveContentOfCategory(tx: Db, from: string, to: string | null): Promise<void> {
  await tx.update(content).set({ categoryId: to }).where(eq(content.categoryId, from));
}
