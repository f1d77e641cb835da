import { makePagination, type Content, type ContentOwner, type Pagination } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { countRemixes, findRemixSource, isGalleryItem, remixesPage } from './content-items.repository.js';
import { toContent } from './content.view.js';

/*
 * Remixes: an item generated with `remixOf` names its source as parent (an edit names its source too,
 * but carries its edit operation). Only public, ready items are remixed, listed and linked: a parent
 * made private or deleted keeps its remixes, and they stop naming it.
 */

/** What an item's page says about its lineage: the source it remixes (while public and ready) and its public remixes. */
export async function remixLineage(
  db: Db,
  row: { id: string; parentId: string | null; editOperation: string | null },
): Promise<{ remixOf: { id: string; title: string; owner: ContentOwner } | null; remixCount: number }> {
  const [remixCount, remixOf] = await Promise.all([
    countRemixes(db, row.id),
    row.parentId && row.editOperation === null ? findRemixSource(db, row.parentId) : Promise.resolve(null),
  ]);
  return { remixOf, remixCount };
}

/** GET /content/{id}/remixes: the public remixes of a public, ready item, newest first (404 otherwise). */
export async function listRemixes(
  deps: { db: Db; storage: Pick<Storage, 'urlFor'> },
  id: string,
  query: { page: number; pageSize: number },
  viewer: AuthUser | null,
): Promise<{ data: Content[]; pagination: Pagination }> {
  if (!(await isGalleryItem(deps.db, id))) throw notFound('Content not found');
  const { rows, total } = await remixesPage(deps.db, id, viewer, query.page, query.pageSize);
  return {
    data: rows.map((r) => toContent(r.row, r.owner, deps.storage, { isLiked: r.isLiked })),
    pagination: makePagination(query.page, query.pageSize, total),
  };
}
