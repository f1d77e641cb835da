import {
  API_BASE,
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATION_EMAIL_WINDOW_MINUTES,
  NOTIFICATION_KINDS,
  SOCKET_EVENTS,
  notificationText,
  notificationsEndpoints,
  pathOf,
  type CatchUpCursor,
  type ContentOwner,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type UpdateNotificationSettingsBody,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { TokenService } from '../../platform/http/auth.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { ActivityEvent } from '../../platform/module-hooks.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { findUserById, toUserSettings } from '../auth/index.js';
import { batchOfGroup, process } from './notifications.processors.js';
import { finishedInBatches, subjectTitles } from './notification-subjects.repository.js';
import * as repo from './notifications.repository.js';
import type { NotificationRow } from './notifications.schema.js';

export interface NotificationsDeps {
  db: Db;
  clock: () => Date;
  realtime: Pick<Realtime, 'toUser'>;
  mailer: Mailer;
  tokens: Pick<TokenService, 'signLink' | 'verifyLink'>;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export const NOTIFICATIONS_QUEUE = 'notifications';
export const EMAIL_WINDOW_MS = NOTIFICATION_EMAIL_WINDOW_MINUTES * 60_000;
const UNSUBSCRIBE = 'unsubscribe';

export const NOTIFICATIONS_TEXT = {
  notFound: 'Notification not found',
  badCursor: 'That cursor is not valid: pass the nextCursor of the previous page unchanged',
  badToken: 'This unsubscribe link is not valid',
  unsubscribed: (kind: NotificationKind) => `You will no longer get emails about ${kind.replace('-', ' ')} notifications`,
} as const;

// ── Views ──────────────────────────────────────────────────────────────────────────────────────

function encodeCursor(row: Pick<NotificationRow, 'updatedAt' | 'id'>): string {
  return Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): repo.PagePosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(updatedAt.getTime())) {
    throw badRequest(NOTIFICATIONS_TEXT.badCursor, [{ path: 'query.cursor', message: NOTIFICATIONS_TEXT.badCursor }]);
  }
  return { updatedAt, id };
}

/**
 * The rows as `userId` sees them: their people and titles looked up now, so renames show; actors
 * the person may no longer hear from (blocked either way, suspended, gone) are left out.
 */
