import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ModerationNotice, NotificationKind } from '@atelier/shared';
import { type Db, executeRows } from '../../platform/db/db.js';
import { contentTable, visibleTo } from '../content/index.js';
import { usersTable } from '../auth/index.js';
import { blockBetweenSql, shownPersonAs, shownPersonSql } from '../users/index.js';
import { notifications, notificationSettings, type NotificationRow } from './notifications.schema.js';

/** One notification to write: a new group, or one more actor on an existing group. */
export interface Delivery {
  userId: string;
  kind: NotificationKind;
  groupKey: string;
  subjectType: NotificationRow['subjectType'];
  subjectId: string;
  sourceId: string | null;
  actorId: string | null;
  excerpt: string | null;
  refunded: number | null;
  /** On `moderation`: what was done. */
  action?: ModerationNotice | null;
  /** Whether it waits for the next email of its kind. */
  email: boolean;
}

/**
 * Writes a delivery in one statement: a new row, or the group's row with the actor moved to the
 * front, unread again and newest again. Returns the row as it now is.
 */
export async function upsertNotification(db: Db, d: Delivery, now: Date): Promise<NotificationRow> {
  const actors = d.actorId ? [d.actorId] : [];
  const [row] = await db
    .insert(notifications)
    .values({
      userId: d.userId,
      kind: d.kind,
      groupKey: d.groupKey,
      subjectType: d.subjectType,
      subjectId: d.subjectId,
      sourceId: d.sourceId,
      actorIds: actors,
      excerpt: d.excerpt,
      refunded: d.refunded,
      action: d.action ?? null,
      emailPendingSince: d.email ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      set: {
        actorIds: d.actorId
          ? sql`array_prepend(${d.actorId}::uuid, array_remove(${notifications.actorIds}, ${d.actorId}::uuid))`
          : notifications.actorIds,
        excerpt: d.excerpt,
        refunded: d.refunded,
        action: d.action ?? null,
        sourceId: d.sourceId,
        readAt: null,
        updatedAt: now,
        emailPendingSince: d.email ? sql`coalesce(${notifications.emailPendingSince}, ${now})` : notifications.emailPendingSince,
      },
    })
    .returning();
  if (!row) throw new Error('notification upsert returned nothing');
  return row;
}

/** SQL over a users alias `u`: an account the person may hear from (live, not suspended, no block either way). */
function mayHearFromSql(userId: string): SQL {
  return sql`${shownPersonAs('u')} AND NOT ${blockBetweenSql(userId, sql`u.id`)}`;
}

/**
 * Only what the person may still see (DESIGN.md §12): an item made private or hidden drops out
 * of the list, and so does a notification whose every actor was since blocked (either way),
 * suspended or deleted. A group keeps the actors who are left.
 */
function stillVisible(userId: string): SQL {
  return sql`(${notifications.subjectType} <> 'content' OR EXISTS (SELECT 1 FROM ${contentTable} WHERE ${contentTable.id} = ${notifications.subjectId} AND ${visibleTo({ id: userId }, 'item')}))
    AND (cardinality(${notifications.actorIds}) = 0 OR EXISTS (SELECT 1 FROM ${usersTable} u WHERE u.id = ANY(${notifications.actorIds}) AND ${mayHearFromSql(userId)}))`;
}

/** Whether `userId` may hear from `actorId` now: the write-time side of the rule above. */
export async function mayHearFrom(db: Db, userId: string, actorId: string): Promise<boolean> {
  const result = await executeRows<unknown>(db, sql`SELECT 1 AS one FROM ${usersTable} u WHERE u.id = ${actorId} AND ${mayHearFromSql(userId)}`);
  return result.length > 0;
}

/** Of these actors, the ones `userId` may no longer hear from (blocked, suspended, gone). */
export async function unheardActors(db: Db, userId: string, actorIds: string[]): Promise<Set<string>> {
  if (actorIds.length === 0) return new Set();
  const heard = await executeRows<{ id: string }>(db,
    sql`SELECT u.id FROM ${usersTable} u WHERE u.id IN (${sql.join(actorIds.map((id) => sql`${id}::uuid`), sql`, `)}) AND ${mayHearFromSql(userId)}`,
  );
  const ok = new Set(heard.map((r) => r.id));
  return new Set(actorIds.filter((id) => !ok.has(id)));
}

export interface PagePosition {
  updatedAt: Date;
  id: string;
}

/** A page of the person's notifications, newest first, after `after` when given. */
export async function listNotifications(db: Db, userId: string, limit: number, after?: PagePosition): Promise<NotificationRow[]> {
  const where = [eq(notifications.userId, userId), stillVisible(userId)];
  if (after) {
    where.push(
      or(
        lt(notifications.updatedAt, after.updatedAt),
        and(eq(notifications.updatedAt, after.updatedAt), lt(notifications.id, after.id)),
      )!,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

/** The person's notifications written or regrouped after a time, oldest change first (a catch-up). */
export async function notificationsAfter(db: Db, userId: string, after: Date, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), stillVisible(userId), gt(notifications.updatedAt, after)))
    .orderBy(asc(notifications.updatedAt), asc(notifications.id))
    .limit(limit);
}

