import type { Role } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { adminAudit, type ADMIN_ACTIONS } from './admin-audit.schema.js';
import { users } from './auth.schema.js';

export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * One administrative action in the audit trail (admin_audit, this module's table): the modules that
 * act as admins (moderation, developers, admin) record theirs here, in their own transaction.
 */
export async function recordAdminAction(
  tx: Db,
  input: { actorId: string; targetUserId: string | null; action: AdminAction; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await tx.execute(sql`INSERT INTO ${adminAudit} (actor_id, target_user_id, action, details, created_at)
    VALUES (${input.actorId}, ${input.targetUserId}, ${input.action}, ${JSON.stringify(input.details)}::jsonb, ${input.at})`);
}

/** Changes a person's role and records who did it, in one statement (so both happen or neither). */
export async function changeRole(db: Db, input: { actorId: string; userId: string; from: Role; to: Role }): Promise<void> {
  await db.execute(
    sql`WITH changed AS (UPDATE ${users} SET role = ${input.to}, updated_at = now() WHERE id = ${input.userId} RETURNING id)
     INSERT INTO ${adminAudit} (actor_id, target_user_id, action, details)
     SELECT ${input.actorId}, id, 'role_change', jsonb_build_object('from', ${input.from}::text, 'to', ${input.to}::text) FROM changed`,
  );
}