export async function toNotifications(db: Db, userId: string, rows: NotificationRow[]): Promise<Notification[]> {
  const unheard = await repo.unheardActors(db, userId, [...new Set(rows.flatMap((r) => r.actorIds))]);
  const heardOf = (r: NotificationRow) => r.actorIds.filter((id) => !unheard.has(id));
  const actorIds = [...new Set(rows.flatMap((r) => heardOf(r).slice(0, 2)))];
  const contentIds = [...new Set(rows.filter((r) => r.subjectType === 'content').map((r) => r.subjectId))];
  const jobIds = [...new Set(rows.filter((r) => r.subjectType === 'job').map((r) => r.subjectId))];
  const batchIds = [...new Set(rows.flatMap((r) => batchOfGroup(r.groupKey) ?? []))];
  const [actors, subjects, finished] = await Promise.all([
    repo.findActors(db, actorIds),
    subjectTitles(db, contentIds, jobIds),
    finishedInBatches(db, batchIds),
  ]);
  const actorById = new Map<string, ContentOwner>(actors.map((a) => [a.id, a]));
  const titles = new Map<string, string>(subjects.map((t) => [t.id, t.title]));
  return rows.map((r) => {
    const heard = heardOf(r);
    const batch = batchOfGroup(r.groupKey);
    const shown = heard.slice(0, 2).flatMap((id) => actorById.get(id) ?? []);
    const title = r.subjectType === 'user' ? (actorById.get(r.subjectId)?.fullName ?? null) : (titles.get(r.subjectId) ?? null);
    return {
      id: r.id,
      kind: r.kind,
      actors: shown,
      actorCount: heard.length,
      subject: { type: r.subjectType, id: r.subjectId, title },
      link: linkOf(r, actorById.get(r.subjectId)?.username),
      excerpt: r.excerpt,
      refunded: r.refunded,
      action: r.action,
      ...(batch ? { itemCount: Math.max(1, finished.get(batch) ?? 1) } : {}),
      isRead: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** The web page a notification is about. */
function linkOf(r: NotificationRow, username: string | undefined): string {
  switch (r.kind) {
    case 'follow':
      return username ? `/u/${encodeURIComponent(username)}` : '/people';
    case 'application':
      return `/jobs/${r.subjectId}/applications`;
    case 'application-status':
      return '/applications/mine';
    case 'remix':
      // The newest remix; the item itself when that one is gone.
      return `/content/${r.sourceId ?? r.subjectId}`;
    case 'moderation':
      // A reporter may no longer open what they reported: the rules it was judged by.
      if (r.subjectType === 'report') return '/terms-of-services';
      if (r.subjectType === 'job') return `/careers/${r.subjectId}`;
      return `/content/${r.subjectId}`;
    default:
      return r.subjectType === 'content' ? `/content/${r.subjectId}` : '/';
  }
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

export async function listNotifications(
  deps: Pick<NotificationsDeps, 'db'>,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<{ data: Notification[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repo.listNotifications(deps.db, userId, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { data: await toNotifications(deps.db, userId, page), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

export const unreadCount = (deps: Pick<NotificationsDeps, 'db'>, userId: string) => repo.countUnread(deps.db, userId);

/** Marks one read (404 when it is not the person's) or all; every tab of theirs hears the new count. */
export async function markRead(deps: NotificationsDeps, userId: string, id?: string): Promise<number> {
  if (id && !(await repo.findNotification(deps.db, userId, id))) throw notFound(NOTIFICATIONS_TEXT.notFound);
  await repo.markRead(deps.db, userId, deps.clock(), id);
  const unread = await repo.countUnread(deps.db, userId);
  deps.realtime.toUser(userId, SOCKET_EVENTS.notificationsUnread, { unread });
  return unread;
}

/**
 * What a reconnecting socket missed (its catch-up): the notifications written or regrouped after
 * the client's newest (else after its floor), oldest change first, with the unread count as it is.
 */
export async function missedNotifications(
  deps: Pick<NotificationsDeps, 'db'>,
  userId: string,
  since: CatchUpCursor,
  limit: number,
): Promise<{ notifications: Notification[]; unread: number; complete: boolean }> {
  const after = since.notificationsAt ?? since.at;
  if (!after) return { notifications: [], unread: 0, complete: true };
  const rows = await repo.notificationsAfter(deps.db, userId, new Date(after), limit + 1);
  const shown = await toNotifications(deps.db, userId, rows.slice(0, limit));
  const unread = shown.length > 0 ? await repo.countUnread(deps.db, userId) : 0;
  return { notifications: shown, unread, complete: rows.length <= limit };
}

// ── Settings ───────────────────────────────────────────────────────────────────────────────────

export async function readSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const stored = new Map((await repo.readSettings(db, userId)).map((r) => [r.kind, r]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = stored.get(kind);
      return [kind, { inApp: row?.inApp ?? true, email: row?.email ?? NOTIFICATION_EMAIL_DEFAULTS[kind] }];
    }),
  ) as NotificationSettings;
}

async function emailNotificationsOn(db: Db, userId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user ? toUserSettings(user).emailNotifications : false;
}

export async function getSettings(deps: Pick<NotificationsDeps, 'db'>, userId: string) {
  const [data, emailNotifications] = await Promise.all([readSettings(deps.db, userId), emailNotificationsOn(deps.db, userId)]);
  return { data, emailNotifications };
}

export async function updateSettings(deps: Pick<NotificationsDeps, 'db'>, userId: string, body: UpdateNotificationSettingsBody) {
  const current = await readSettings(deps.db, userId);
  const rows = NOTIFICATION_KINDS.flatMap((kind) => {
    const change = body[kind];
    return change ? [{ kind, inApp: change.inApp ?? current[kind].inApp, email: change.email ?? current[kind].email }] : [];
  });
  await repo.writeSettings(deps.db, userId, rows);
  return getSettings(deps, userId);
}

// ── Delivering (the worker) ────────────────────────────────────────────────────────────────────

/**
 * Runs one activity through its processor and writes what it makes: each person's in-app setting
 * decides whether they get it, their email settings whether it waits for the next email. Every
 * person whose list changed hears it on their sockets, in every API process.
 */
export async function deliver(deps: NotificationsDeps, event: ActivityEvent): Promise<void> {
  const now = deps.clock();
  const outcome = await process({ db: deps.db, now }, event);
  for (const draft of outcome.drafts) {
    const settings = await readSettings(deps.db, draft.userId);
    const setting = settings[draft.kind];
    if (!setting.inApp) continue;
    // Nothing from someone blocked either way or suspended (read time checks again: DESIGN.md §12).
    if (draft.actorId && !(await repo.mayHearFrom(deps.db, draft.userId, draft.actorId))) continue;
    // The applications module mails every status change itself, at once.
    const email = setting.email && draft.kind !== 'application-status' && (await emailNotificationsOn(deps.db, draft.userId));
    const row = await repo.upsertNotification(deps.db, { ...draft, email }, now);
    const [notification] = await toNotifications(deps.db, draft.userId, [row]);
    const unread = await repo.countUnread(deps.db, draft.userId);
    if (notification) deps.realtime.toUser(draft.userId, SOCKET_EVENTS.notification, { notification, unread });
  }
  for (const userId of outcome.withdrawnFrom) {
    deps.realtime.toUser(userId, SOCKET_EVENTS.notificationsUnread, { unread: await repo.countUnread(deps.db, userId) });
  }
}

// ── Email ──────────────────────────────────────────────────────────────────────────────────────

export async function unsubscribeToken(deps: Pick<NotificationsDeps, 'tokens'>, userId: string, kind: NotificationKind) {
  return deps.tokens.signLink(UNSUBSCRIBE, userId, { kind });
}

/** Turns one kind's emails off for the person the signed token names; no sign-in needed. */
export async function unsubscribe(deps: Pick<NotificationsDeps, 'db' | 'tokens'>, token: string): Promise<NotificationKind> {
  const found = await deps.tokens.verifyLink(UNSUBSCRIBE, token);
  const kind = found?.claims.kind as NotificationKind | undefined;
  if (!found || !kind || !NOTIFICATION_KINDS.includes(kind)) {
    throw badRequest(NOTIFICATIONS_TEXT.badToken, [{ path: 'query.token', message: NOTIFICATIONS_TEXT.badToken }]);
  }
  if (!(await findUserById(deps.db, found.subject))) throw badRequest(NOTIFICATIONS_TEXT.badToken);
  await updateSettings(deps, found.subject, { [kind]: { email: false } } as UpdateNotificationSettingsBody);
  return kind;
}

/**
 * Sends every email that is due: one per person and kind whose oldest waiting notification has
 * waited the window, listing all that wait. So a person gets at most one email per kind per window.
 * Returns how many were sent.
 */
export async function sendDueDigests(deps: NotificationsDeps): Promise<number> {
  let sent = 0;
  for (const { userId, kind } of await repo.dueDigests(deps.db, deps.clock(), EMAIL_WINDOW_MS)) {
    const rows = await repo.takePending(deps.db, userId, kind);
    const user = await findUserById(deps.db, userId);
    if (!user || user.deletedAt || rows.length === 0) continue;
    // Settings may have changed while they waited.
    const settings = await readSettings(deps.db, userId);
    if (!settings[kind].email || !toUserSettings(user).emailNotifications) continue;
    // Nothing from people blocked or suspended since it waited.
    const items = (await toNotifications(deps.db, userId, rows)).filter((n, i) => n.actorCount > 0 || rows[i]!.actorIds.length === 0);
    if (items.length === 0) continue;
    const base = deps.publicUrl.replace(/\/+$/, '');
    const token = await unsubscribeToken(deps, userId, kind);
    const pageLink = `${base}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const oneClick = `${base}${API_BASE}${pathOf(notificationsEndpoints.unsubscribe)}?token=${encodeURIComponent(token)}`;
    const lines = items.map((n) => `- ${notificationText(n)}\n  ${base}${n.link}`);
    try {
      await deps.mailer.send({
        to: user.email,
        subject: items.length === 1 ? notificationText(items[0]!) : `${items.length} new notifications on Atelier`,
        text:
          `Hi ${user.fullName},\n\nHere is what happened on Atelier:\n\n${lines.join('\n')}\n\n` +
          `Stop these emails (${kind.replace('-', ' ')}): ${pageLink}\n`,
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      sent++;
    } catch (err) {
      // Tried again after another window, with whatever has joined them by then.
      await repo.restorePending(deps.db, rows.map((r) => r.id), deps.clock());
      deps.log.warn({ err, userId, kind }, 'notification email failed');
    }
  }
  return sent;
}
