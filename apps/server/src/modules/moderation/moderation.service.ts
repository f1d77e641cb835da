import {
  makePagination,
  MODERATION_TEXT,
  type AdminReportsQuery,
  type ContentRating,
  type CreateReportBody,
  type Report,
  type ReportAction,
  type ReportGroup,
  type ReportTargetType,
} from '@atelier/shared';
import type { Db, Query } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { ActivityEvent } from '../../platform/module-hooks.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { disconnectUser, type Realtime } from '../../platform/realtime/realtime.js';
import { findUserById, setSuspension } from '../auth/index.js';
import {
  commentContentId,
  deleteComment,
  deleteContent,
  findCommentTarget,
  findContentTarget,
  setCommentHidden,
  setContentHidden,
  setContentRating,
  type ContentDeps,
  type ModerationTarget,
} from '../content/index.js';
import { deleteJob, findJobRef, setJobHidden, type JobsDeps } from '../jobs/index.js';
import { findMessageTarget, messageWithContext } from '../messaging/index.js';
import * as repo from './moderation.repository.js';
import type { ReportRow } from './moderation.schema.js';

/**
 * Reports and what admins do about them. Every admin action goes through `act` (or `suspend`),
 * which closes the reports, applies the action and writes the audit trail in one transaction.
 */
export interface ModerationDeps {
  db: Db;
  database: Query;
  clock: () => Date;
  realtime: Pick<Realtime, 'io'>;
  /** Deleting a reported item or comment goes through content's own deletion (files, refunds, hooks). */
  content: ContentDeps;
  /** Deleting a reported job goes through the jobs module (its applications and résumés go too). */
  jobs: JobsDeps;
  log?: { error(obj: object, msg?: string): void };
  /** Tells the module list of an action (the owner of what was hidden and the reporters hear of it). */
  activity?: (event: ActivityEvent) => Promise<void>;
}

/** How many messages before a reported one an admin may read. */
export const MESSAGE_CONTEXT = 10;

const HIDEABLE: readonly ReportTargetType[] = ['content', 'comment', 'job'];

/** The target as the viewer may see it (null viewer: an admin reading the queue). */
async function findTarget(deps: ModerationDeps, type: ReportTargetType, id: string, viewer: AuthUser | null): Promise<ModerationTarget | null> {
  switch (type) {
    case 'content':
      return findContentTarget(deps.db, id, viewer);
    case 'comment':
      return findCommentTarget(deps.db, id, viewer);
    case 'user': {
      const row = await findUserById(deps.db, id);
      return row && !row.deletedAt ? { ownerId: row.id, summary: `@${row.username}`, isHidden: false } : null;
    }
    case 'message': {
      // A reporter must be one of the message's two people; an admin reads it from the queue.
      if (viewer) return findMessageTarget(deps.db, id, viewer.id);
      const [message] = await messageWithContext(deps.db, id, 0);
      return message?.senderId ? { ownerId: message.senderId, summary: message.content.slice(0, 200), isHidden: false } : null;
    }
    case 'job': {
      const job = await findJobRef(deps.db, id);
      if (!job) return null;
      const isOpen = job.isActive && !job.hiddenAt;
      if (viewer && viewer.role !== 'admin' && !isOpen && job.ownerId !== viewer.id) return null;
      return { ownerId: job.ownerId, summary: job.title, isHidden: job.hiddenAt !== null };
    }
  }
}

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  details: row.details,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export async function createReport(
  deps: ModerationDeps,
  viewer: AuthUser,
  body: CreateReportBody,
): Promise<{ report: Report; isNew: boolean }> {
  const target = await findTarget(deps, body.targetType, body.targetId, viewer);
  if (!target) throw notFound(MODERATION_TEXT.targetNotFound);
  if (target.ownerId === viewer.id) throw badRequest(MODERATION_TEXT.cannotReportSelf);
  const { row, isNew } = await repo.insertReport(deps.db, {
    reporterId: viewer.id,
    targetType: body.targetType,
    targetId: body.targetId,
    targetUserId: target.ownerId,
    reason: body.reason,
    details: body.details ? body.details : null,
    now: deps.clock(),
  });
  return { report: toReport(row), isNew };
}

