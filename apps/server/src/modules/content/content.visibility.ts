import { sql, type SQL } from 'drizzle-orm';
import { content, type ContentRow } from './content.schema.js';
import type { ContentViewer } from './content.view.js';

/**
 * Who may see a content item. This is the only place the rule is written: every list, search,
 * count, collection, share preview and media check asks `visibleTo` (SQL over `content`) or
 * `canSee` (a row already loaded). Both read the same definition below, so they cannot disagree.
 *
 * Where an item is shown decides how much a viewer sees of it; each place names its scope:
 * - `item`: one item opened by id, the items of a collection, its media files, its share preview.
 *   A public item whatever its state; a private one only by its owner and admins.
 * - `gallery`: shared lists (gallery, search, category pages, category counts, the sitemap).
 *   Public, ready items only, for everyone: nobody's private or unfinished work, not even their own.
 * - `own-gallery`: a gallery filtered to one owner. Ready items, public or the viewer's own, so a
 *   person browsing their own gallery also sees their private pieces.
 * - `profile`: one person's library (their content list and the count on their profile). Others,
 *   admins included, see the public ready items; the owner sees everything, queued, failed and
 *   private included.
 *
 * An item a moderator hid (`hidden_at`) counts as private everywhere: its owner (who sees a notice)
 * and admins still open it, nobody else finds it in any list, search, sitemap or share preview.
 */
export type VisibilityScope = 'item' | 'gallery' | 'own-gallery' | 'profile';

/** hiddenAt may be left out by rows read for lists that only ever hold items nobody hid. */
export type VisibilityRow = Pick<ContentRow, 'userId' | 'isPrivate' | 'status'> & { hiddenAt?: Date | string | null };

/** A condition over one content row, small enough to be both printed as SQL and evaluated. */
type Condition =
  | { kind: 'public' }
  | { kind: 'notHidden' }
  | { kind: 'ready' }
  | { kind: 'ownedBy'; userId: string }
  | { kind: 'always' }
  | { kind: 'never' }
  | { kind: 'and' | 'or'; parts: Condition[] };

const ALWAYS: Condition = { kind: 'always' };
const NEVER: Condition = { kind: 'never' };
// Public to others: not private, and not hidden by a moderator.
const PUBLIC: Condition = { kind: 'and', parts: [{ kind: 'public' }, { kind: 'notHidden' }] };
const READY: Condition = { kind: 'ready' };

const ownedBy = (viewer: ContentViewer | null): Condition => (viewer ? { kind: 'ownedBy', userId: viewer.id } : NEVER);
const byAdmin = (viewer: ContentViewer | null): Condition => (viewer?.role === 'admin' ? ALWAYS : NEVER);

// Constants fold away, so an anonymous viewer's SQL is the plain `is_private = false and status = 'ready'`
// that the partial indexes match.
function anyOf(...parts: Condition[]): Condition {
  if (parts.some((p) => p.kind === 'always')) return ALWAYS;
  const kept = parts.filter((p) => p.kind !== 'never');
  if (kept.length === 0) return NEVER;
  return kept.length === 1 ? kept[0]! : { kind: 'or', parts: kept };
}

function allOf(...parts: Condition[]): Condition {
  if (parts.some((p) => p.kind === 'never')) return NEVER;
  const kept = parts.filter((p) => p.kind !== 'always').flatMap((p) => (p.kind === 'and' ? p.parts : [p]));
  if (kept.length === 0) return ALWAYS;
  return kept.length === 1 ? kept[0]! : { kind: 'and', parts: kept };
}

/** The rule itself, one line per scope. */
const RULE: Record<VisibilityScope, (viewer: ContentViewer | null) => Condition> = {
  item: (viewer) => anyOf(PUBLIC, ownedBy(viewer), byAdmin(viewer)),
  gallery: () => allOf(PUBLIC, READY),
  'own-gallery': (viewer) => allOf(READY, anyOf(PUBLIC, ownedBy(viewer))),
  profile: (viewer) => anyOf(allOf(PUBLIC, READY), ownedBy(viewer)),
};

// The literals stay in the SQL text (not parameters) so the partial indexes on
// `status = 'ready' AND is_private = false` apply.
function toSql(c: Condition): SQL {
  switch (c.kind) {
    case 'public':
      return sql`${content.isPrivate} = false`;
    case 'notHidden':
      return sql`${content.hiddenAt} IS NULL`;
    case 'ready':
      return sql`${content.status} = 'ready'`;
    case 'ownedBy':
      return sql`${content.userId} = ${c.userId}`;
    case 'always':
      return sql`true`;
    case 'never':
      return sql`false`;
    case 'and':
    case 'or':
      return sql`(${sql.join(c.parts.map(toSql), c.kind === 'and' ? sql` and ` : sql` or `)})`;
  }
}

function holds(c: Condition, row: VisibilityRow): boolean {
  switch (c.kind) {
    case 'public':
      return !row.isPrivate;
    case 'notHidden':
      return row.hiddenAt === null || row.hiddenAt === undefined;
    case 'ready':
      return row.status === 'ready';
    case 'ownedBy':
      return row.userId === c.userId;
    case 'always':
      return true;
    case 'never':
      return false;
    case 'and':
      return c.parts.every((p) => holds(p, row));
    case 'or':
      return c.parts.some((p) => holds(p, row));
  }
}

/** The rows of `content` that `viewer` (null when signed out) may see in `scope`, as a WHERE condition. */
export function visibleTo(viewer: ContentViewer | null, scope: VisibilityScope): SQL {
  return toSql(RULE[scope](viewer));
}

/** The rule for a signed-out viewer, per scope: the same for every row, so worked out once. */
const FOR_ANYONE = Object.fromEntries(
  (Object.keys(RULE) as VisibilityScope[]).map((scope) => [scope, RULE[scope](null)]),
) as Record<VisibilityScope, Condition>;

/** Whether `viewer` (null when signed out) may see this loaded row in `scope`. */
export function canSee(viewer: ContentViewer | null, row: VisibilityRow, scope: VisibilityScope): boolean {
  return holds(viewer ? RULE[scope](viewer) : FOR_ANYONE[scope], row);
}

/**
 * Whether the item's files may be served to anyone, or only through signed links handed to those
 * who may see it: public exactly when a signed-out visitor may open the item.
 */
export const hasPublicMedia = (row: VisibilityRow): boolean => canSee(null, row, 'item');
