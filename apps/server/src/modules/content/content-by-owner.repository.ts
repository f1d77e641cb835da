import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Content, ContentStatus, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { Storage } from '../../platform/storage/storage.js';
import { usersTable as users } from '../auth/index.js';
import { likedBy } from './content-feed.repository.js';
import { content } from './content.schema.js';
import { toContent, type ContentViewer } from './content.view.js';
import { visibleTo } from './content.visibility.js';

export interface OwnerContentFilter {
  type?: ContentType;
  status?: ContentStatus;
  isPrivate?: boolean;
  /**
   * Who is asking (null when signed out). Others, admins included, see only public, ready items;
   * the owner sees everything, failed and private included (the 'profile' scope). Each item also
   * carries the viewer's isLiked, from the same query.
   */
  viewer: ContentViewer | null;
}

/** One page of a user's content, newest first, in the API's Content shape. */
export async function listContentByOwner(
  deps: { db: Db; storage: Pick<Storage, 'urlFor'> },
  ownerId: string,
  filter: OwnerContentFilter,
  page: number,
  pageSize: number,
): Promise<{ items: Content[]; total: number }> {
  const where: SQL[] = [eq(content.userId, ownerId), visibleTo(filter.viewer, 'profile')];
  if (filter.type) where.push(eq(content.contentType, filter.type));
  if (filter.status) where.push(eq(content.status, filter.status));
  if (filter.isPrivate !== undefined) where.push(eq(content.isPrivate, filter.isPrivate));
  const cond = and(...where);
  const [rows, totals] = await Promise.all([
    deps.db
      .select({
        row: content,
        owner: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
        isLiked: likedBy(filter.viewer?.id ?? null),
      })
      .from(content)
      .innerJoin(users, eq(users.id, content.userId))
      .where(cond)
      .orderBy(desc(content.createdAt), desc(content.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(content).where(cond),
  ]);
  return { items: rows.map((r) => toContent(r.row, r.owner, deps.storage, { isLiked: r.isLiked })), total: totals[0]?.n ?? 0 };
}

/**
 * The numbers a profile shows about one person's content: how many items `viewer` may see there
 * (the 'profile' scope: everything for the owner), how many anyone may see (public and ready), and
 * the likes and plays all their items received.
 */
export async function ownerContentTotals(
  db: Db,
  ownerId: string,
  viewer: ContentViewer | null,
): Promise<{ visible: number; shared: number; likes: number; plays: number }> {
  const [row] = await db
    .select({
      visible: sql<number>`count(*) filter (where ${visibleTo(viewer, 'profile')})`.mapWith(Number),
      shared: sql<number>`count(*) filter (where ${visibleTo(null, 'profile')})`.mapWith(Number),
      likes: sql<number>`coalesce(sum(${content.likeCount}), 0)`.mapWith(Number),
      plays: sql<number>`coalesce(sum(${content.playCount}), 0)`.mapWith(Number),
    })
    .from(content)
    .where(eq(content.userId, ownerId));
  return { visible: row?.visible ?? 0, shared: row?.shared ?? 0, likes: row?.likes ?? 0, plays: row?.plays ?? 0 };
}
