import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Content, ContentStatus, ContentType } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { Storage } from '../../platform/storage/storage.js';
import { usersTable as users } from '../auth/index.js';
import { likedBy } from './content-feed.repository.js';
import { content } from './content.schema.js';
import { toContent } from './content.view.js';

export interface OwnerContentFilter {
  type?: ContentType;
  status?: ContentStatus;
  isPrivate?: boolean;
  /** Others see only public, ready items; the owner sees everything, failed and private included. */
  publicOnly: boolean;
  /** Who is asking, so each item carries their isLiked in the same query; null when signed out. */
  viewerId: string | null;
}

/** One page of a user's content, newest first, in the API's Content shape. */
export async function listContentByOwner(
  deps: { db: Db; storage: Pick<Storage, 'urlFor'> },
  ownerId: string,
  filter: OwnerContentFilter,
  page: number,
  pageSize: number,
): Promise<{ items: Content[]; total: number }> {
  const where: SQL[] = [eq(content.userId, ownerId)];
  if (filter.publicOnly) where.push(eq(content.isPrivate, false), eq(content.status, 'ready'));
  if (filter.type) where.push(eq(content.contentType, filter.type));
  if (filter.status) where.push(eq(content.status, filter.status));
  if (filter.isPrivate !== undefined) where.push(eq(content.isPrivate, filter.isPrivate));
  const cond = and(...where);
  const [rows, totals] = await Promise.all([
    deps.db
      .select({
        row: content,
        owner: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
        isLiked: likedBy(filter.viewerId),
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

/** An owner's item counts and totals for their profile. */
export async function contentCounts(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      publicReady: sql<number>`count(*) filter (where not ${content.isPrivate} and ${content.status} = 'ready')`.mapWith(Number),
      likes: sql<number>`coalesce(sum(${content.likeCount}), 0)`.mapWith(Number),
      plays: sql<number>`coalesce(sum(${content.playCount}), 0)`.mapWith(Number),
    })
    .from(content)
    .where(eq(content.userId, userId));
  return { total: row?.total ?? 0, publicReady: row?.publicReady ?? 0, likes: row?.likes ?? 0, plays: row?.plays ?? 0 };
}