export async function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), stillVisible(userId)));
  return row?.n ?? 0;
}

/** Marks one (or, without `id`, every) unread notification of the person read; returns how many changed. */
export async function markRead(db: Db, userId: string, now: Date, id?: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The public face of the given people, by id. */
export async function findActors(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: usersTable.id, username: usersTable.username, fullName: usersTable.fullName, avatar: usersTable.avatar })
    .from(usersTable)
    .where(inArray(usersTable.id, ids));
}

/** The live people among these usernames (case-insensitive), for @mentions. */
export async function findByUsernames(db: Db, usernames: string[]): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .select({ id: usersTable.id, username: usersTable.username })
    .from(usersTable)
    .where(
      and(
        inArray(
          sql`lower(${usersTable.username})`,
          usernames.map((u) => u.toLowerCase()),
        ),
        isNull(usersTable.deletedAt),
      ),
    );
}

/** Whether a person's account is live (not deleted) and not suspended. */
export async function isLiveUser(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.id, id), shownPersonSql))
    .limit(1);
  return row !== undefined;
}

/** Unread notifications that these sources (comments) alone made go; read ones stay as history. */
export async function withdrawBySources(db: Db, sourceIds: string[]): Promise<{ userId: string }[]> {
  if (sourceIds.length === 0) return [];
  return db
    .delete(notifications)
    .where(and(inArray(notifications.sourceId, sourceIds), isNull(notifications.readAt)))
    .returning({ userId: notifications.userId });
}

/**
 * Takes one actor out of the unread groups of a kind about a subject (an unlike, an unfollow): the
 * group goes when nobody else is left in it. Returns the people whose list changed.
 */
export async function withdrawActor(
  db: Db,
  kind: NotificationKind,
  subjectId: string,
  actorId: string,
): Promise<{ userId: string }[]> {
  const mine = and(
    eq(notifications.kind, kind),
    eq(notifications.subjectId, subjectId),
    isNull(notifications.readAt),
    sql`${actorId}::uuid = ANY(${notifications.actorIds})`,
  );
  const gone = await db
    .delete(notifications)
    .where(and(mine, sql`cardinality(${notifications.actorIds}) = 1`))
    .returning({ userId: notifications.userId });
  const shrunk = await db
    .update(notifications)
    .set({ actorIds: sql`array_remove(${notifications.actorIds}, ${actorId}::uuid)` })
    .where(mine)
    .returning({ userId: notifications.userId });
  return [...gone, ...shrunk];
}

/** Points the group's notifications about `fromId` at `toId` instead (a batch's, when its item is deleted). */
export async function moveSubject(db: Db, groupKey: string, fromId: string, toId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ subjectId: toId })
    .where(and(eq(notifications.groupKey, groupKey), eq(notifications.subjectId, fromId)));
}

/** Every notification about a subject that is gone (a deleted item). */
export async function deleteBySubject(db: Db, subjectId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.subjectId, subjectId));
}

/** The person's own notifications and settings, and their part in other people's. */
export async function deleteForUser(db: Db, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  const theirs = sql`${userId}::uuid = ANY(${notifications.actorIds})`;
  await db.delete(notifications).where(and(theirs, sql`cardinality(${notifications.actorIds}) = 1`));
  await db
    .update(notifications)
    .set({ actorIds: sql`array_remove(${notifications.actorIds}, ${userId}::uuid)` })
    .where(theirs);
}

export async function readSettings(db: Db, userId: string): Promise<{ kind: NotificationKind; inApp: boolean; email: boolean }[]> {
  return db
    .select({ kind: notificationSettings.kind, inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
}

export async function writeSettings(
  db: Db,
  userId: string,
  rows: { kind: NotificationKind; inApp: boolean; email: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}

/** The (person, kind) pairs whose oldest waiting notification has waited `windowMs`. */
export async function dueDigests(db: Db, now: Date, windowMs: number): Promise<{ userId: string; kind: NotificationKind }[]> {
  const before = new Date(now.getTime() - windowMs);
  return db
    .selectDistinct({ userId: notifications.userId, kind: notifications.kind })
    .from(notifications)
    .where(sql`${notifications.emailPendingSince} IS NOT NULL AND ${notifications.emailPendingSince} <= ${before}`);
}

/** Takes the waiting notifications of one (person, kind) off the email queue and returns them. */
export async function takePending(db: Db, userId: string, kind: NotificationKind): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ emailPendingSince: null })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.kind, kind), sql`${notifications.emailPendingSince} IS NOT NULL`),
    )
    .returning();
}

/** Puts notifications back on the email queue (their email could not be sent), waiting from `since`. */
export async function restorePending(db: Db, ids: string[], since: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailPendingSince: since })
    .where(and(inArray(notifications.id, ids), isNull(notifications.emailPendingSince)));
}
