import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUSES } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/platform/db/db.js';
import { users } from '../src/modules/auth/auth.schema.js';
import { categories } from '../src/modules/categories/categories.schema.js';
import { content } from '../src/modules/content/content.schema.js';
import type { ContentViewer } from '../src/modules/content/content.view.js';
import { canSee, type VisibilityRow, type VisibilityScope } from '../src/modules/content/content.visibility.js';
import { galleryCountInCategory, ownerContentTotals, visibleTo } from '../src/modules/content/index.js';
import { openTestDatabase } from './app.js';

/**
 * The rule is written once and read two ways: as SQL for lists and counts, as a predicate for rows
 * already loaded. Here both answer for every kind of item and every kind of viewer, and must agree.
 */
let database: Database;
let rows: (VisibilityRow & { id: string })[];
let categoryId: string;
const viewers: Record<string, ContentViewer | null> = {};
const scopes: VisibilityScope[] = ['item', 'gallery', 'own-gallery', 'profile'];

async function insertUser(name: string, role: 'user' | 'admin' = 'user'): Promise<ContentViewer> {
  const [row] = await database.db
    .insert(users)
    .values({ fullName: name, username: `vis_${name}`, email: `vis.${name}@example.com`, role, referralCode: `VIS${name.toUpperCase()}` })
    .returning({ id: users.id, role: users.role });
  return row!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const owner = await insertUser('owner');
  const other = await insertUser('other');
  Object.assign(viewers, { anonymous: null, other, owner, admin: await insertUser('admin', 'admin') });
  const [category] = await database.db.insert(categories).values({ name: 'Shelves', slug: 'vis-shelves' }).returning();
  categoryId = category!.id;
  // Every status, public and private, for two owners: the viewer's items and someone else's.
  const values = [owner, other].flatMap((who) =>
    CONTENT_STATUSES.flatMap((status) =>
      [false, true].map((isPrivate) => ({
        userId: who.id,
        title: `${status} ${isPrivate ? 'private' : 'public'}`,
        prompt: 'a shelf of jars',
        model: 'stable-diffusion-xl',
        contentType: 'photo' as const,
        status,
        isPrivate,
        seed: 1,
        cost: 0,
        categoryId,
        likeCount: 1,
        playCount: 2,
      })),
    ),
  );
  rows = await database.db
    .insert(content)
    .values(values)
    .returning({ id: content.id, userId: content.userId, isPrivate: content.isPrivate, status: content.status });
  expect(rows).toHaveLength(2 * CONTENT_STATUSES.length * 2);
});
afterAll(async () => database.close());

describe('the SQL form and the predicate of the visibility rule', () => {
  it.each(scopes)('select the same rows in the %s scope, for every viewer', async (scope) => {
    for (const [who, viewer] of Object.entries(viewers)) {
      const selected = await database.db.select({ id: content.id }).from(content).where(visibleTo(viewer, scope));
      const expected = rows.filter((r) => canSee(viewer, r, scope)).map((r) => r.id);
      expect(selected.map((r) => r.id).sort(), `${scope}, ${who}`).toEqual(expected.sort());
      // The rule sees something in every scope, so an agreement on nothing proves nothing.
      expect(expected.length, `${scope}, ${who}`).toBeGreaterThan(0);
    }
  });

  it('counts a category as the gallery shows it', async () => {
    const [row] = await database.db
      .select({ n: galleryCountInCategory(categories.id) })
      .from(categories)
      .where(eq(categories.id, categoryId));
    expect(Number(row!.n)).toBe(rows.filter((r) => canSee(null, r, 'gallery')).length);
  });

  it('counts a profile as each viewer may see it', async () => {
    const owner = viewers.owner!;
    const mine = rows.filter((r) => r.userId === owner.id);
    for (const [who, viewer] of Object.entries(viewers)) {
      const totals = await ownerContentTotals(database.db, owner.id, viewer);
      expect(totals, who).toEqual({
        visible: mine.filter((r) => canSee(viewer, r, 'profile')).length,
        shared: mine.filter((r) => canSee(null, r, 'profile')).length,
        likes: mine.length,
        plays: 2 * mine.length,
      });
    }
    expect((await ownerContentTotals(database.db, owner.id, owner)).visible).toBe(mine.length);
    expect((await ownerContentTotals(database.db, owner.id, null)).visible).toBe(1);
  });
});
