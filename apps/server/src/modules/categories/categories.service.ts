import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_SLUG_PATTERN,
  makePagination,
  slugify,
  type Category,
  type CategoryImportError,
  type CategoryListQuery,
  type CategoryTreeNode,
  type CreateCategoryBody,
  type Pagination,
  type UpdateCategoryBody,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
  allCategories,
  ancestorIds,
  deleteCategoryRow,
  descendantIds,
  findCategory,
  findCategoryBySlug,
  insertCategory,
  listCategories,
  setActive,
  slugsTaken,
  updateCategoryRow,
  type CategoryWithCount,
  type GalleryCountOf,
} from './categories.repository.js';
import { runCategoryDeleted, type ModuleHooks } from '../../platform/module-hooks.js';
import type { CategoryRow } from './categories.schema.js';

export interface CategoryDeps {
  db: Db;
  /** Content's count of what the gallery shows under a category (content sits above categories). */
  galleryCount: GalleryCountOf;
  /** The module list: a deleted category's content moves through its owner's hook. */
  hooks: readonly ModuleHooks[];
}

const CATEGORY_NOT_FOUND = 'Category not found';
const SLUG_TAKEN = 'A category with this slug already exists';

const isAdmin = (viewer: AuthUser | null) => viewer?.role === 'admin';

export function toCategory(c: CategoryWithCount): Category {
  return {
    id: c.row.id,
    name: c.row.name,
    slug: c.row.slug,
    description: c.row.description,
    parentId: c.row.parentId,
    isActive: c.row.isActive,
    sortOrder: c.row.sortOrder,
    contentCount: c.contentCount,
    createdAt: c.row.createdAt.toISOString(),
  };
}

/** Inactive categories are an admin's working state: everyone else sees only active ones. */
async function findVisible(deps: CategoryDeps, id: string, viewer: AuthUser | null): Promise<CategoryWithCount> {
  const found = await findCategory(deps.db, deps.galleryCount, id);
  if (!found || (!found.row.isActive && !isAdmin(viewer))) throw notFound(CATEGORY_NOT_FOUND);
  return found;
}

export async function listCategoryPage(
  deps: CategoryDeps,
  query: CategoryListQuery,
  viewer: AuthUser | null,
): Promise<{ data: Category[]; pagination: Pagination }> {
  const parentId = query.parentId === 'null' ? null : query.parentId;
  const isActive = isAdmin(viewer) ? query.isActive : true;
  const { rows, total } = await listCategories(deps.db, deps.galleryCount, { parentId, q: query.q, isActive }, query.page, query.pageSize);
  return { data: rows.map(toCategory), pagination: makePagination(query.page, query.pageSize, total) };
}

export async function getCategory(deps: CategoryDeps, id: string, viewer: AuthUser | null): Promise<Category> {
  return toCategory(await findVisible(deps, id, viewer));
}

/** Nested by parent; a child of an inactive (hidden) parent is hidden with it. */
export async function categoryTree(deps: CategoryDeps, viewer: AuthUser | null): Promise<CategoryTreeNode[]> {
  const rows = await allCategories(deps.db, deps.galleryCount, !isAdmin(viewer));
  const nodes = new Map<string, CategoryTreeNode>(rows.map((r) => [r.row.id, { ...toCategory(r), children: [] }]));
  const roots: CategoryTreeNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === null) roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return roots;
}

export async function rootCategories(deps: CategoryDeps, viewer: AuthUser | null): Promise<Category[]> {
  const rows = await allCategories(deps.db, deps.galleryCount, !isAdmin(viewer));
  return rows.filter((r) => r.row.parentId === null).map(toCategory);
}

export async function breadcrumb(deps: CategoryDeps, id: string, viewer: AuthUser | null): Promise<Category[]> {
  await findVisible(deps, id, viewer);
  const ids = await ancestorIds(deps.db, id);
  const found = await Promise.all(ids.map((a) => findCategory(deps.db, deps.galleryCount, a)));
  return found
    .filter((c): c is CategoryWithCount => c !== null)
    .reverse()
    .map(toCategory);
}

