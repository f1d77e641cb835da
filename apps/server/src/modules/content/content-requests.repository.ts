import { getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content, type ContentRow } from './content.schema.js';

/**
 * A requested item: the content row a generate or edit request makes (queued, charged), built
 * here because content owns the row. Generation's accept statement composes requestedInsertSql
 * with the other owners' parts; the run that follows is generation's (generation-runs.repository.ts).
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
const REQUESTED_PER_ITEM = [
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

/** The user's item made with this request key, as a scalar subquery (generation's findByRequestKey in SQL). */
export function requestKeyItemSql(userId: string | Placeholder, key: string | Placeholder): SQL {
  return sql`(SELECT id FROM ${content} WHERE user_id = ${userId}::uuid AND idempotency_key = ${key} LIMIT 1)`;
}

/** The owner as an item shows them, as a scalar JSON subquery. */
export function ownerJsonSql(userId: string | Placeholder): SQL {
  return sql`(SELECT json_build_object('id', ${users.id}, 'username', ${users.username}, 'fullName', ${users.fullName}, 'avatar', ${users.avatar})
    FROM ${users} WHERE ${users.id} = ${userId}::uuid)`;
}
