import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { usersTable } from '../auth/index.js';
import { userBlocksTable } from '../users/index.js';
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
 * - `preview`: what is advertised of one item outside the product (share tags, link previews): an
 *   item's page as `item`, less the mature items the viewer has not opted in to.
 *
 * An item a moderator hid (`hidden_at`) counts as private everywhere: its owner (who sees a notice)
 * and admins still open it, nobody else finds it in any list, search, sitemap or share preview.
 * So does every item of a suspended account, while the suspension lasts (judged by the database's
 * now(), so an expiry needs nobody to write anything).
 *
 * Lists (every scope but `item`) also leave out:
 * - mature items (`rating`), unless the viewer turned `showMature` on: never for visitors. One
 *   mature item opened by link stays reachable (`item`); its page shows a gate (content.view.ts).
 * - the items of people the viewer blocked.
 * An owner always sees their own items, whatever their rating.
 */
export type VisibilityScope = 'item' | 'gallery' | 'own-gallery' | 'profile' | 'preview';

/**
 * hiddenAt may be left out by rows read for lists that only ever hold items nobody hid; rating,
 * ownerSuspended and blockedByViewer likewise (absent: general, not suspended, not blocked).
 */
export type VisibilityRow = Pick<ContentRow, 'userId' | 'isPrivate' | 'status'> & {
  hiddenAt?: Date | string | null;
  rating?: ContentRow['rating'];
  /** The owner's account is suspended now. */
  ownerSuspended?: boolean;
  /** The viewer blocked the owner. */
  blockedByViewer?: boolean;
};

/** The viewer's id in SQL: its value, or a placeholder of a statement built once per shape. */
type ViewerId = string | Placeholder;

/** A condition over one content row, small enough to be both printed as SQL and evaluated. */
type Condition =
  | { kind: 'public' }
  | { kind: 'notHidden' }
  | { kind: 'ready' }
  | { kind: 'ownedBy'; userId: ViewerId }
  | { kind: 'general' }
  | { kind: 'ownerActive' }
  | { kind: 'notBlockedBy'; userId: ViewerId }
  | { kind: 'always' }
  | { kind: 'never' }
  | { kind: 'and' | 'or'; parts: Condition[] };

const ALWAYS: Condition = { kind: 'always' };
const NEVER: Condition = { kind: 'never' };
// Public to others: not private, not hidden by a moderator, and its owner not suspended.
const PUBLIC: Condition = { kind: 'and', parts: [{ kind: 'public' }, { kind: 'notHidden' }, { kind: 'ownerActive' }] };
const READY: Condition = { kind: 'ready' };

/** Who asks, as the rule reads them: the id may be a statement's placeholder. */
interface Asker {
  id: ViewerId;
  role?: ContentViewer['role'];
  showMature?: boolean;
}

const ownedBy = (viewer: Asker | null): Condition => (viewer ? { kind: 'ownedBy', userId: viewer.id } : NEVER);
const byAdmin = (viewer: Asker | null): Condition => (viewer?.role === 'admin' ? ALWAYS : NEVER);
// Mature items only for those who opted in; nobody's list holds the people they blocked.
const ratedFor = (viewer: Asker | null): Condition => (viewer?.showMature ? ALWAYS : { kind: 'general' });
const notBlocked = (viewer: Asker | null): Condition => (viewer ? { kind: 'notBlockedBy', userId: viewer.id } : ALWAYS);
/** Someone else's item as a list shows it to `viewer`. */
const listed = (viewer: Asker | null): Condition => allOf(PUBLIC, ratedFor(viewer), notBlocked(viewer));

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
const RULE: Record<VisibilityScope, (viewer: Asker | null) => Condition> = {
  item: (viewer) => anyOf(PUBLIC, ownedBy(viewer), byAdmin(viewer)),
  preview: (viewer) => anyOf(allOf(PUBLIC, ratedFor(viewer)), ownedBy(viewer), byAdmin(viewer)),
  gallery: (viewer) => allOf(listed(viewer), READY),
  'own-gallery': (viewer) => allOf(READY, anyOf(listed(viewer), ownedBy(viewer))),
  profile: (viewer) => anyOf(allOf(listed(viewer), READY), ownedBy(viewer)),
};

