import type { Role } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Db, Query } from '../../platform/db/db.js';
import type { ADMIN_ACTIONS } from './admin-audit.schema.js';

export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * One administrative action in the audit trail (admin_audit, this module's table): the modules that
 * act as admins (moderation, developers, admin) record theirs here, in their own transaction.
 */
export async function recordAdminAction(
  tx: Db,
  input: { actorId: string; targetUserId: string | null; action: AdminAction; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await tx.execute(sql`INSERT INTO admin_audit (actor_id, target_user_id, action, details, created_at)
    VALUES (${input.actorId}, ${input.targetUserId}, ${input.action}, ${JSON.stringify(input.details)}::jsonb, ${input.at})`);
}

/** Changes a person's role and records who did it, in one statement (so both happen or neither). */
export async function changeRole(db: Query, input: { actorId: string; userId: string; from: Role; to: Role }): Promise<void> {
  await db.query(
    `WITH changed AS (UPDATE users SET role = $3, updated_at = now() WHERE id = $2 RETURNING id)
     INSERT INTO admin_audit (actor_id, target_user_id, action, details)
     SELECT $1, id, 'role_change', jsonb_build_object('from', $4::text, 'to', $3::text) FROM changed`,
    [input.actorId, input.userId, input.to, input.from],
  );
}