async function assertParent(deps: CategoryDeps, parentId: string | null | undefined, self?: string): Promise<void> {
  if (!parentId) return;
  if (!(await findCategory(deps.db, deps.galleryCount, parentId))) throw badRequest('Parent category not found');
  if (self && (await descendantIds(deps.db, self)).includes(parentId)) {
    throw badRequest('A category cannot be moved under itself or one of its descendants');
  }
}

export async function createCategory(deps: CategoryDeps, body: CreateCategoryBody): Promise<Category> {
  const slug = body.slug ?? slugify(body.name);
  if (!slug) throw badRequest('Please give the category a slug of letters or digits');
  if (await findCategoryBySlug(deps.db, slug)) throw conflict(SLUG_TAKEN);
  await assertParent(deps, body.parentId);
  const row = await insertCategory(deps.db, {
    name: body.name,
    slug,
    description: body.description ?? null,
    parentId: body.parentId ?? null,
    isActive: body.isActive ?? true,
    sortOrder: body.sortOrder ?? 0,
  });
  return toCategory({ row, contentCount: 0 });
}

export async function updateCategory(deps: CategoryDeps, id: string, body: UpdateCategoryBody): Promise<Category> {
  const found = await findCategory(deps.db, deps.galleryCount, id);
  if (!found) throw notFound(CATEGORY_NOT_FOUND);
  if (body.slug !== undefined && body.slug !== found.row.slug) {
    const other = await findCategoryBySlug(deps.db, body.slug);
    if (other && other.id !== id) throw conflict(SLUG_TAKEN);
  }
  if (body.parentId !== undefined) await assertParent(deps, body.parentId, id);
  await updateCategoryRow(deps.db, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.slug !== undefined ? { slug: body.slug } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
    ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
  });
  const fresh = await findCategory(deps.db, deps.galleryCount, id);
  if (!fresh) throw notFound(CATEGORY_NOT_FOUND);
  return toCategory(fresh);
}

export async function deleteCategory(deps: CategoryDeps, id: string, reassignTo: string | null | undefined): Promise<void> {
  const found = await findCategory(deps.db, deps.galleryCount, id);
  if (!found) throw notFound(CATEGORY_NOT_FOUND);
  if (reassignTo) {
    if (!(await findCategory(deps.db, deps.galleryCount, reassignTo))) throw badRequest('The category to move content to was not found');
    if ((await descendantIds(deps.db, id)).includes(reassignTo)) {
      throw badRequest('Content cannot move to the deleted category or one of its descendants');
    }
  }
  await deleteCategoryRow(deps.db, found.row, reassignTo ?? null, (tx, from, to) => runCategoryDeleted(tx, deps.hooks, from, to));
}

export async function bulkToggle(deps: CategoryDeps, ids: string[], isActive: boolean): Promise<number> {
  return setActive(deps.db, [...new Set(ids)], isActive);
}

export async function searchCategories(
  deps: CategoryDeps,
  q: string,
  page: number,
  pageSize: number,
  viewer: AuthUser | null,
): Promise<{ data: Category[]; pagination: Pagination }> {
  const { rows, total } = await listCategories(deps.db, deps.galleryCount, { q, isActive: isAdmin(viewer) ? undefined : true }, page, pageSize);
  return { data: rows.map(toCategory), pagination: makePagination(page, pageSize, total) };
}

/** One row of an import file, as read (all text). */
export interface ImportRow {
  name?: string;
  slug?: string;
  parent_slug?: string;
  description?: string;
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Reads a JSON array (or {categories: [...]}) or a CSV with a header row. */
export function parseImportFile(data: Buffer): ImportRow[] {
  const text = data.toString('utf8').trim();
  if (text.startsWith('[') || text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('The import file is not valid JSON');
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { categories?: unknown }).categories;
    if (!Array.isArray(list)) throw badRequest('The JSON file must hold an array of categories');
    return list.map((item) => {
      const o = (item ?? {}) as Record<string, unknown>;
      const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
      return { name: text(o.name), slug: text(o.slug), parent_slug: text(o.parent_slug ?? o.parentSlug), description: text(o.description) };
    });
  }
  const [header, ...body] = parseCsv(text);
  if (!header) throw badRequest('The import file is empty');
  const cols = header.map((h) => h.trim().toLowerCase());
  if (!cols.includes('name')) throw badRequest('The CSV file needs a header row with name,slug,parent_slug,description');
  return body.map((cells) => {
    const get = (name: string) => {
      const at = cols.indexOf(name);
      return at >= 0 ? cells[at] : undefined;
    };
    return { name: get('name'), slug: get('slug'), parent_slug: get('parent_slug'), description: get('description') };
  });
}