export async function listQueue(
  deps: ModerationDeps,
  query: AdminReportsQuery,
): Promise<{ data: ReportGroup[]; pagination: ReturnType<typeof makePagination>; openCount: number }> {
  const [groups, total, openCount] = await Promise.all([
    repo.listGroups(deps.db, query),
    repo.countGroups(deps.db, query.status, query.targetType),
    repo.countOpen(deps.db),
  ]);
  const rows = await repo.reportsOfTargets(
    deps.db,
    query.status,
    groups.map((g) => ({ targetType: g.target_type, targetId: g.target_id })),
  );
  const data = await Promise.all(
    groups.map(async (g): Promise<ReportGroup> => {
      const [target, messages] = await Promise.all([
        findTarget(deps, g.target_type, g.target_id, null),
        g.target_type === 'message' ? messageWithContext(deps.db, g.target_id, MESSAGE_CONTEXT) : undefined,
      ]);
      const mine = rows.filter((r) => r.targetType === g.target_type && r.targetId === g.target_id);
      const ownerId = target?.ownerId ?? mine[0]?.targetUserId ?? null;
      const owner = ownerId ? await findUserById(deps.db, ownerId) : undefined;
      return {
        targetType: g.target_type,
        targetId: g.target_id,
        targetUser: owner ? { id: owner.id, username: owner.username } : null,
        summary: target?.summary ?? null,
        isHidden: target?.isHidden ?? false,
        count: g.n,
        reasons: g.reasons,
        reports: mine.map((r) => ({
          ...toReport(r),
          reporter: r.reporterUsername ? { id: r.reporterId, username: r.reporterUsername } : null,
          action: r.action,
          note: r.note,
          resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
        })),
        ...(messages
          ? {
              messages: messages.map((m) => ({
                id: m.id,
                sender: m.senderId ? { id: m.senderId, username: m.senderUsername ?? '' } : null,
                content: m.content,
                createdAt: m.createdAt,
                isReported: m.id === g.target_id,
              })),
            }
          : {}),
      };
    }),
  );
  return { data, pagination: makePagination(query.page, query.pageSize, total), openCount };
}

export interface ActionInput {
  action: ReportAction;
  note?: string;
  /** For suspend: an ISO date when it ends by itself; null or absent until lifted. */
  until?: string | null;
}

function checkAction(action: ReportAction, type: ReportTargetType): void {
  if (action === 'hide' && !HIDEABLE.includes(type)) throw badRequest(MODERATION_TEXT.cannotHide);
  if (action === 'delete' && !HIDEABLE.includes(type)) throw badRequest(MODERATION_TEXT.cannotDelete);
}

function suspensionEnd(input: ActionInput, now: Date): Date | null {
  if (!input.until) return null;
  const until = new Date(input.until);
  if (until <= now) throw badRequest('The suspension must end in the future', [{ path: 'body.until', message: 'in the past' }]);
  return until;
}

/**
 * Acts on reports (one, or several at once): every one must exist and be open, or nothing
 * changes. Each target is acted on once, and all its open reports close with it.
 */
