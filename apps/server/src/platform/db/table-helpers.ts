import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * `CHECK (column IN (...))`, as the migrations write it, from the list the code uses: a value added
 * to the list without a migration then shows as drift. Literals are inlined because a check is DDL
 * and takes no parameters.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
}

/** An index key in descending order. PostgreSQL's DESC puts nulls first; drizzle's `.desc()` alone adds NULLS LAST. */
export function desc(column: ExtraConfigColumn) {
  return column.desc().nullsFirst();
}