/** The column that names an item's owner: content's own, or a copy's (search's content_search). */
type OwnerColumn = AnyColumn;

/** Whether the item's owner is suspended now: the one test the lists and the media route share. */
export function ownerSuspended(owner: OwnerColumn = content.userId): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${usersTable} vs WHERE vs.id = ${owner} AND vs.suspended_at IS NOT NULL AND (vs.suspended_until IS NULL OR vs.suspended_until > now()))`;
}

// The literals stay in the SQL text (not parameters) so the partial indexes on
// `status = 'ready' AND is_private = false` apply.
function toSql(c: Condition, owner: OwnerColumn = content.userId): SQL {
  switch (c.kind) {
    case 'public':
      return sql`${content.isPrivate} = false`;
    case 'notHidden':
      return sql`${content.hiddenAt} IS NULL`;
    case 'ready':
      return sql`${content.status} = 'ready'`;
    case 'ownedBy':
      return sql`${owner} = ${c.userId}`;
    case 'general':
      return sql`${content.rating} = 'general'`;
    case 'ownerActive':
      return sql`NOT ${ownerSuspended(owner)}`;
    case 'notBlockedBy':
      return sql`NOT EXISTS (SELECT 1 FROM ${userBlocksTable} vb WHERE vb.blocker_id = ${c.userId} AND vb.blocked_id = ${owner})`;
    case 'always':
      return sql`true`;
    case 'never':
      return sql`false`;
    case 'and':
    case 'or':
      return sql`(${sql.join(
        c.parts.map((p) => toSql(p, owner)),
        c.kind === 'and' ? sql` and ` : sql` or `,
      )})`;
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
    case 'general':
      return row.rating === undefined || row.rating === 'general';
    case 'ownerActive':
      return row.ownerSuspended !== true;
    case 'notBlockedBy':
      return row.blockedByViewer !== true;
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

/**
 * The rows of `content` that `viewer` (null when signed out) may see in `scope`, as a WHERE condition.
 * `viewerId` stands for the viewer's id in a statement built once per shape (a placeholder).
 */
export function visibleTo(viewer: ContentViewer | null, scope: VisibilityScope, viewerId?: Placeholder): SQL {
  return toSql(RULE[scope](viewer && viewerId ? { ...viewer, id: viewerId } : viewer));
}

/**
 * The part of the lists' rule that reads only an item's owner (not suspended, not blocked by the
 * viewer), over another table's owner column: search filters its narrow copy with it while it ranks
 * and counts, so its total holds only what its pages can show.
 */
export function ownersShownTo(viewer: ContentViewer | null, owner: OwnerColumn, viewerId?: Placeholder): SQL {
  const asker = viewer && viewerId ? { ...viewer, id: viewerId } : viewer;
  return toSql(allOf({ kind: 'ownerActive' }, notBlocked(asker)), owner);
}

/**
 * Whether one mature item opened by `viewer` stays behind a gate (a blurred cover, "Mature
 * content — show"): for visitors and people who have not opted in; never its owner or an admin.
 */
export function isMatureGated(viewer: ContentViewer | null, row: Pick<VisibilityRow, 'userId' | 'rating'>): boolean {
  return !holds(anyOf(ratedFor(viewer), ownedBy(viewer), byAdmin(viewer)), row as VisibilityRow);
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
 * who may see it: public exactly when a signed-out visitor may see the item shown (`preview`: its
 * page, less a mature item, whose files reach only its owner, admins and people who opted in).
 */
export const hasPublicMedia = (row: VisibilityRow): boolean => canSee(null, row, 'preview');
