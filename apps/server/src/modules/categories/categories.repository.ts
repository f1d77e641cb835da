import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db/db.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, type CategoryRow } from './categories.schema.js';

export interface CategoryWithCount {
  row: CategoryRow;
  contentCount: number;
}

/**
 * The number of items filed directly under a category that the gallery shows (private items are
 * never counted): content's rule, handed in (CategoryDeps.galleryCount) since content sits above.
 */
export type GalleryCountOf = (categoryId: AnyPgColumn) => SQL<number>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface CategoryFilter {
  parentId?: string | null;
  q?: string;
  isActive?: boolean;
}

function categoryWhere(f: CategoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.parentId === null) parts.push(isNull(categories.parentId));
  else if (f.parentId !== undefined) parts.push(eq(categories.parentId, f.parentId));
  if (f.isActive !== undefined) parts.push(eq(categories.isActive, f.isActive));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    parts.push(or(ilike(categories.name, pattern), ilike(categories.slug, pattern), ilike(categories.description, pattern)));
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listCategories(db: Db, countOf: GalleryCountOf, f: CategoryFilter, page: number, pageSize: number): Promise<{ rows: CategoryWithCount[]; total: number }> {
  const where = categoryWhere(f);
  const [rows, totals] = await Promise.all([
    db
      .select({ row: categories, contentCount: countOf(categories.id) })
      .from(categories)
      .where(where)
      .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(categories).where(where),
  ]);
  return { rows: rows.map((r) => ({ row: r.row, contentCount: Number(r.contentCount) })), total: Number(totals[0]?.n ?? 0) };
}

export async function allCategories(db: Db, countOf: GalleryCountOf, onlyActive = false): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({ row: categories, contentCount: countOf(categories.id) })
    .from(categories)
    .where(onlyActive ? eq(categories.isActive, true) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ row: r.row, contentCount: Number(r.contentCount) }));
}

export async function findCategory(db: Db, countOf: GalleryCountOf, id: string): Promise<CategoryWithCount | null> {
  const rows = await db.select({ row: categories, contentCount: countOf(categories.id) }).from(categories).where(eq(categories.id, id)).limit(1);
  const r = rows[0];
  return r ? { row: r.row, contentCount: Number(r.contentCount) } : null;
}

/** Whether a category exists (active or not). */
export async function categoryExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return rows.length > 0;
}

/** Every category's id and name. */
export async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | null> {
  const rows = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return rows[0] ?? null;
}

export async function slugsTaken(db: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs));
  return new Set(rows.map((r) => r.slug));
}

export type CategoryValues = Pick<CategoryRow, 'name' | 'slug' | 'description' | 'parentId' | 'isActive' | 'sortOrder'>;

export async function insertCategory(db: Db, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function updateCategoryRow(db: Db, id: string, values: Partial<CategoryValues>): Promise<void> {
  await db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id));
}

/** The category and every category below it, walking parent links. */
export async function descendantIds(db: Db, id: string): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(db, sql`
    with recursive tree(id) as (
      select id from categories where id = ${id}
      union
      select c.id from categories c join tree t on c.parent_id = t.id
    )
    select id from tree`);
  return rows.map((r) => r.id);
}

/** From the category up to its root, nearest first. */
export async function ancestorIds(db: Db, id: string): Promise<string[]> {
  const rows = await executeRows<{ id: string; depth: number }>(db, sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from categories where id = ${id}
      union all
      select c.id, c.parent_id, chain.depth + 1 from categories c join chain on c.id = chain.parent_id where chain.depth < 100
    )
    select id, depth from chain order by depth`);
  return rows.map((r) => r.id);
}

/**
 * Deletes a category. Its content moves to `target` (or loses its category: the content module
 * does that in `moveContent`, the hook it registered) and its children move to `target` (or to the
 * deleted category's own parent), all in one transaction.
 */
export async function deleteCategoryRow(
  db: Db,
  row: CategoryRow,
  target: string | null,
  moveContent: (tx: Db, from: string, to: string | null) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await moveContent(tx, row.id, target);
    await tx
      .update(categories)
      .set({ parentId: target ?? row.parentId, updatedAt: sql`now()` })
      .where(eq(categories.parentId, row.id));
    await tx.delete(categories).where(eq(categories.id, row.id));
  });
}

export async function setActive(db: Db, ids: string[], isActive: boolean): Promise<number> {
  const rows = await db
    .update(categories)
    .set({ isActive, updatedAt: sql`now()` })
    .where(inArray(categories.id, ids))
    .returning({ id: categories.id });
  return rows.length;
}

/** Inserts the category unless its slug exists; the id either way (the demo seed runs on every start). */
export async function ensureCategory(db: Db, values: Pick<CategoryValues, 'name' | 'slug' | 'description' | 'parentId' | 'sortOrder'>): Promise<string | null> {
  await db.insert(categories).values(values).onConflictDoNothing({ target: categories.slug });
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, values.slug));
  return row?.id ?? null;
}
