import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { makePagination, type Content, type ContentOwner, type Pagination } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { usersTable as users } from '../auth/index.js';
import { likedBy } from './content-feed.repository.js';
import { content } from './content.schema.js';
import { toContent } from './content.view.js';
import { visibleTo } from './content.visibility.js';

/*
 * Remixes: an item generated with `remixOf` names its source as parent (an edit names its source too,
 * but carries its edit operation). Only public, ready items are remixed, listed and linked: a parent
 * made private or deleted keeps its remixes, and they stop naming it.
 */

const isRemixOf = (parentId: string, viewer: AuthUser | null) =>
  and(eq(content.parentId, parentId), isNull(content.editOperation), visibleTo(viewer, 'gallery'));

/** What an item's page says about its lineage: the source it remixes (while public and ready) and its public remixes. */
export async function remixLineage(
  db: Db,
  row: { id: string; parentId: string | null; editOperation: string | null },
): Promise<{ remixOf: { id: string; title: string; owner: ContentOwner } | null; remixCount: number }> {
  const parent = alias(content, 'parent');
  const [counted, parentRows] = await Promise.all([
    db.select({ n: count() }).from(content).where(isRemixOf(row.id, null)),
    row.parentId && row.editOperation === null
      ? db
          .select({ id: parent.id, title: parent.title, owner: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar } })
          .from(parent)
          .innerJoin(users, eq(users.id, parent.userId))
          .where(and(eq(parent.id, row.parentId), eq(parent.isPrivate, false), eq(parent.status, 'ready')))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { remixOf: parentRows[0] ?? null, remixCount: counted[0]?.n ?? 0 };
}

/** GET /content/{id}/remixes: the public remixes of a public, ready item, newest first (404 otherwise). */
export async function listRemixes(
  deps: { db: Db; storage: Pick<Storage, 'urlFor'> },
  id: string,
  query: { page: number; pageSize: number },
  viewer: AuthUser | null,
): Promise<{ data: Content[]; pagination: Pagination }> {
  const [source] = await deps.db.select({ id: content.id }).from(content).where(and(eq(content.id, id), visibleTo(null, 'gallery'))).limit(1);
  if (!source) throw notFound('Content not found');
  const where = isRemixOf(id, viewer);
  const [rows, totals] = await Promise.all([
    deps.db
      .select({
        row: content,
        owner: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
        isLiked: likedBy(viewer?.id ?? null),
      })
      .from(content)
      .innerJoin(users, eq(users.id, content.userId))
      .where(where)
      .orderBy(desc(content.createdAt), desc(content.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(content).where(where),
  ]);
  return {
    data: rows.map((r) => toContent(r.row, r.owner, deps.storage, { isLiked: r.isLiked })),
    pagination: makePagination(query.page, query.pageSize, totals[0]?.n ?? 0),
  };
}