export async function act(deps: ModerationDeps, admin: AuthUser, ids: string[], input: ActionInput): Promise<{ closed: number; status: 'actioned' | 'dismissed' }> {
  const unique = [...new Set(ids)];
  const found = await repo.findReports(deps.db, unique);
  if (found.length !== unique.length) {
    if (unique.length === 1) throw notFound(MODERATION_TEXT.reportNotFound);
    throw badRequest(MODERATION_TEXT.reportNotFound);
  }
  if (found.some((r) => r.status !== 'open')) throw badRequest(MODERATION_TEXT.reportClosed);
  for (const r of found) checkAction(input.action, r.targetType);
  const now = deps.clock();
  const until = input.action === 'suspend' ? suspensionEnd(input, now) : null;
  const targets = new Map<string, ReportRow>();
  for (const r of found) targets.set(`${r.targetType}:${r.targetId}`, r);
  const suspended = new Set<string>();

  const closed = await deps.db.transaction(async (tx) => {
    let total = 0;
    for (const r of targets.values()) {
      const closedReports = await repo.closeReportsOn(tx, {
        targetType: r.targetType,
        targetId: r.targetId,
        action: input.action,
        note: input.note ?? null,
        actorId: admin.id,
        now,
      });
      const n = closedReports.length;
      // Another admin closed them a moment ago: the whole action stops, so nothing is done twice.
      if (n === 0) throw badRequest(MODERATION_TEXT.reportClosed);
      total += n;
      if (input.action === 'hide') {
        if (r.targetType === 'content') await setContentHidden(tx, r.targetId, now);
        if (r.targetType === 'comment') await setCommentHidden(tx, r.targetId, now);
        if (r.targetType === 'job') await setJobHidden(tx, r.targetId, now);
      }
      if (input.action === 'suspend' && r.targetUserId && !suspended.has(r.targetUserId)) {
        if (r.targetUserId === admin.id) throw badRequest('You cannot suspend yourself');
        await setSuspension(tx, { userId: r.targetUserId, suspend: true, until, now });
        suspended.add(r.targetUserId);
      }
      await repo.recordAudit(tx, {
        actorId: admin.id,
        targetUserId: r.targetUserId,
        action: 'report_action',
        details: {
          reportId: r.id,
          targetType: r.targetType,
          targetId: r.targetId,
          action: input.action,
          closed: n,
          ...(input.note ? { note: input.note } : {}),
          ...(input.action === 'suspend' ? { until: until?.toISOString() ?? null } : {}),
        },
        now,
      });
    }
    return total;
  });

  // After the commit: the suspended stop at once on every process; deletions go through their owners;
  // the owner and the reporters are told through the activity hook (the notifications module listens).
  for (const userId of suspended) disconnectUser(deps.realtime.io, userId);
  if (input.action === 'delete') {
    for (const r of targets.values()) await deleteTarget(deps, admin, r).catch((err: unknown) => {
      deps.log?.error({ err, reportId: r.id }, 'moderation: reported target not deleted');
    });
  }
  if (input.action !== 'dismiss') {
    for (const r of targets.values()) {
      const reporterIds = await repo.reportersActioned(deps.db, r.targetType, r.targetId, now);
      const event = { targetType: r.targetType, targetId: r.targetId, ownerId: r.targetUserId, reporterIds, note: input.note ?? null };
      await deps.activity?.({ type: 'moderation', action: input.action, ...event });
    }
  }
  return { closed, status: input.action === 'dismiss' ? 'dismissed' : 'actioned' };
}

/**
 * An admin sets an item's rating (general or mature), in the audit trail. The item must exist;
 * setting the rating it already has changes nothing and is not recorded twice.
 */
export async function setRating(deps: ModerationDeps, admin: AuthUser, contentId: string, rating: ContentRating): Promise<{ rating: ContentRating }> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const target = await findContentTarget(tx, contentId, null);
    if (!target) throw notFound('Content not found');
    const from = await setContentRating(tx, contentId, rating);
    if (from === null || from === rating) return;
    await repo.recordAudit(tx, {
      actorId: admin.id,
      targetUserId: target.ownerId,
      action: 'set_rating',
      details: { contentId, from, to: rating },
      now,
    });
  });
  return { rating };
}

async function deleteTarget(deps: ModerationDeps, admin: AuthUser, r: ReportRow): Promise<void> {
  if (r.targetType === 'content') {
    if (await findContentTarget(deps.db, r.targetId, null)) await deleteContent(deps.content, r.targetId, admin);
  } else if (r.targetType === 'comment') {
    const contentId = await commentContentId(deps.db, r.targetId);
    if (contentId) await deleteComment(deps.content, contentId, r.targetId, admin);
  } else if (r.targetType === 'job') {
    if (await findJobRef(deps.db, r.targetId)) await deleteJob(deps.jobs, admin, r.targetId);
  }
}

/** Suspends an account from the admin area (not through a report). */
export async function suspend(
  deps: ModerationDeps,
  admin: AuthUser,
  userId: string,
  input: { until?: string | null; note?: string },
): Promise<{ suspendedUntil: string | null }> {
  if (userId === admin.id) throw badRequest('You cannot suspend yourself');
  const now = deps.clock();
  const until = suspensionEnd({ action: 'suspend', until: input.until }, now);
  const result = await deps.db.transaction(async (tx) => {
    const done = await setSuspension(tx, { userId, suspend: true, until, now });
    if (!done) throw notFound('User not found');
    await repo.recordAudit(tx, {
      actorId: admin.id,
      targetUserId: userId,
      action: 'suspend',
      details: { until: until?.toISOString() ?? null, ...(input.note ? { note: input.note } : {}) },
      now,
    });
    return done;
  });
  disconnectUser(deps.realtime.io, userId);
  return { suspendedUntil: result.suspendedUntil?.toISOString() ?? null };
}

export async function unsuspend(deps: ModerationDeps, admin: AuthUser, userId: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const done = await setSuspension(tx, { userId, suspend: false, until: null, now });
    if (!done) throw notFound('User not found');
    await repo.recordAudit(tx, { actorId: admin.id, targetUserId: userId, action: 'unsuspend', details: {}, now });
  });
}
