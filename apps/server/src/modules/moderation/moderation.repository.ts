import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReportAction, ReportReason, ReportStatus, ReportTargetType } from '@atelier/shared';
import { type Db, executeRows } from '../../platform/db/db.js';
import { recordAdminAction, usersTable } from '../auth/index.js';
import { reports, type ReportRow } from './moderation.schema.js';

export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  targetUserId: string;
  reason: ReportReason;
  details: string | null;
  now: Date;
}

/**
 * Stores the report unless the reporter already has an open one on this target; answers the
 * stored report and whether it is new. The partial unique index decides, so two requests at once
 * store one report.
 */
export async function insertReport(db: Db, input: NewReport): Promise<{ row: ReportRow; isNew: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(reports)
      .values({
        reporterId: input.reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId: input.targetUserId,
        reason: input.reason,
        details: input.details,
        createdAt: input.now,
      })
      .onConflictDoNothing({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        where: sql`status = 'open'`,
      })
      .returning();
    if (inserted[0]) return { row: inserted[0], isNew: true };
    const [existing] = await db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, input.reporterId),
          eq(reports.targetType, input.targetType),
          eq(reports.targetId, input.targetId),
          eq(reports.status, 'open'),
        ),
      )
      .limit(1);
    // Closed by an admin between the two statements: the next insert stores a fresh one.
    if (existing) return { row: existing, isNew: false };
  }
  throw new Error('report neither stored nor found');
}

export async function findReports(db: Db, ids: string[]): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(reports).where(inArray(reports.id, ids));
}

/**
 * Closes every open report on one target with the action; answers how many it closed (none when
 * another admin closed them first, so the action is not done twice).
 */
export async function closeReportsOn(
  tx: Db,
  input: { targetType: ReportTargetType; targetId: string; action: ReportAction; note: string | null; actorId: string; now: Date },
): Promise<{ id: string; reporterId: string }[]> {
  const status: ReportStatus = input.action === 'dismiss' ? 'dismissed' : 'actioned';
  return tx
    .update(reports)
    .set({ status, action: input.action, note: input.note, resolvedBy: input.actorId, resolvedAt: input.now })
    .where(and(eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, 'open')))
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** One admin action in the audit trail (the admin module reads it; see DESIGN.md §12 "Moderation"). */
export async function recordAudit(
  tx: Db,
  input: { actorId: string; targetUserId: string | null; action: 'report_action' | 'suspend' | 'unsuspend' | 'set_rating'; details: Record<string, unknown>; now: Date },
): Promise<void> {
  await recordAdminAction(tx, { actorId: input.actorId, targetUserId: input.targetUserId, action: input.action, details: input.details, at: input.now });
}

export interface GroupRow {
  target_type: ReportTargetType;
  target_id: string;
  n: number;
  reasons: ReportReason[];
  latest: Date | string;
  total: number;
}

/** Reports of one status grouped by target, the most recently reported first. */
export async function listGroups(
  db: Db,
  query: { status: ReportStatus; targetType?: ReportTargetType; page: number; pageSize: number },
): Promise<GroupRow[]> {
  const result = await executeRows<GroupRow>(db, sql`
    SELECT target_type, target_id, count(*)::int AS n, array_agg(DISTINCT reason) AS reasons,
      max(created_at) AS latest, count(*) OVER ()::int AS total
    FROM reports
    WHERE status = ${query.status} ${query.targetType ? sql`AND target_type = ${query.targetType}` : sql``}
    GROUP BY target_type, target_id
    ORDER BY max(created_at) DESC, target_id
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`);
  return result.map((r) => ({
    ...r,
    reasons: typeof r.reasons === 'string' ? parsePgArray(r.reasons) : r.reasons,
  })) as GroupRow[];
}

const parsePgArray = (text: string): ReportReason[] =>
  text.replace(/^\{|\}$/g, '').split(',').filter(Boolean) as ReportReason[];

export async function countGroups(db: Db, status: ReportStatus, targetType?: ReportTargetType): Promise<number> {
  const [row] = await executeRows<{ n: number }>(db, sql`
    SELECT count(DISTINCT (target_type, target_id))::int AS n FROM reports
    WHERE status = ${status} ${targetType ? sql`AND target_type = ${targetType}` : sql``}`);
  return row?.n ?? 0;
}

export async function countOpen(db: Db): Promise<number> {
  const [row] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reports WHERE status = 'open'`);
  return row?.n ?? 0;
}

export interface ReportWithPeople extends ReportRow {
  reporterUsername: string | null;
}

/** The reports of these targets in one status, newest first, with the reporters' names. */
export async function reportsOfTargets(
  db: Db,
  status: ReportStatus,
  targets: { targetType: string; targetId: string }[],
): Promise<ReportWithPeople[]> {
  if (targets.length === 0) return [];
  const ids = targets.map((t) => t.targetId);
  type Raw = Record<string, unknown>;
  const result = await executeRows<Raw>(db, sql`
    SELECT r.*, u.username AS reporter_username FROM reports r LEFT JOIN ${usersTable} u ON u.id = r.reporter_id
    WHERE r.status = ${status} AND r.target_id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
    ORDER BY r.created_at DESC, r.id`);
  return result.map((r) => ({
    id: r.id as string,
    reporterId: r.reporter_id as string,
    targetType: r.target_type as ReportTargetType,
    targetId: r.target_id as string,
    targetUserId: (r.target_user_id as string | null) ?? null,
    reason: r.reason as ReportReason,
    details: (r.details as string | null) ?? null,
    status: r.status as ReportStatus,
    action: (r.action as ReportAction | null) ?? null,
    note: (r.note as string | null) ?? null,
    resolvedBy: (r.resolved_by as string | null) ?? null,
    resolvedAt: r.resolved_at ? new Date(r.resolved_at as string) : null,
    createdAt: new Date(r.created_at as string),
    reporterUsername: (r.reporter_username as string | null) ?? null,
  }));
}

/** Account deletion: the reports the person made and the ones about them. */
export async function deleteReportsOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM reports WHERE reporter_id = ${userId} OR target_user_id = ${userId}`);
  await tx.execute(sql`UPDATE reports SET resolved_by = NULL WHERE resolved_by = ${userId}`);
}

/** Who made the reports on a target that an action closed at `at` (they hear of it). */
export async function reportersActioned(db: Db, targetType: ReportTargetType, targetId: string, at: Date): Promise<string[]> {
  const rows = await db
    .select({ reporterId: reports.reporterId })
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'actioned'), eq(reports.resolvedAt, at)));
  return rows.map((r) => r.reporterId);
}