export const IMPORT_MAX_ROWS = 1000;

/**
 * Validates every row before writing any: a bad row fails the whole import with its number
 * (1 = the first category row) and reason. Parents may be existing categories or rows of the file.
 */
export async function importCategories(deps: CategoryDeps, rows: ImportRow[]): Promise<Category[]> {
  if (rows.length === 0) throw badRequest('The import file has no categories');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(`At most ${IMPORT_MAX_ROWS} categories can be imported at once`);
  const errors: CategoryImportError[] = [];
  const clean = rows.map((r, i) => {
    const name = (r.name ?? '').trim();
    const slug = (r.slug ?? '').trim().toLowerCase() || slugify(name);
    const parentSlug = (r.parent_slug ?? '').trim().toLowerCase() || null;
    const description = (r.description ?? '').trim() || null;
    return { row: i + 1, name, slug, parentSlug, description };
  });
  const existing = await slugsTaken(deps.db, [...new Set(clean.flatMap((r) => [r.slug, r.parentSlug ?? '']).filter(Boolean))]);
  const inFile = new Map<string, number>();
  for (const r of clean) {
    const reasons: string[] = [];
    if (!r.name) reasons.push('name is required');
    else if (r.name.length > CATEGORY_NAME_MAX_LENGTH) reasons.push(`name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`);
    if (!r.slug) reasons.push('slug is required');
    else if (!CATEGORY_SLUG_PATTERN.test(r.slug)) reasons.push('slug may contain lower-case letters, digits and dashes');
    else if (existing.has(r.slug)) reasons.push(`slug "${r.slug}" already exists`);
    else if (inFile.has(r.slug)) reasons.push(`slug "${r.slug}" is repeated (first on row ${inFile.get(r.slug)})`);
    if (r.description && r.description.length > CATEGORY_DESCRIPTION_MAX_LENGTH) {
      reasons.push(`description must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`);
    }
    if (r.slug && !inFile.has(r.slug)) inFile.set(r.slug, r.row);
    for (const reason of reasons) errors.push({ row: r.row, reason });
  }
  for (const r of clean) {
    if (!r.parentSlug) continue;
    if (r.parentSlug === r.slug) errors.push({ row: r.row, reason: 'a category cannot be its own parent' });
    else if (!existing.has(r.parentSlug) && !inFile.has(r.parentSlug)) {
      errors.push({ row: r.row, reason: `parent_slug "${r.parentSlug}" does not match any category` });
    }
  }
  // Rows whose parents only chain back to each other can never be placed.
  if (errors.length === 0) {
    const placed = new Set<string>();
    let pending = clean;
    while (pending.length) {
      const next = pending.filter((r) => r.parentSlug && !existing.has(r.parentSlug) && !placed.has(r.parentSlug));
      for (const r of pending) if (!next.includes(r)) placed.add(r.slug);
      if (next.length === pending.length) {
        for (const r of next) errors.push({ row: r.row, reason: 'parent_slug forms a cycle' });
        break;
      }
      pending = next;
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    throw badRequest(
      `Failed to import categories: ${errors.map((e) => `row ${e.row}: ${e.reason}`).join('; ')}`,
      errors.map((e) => ({ path: `rows.${e.row}`, message: e.reason })),
    );
  }
  return deps.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    const created: CategoryRow[] = [];
    let pending = clean;
    while (pending.length) {
      const ready = pending.filter((r) => !r.parentSlug || existing.has(r.parentSlug) || ids.has(r.parentSlug));
      for (const r of ready) {
        let parentId: string | null = null;
        if (r.parentSlug) parentId = ids.get(r.parentSlug) ?? (await findCategoryBySlug(tx, r.parentSlug))?.id ?? null;
        const row = await insertCategory(tx, { name: r.name, slug: r.slug, description: r.description, parentId, isActive: true, sortOrder: 0 });
        ids.set(r.slug, row.id);
        created.push(row);
      }
      pending = pending.filter((r) => !ready.includes(r));
    }
    return created.map((row) => toCategory({ row, contentCount: 0 }));
  });
}
