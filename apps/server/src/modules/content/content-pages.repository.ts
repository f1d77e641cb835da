import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { usersTable as users } from '../auth/index.js';
import { content, type ContentRow } from './content.schema.js';
import { visibleTo } from './content.visibility.js';

/*
 * What the server-filled pages (link previews, the sitemap) may show of content: what a signed-out
 * visitor may see. A deleted account's public items stay reachable through the API (collections,
 * threads), but are no longer advertised to crawlers and link previews.
 */
const liveOwner = isNull(users.deletedAt);

/** The item a shared link points at, when a signed-out visitor may open it (any state) and it is not mature. */
export async function findSharedContent(db: Db, id: string): Promise<{ row: ContentRow; ownerName: string } | null> {
  const rows = await db
    .select({ row: content, ownerName: users.fullName })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(and(eq(content.id, id), visibleTo(null, 'preview'), liveOwner))
    .limit(1);
  return rows[0] ?? null;
}

const indexed = and(visibleTo(null, 'gallery'), liveOwner);

/** How many items the sitemap lists: those the gallery shows. */
export async function countIndexedContent(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(content).innerJoin(users, eq(users.id, content.userId)).where(indexed);
  return Number(rows[0]?.n ?? 0);
}

/** One page of the sitemap's items, oldest first. */
export async function listIndexedContent(db: Db, offset: number, limit: number): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: content.id, updatedAt: content.updatedAt })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(indexed)
    .orderBy(asc(content.createdAt), asc(content.id))
    .limit(limit)
    .offset(offset);
}
