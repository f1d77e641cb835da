import type { AdminLedgerRow, AdminUserRow, AdminUsersQuery, AuditEntry, Role } from '@atelier/shared';
import type { Query } from '../../platform/db/db.js';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

interface UserRecord {
  id: string;
  username: string;
  full_name: string;
  email: string;
  role: Role;
  credits: number;
  is_verified: boolean;
  content_count: number;
  deleted_at: Date | string | null;
  created_at: Date | string;
  referral_code: string;
  bio: string | null;
}

const USER_COLUMNS = `u.id, u.username, u.full_name, u.email, u.role, u.credits, u.is_verified, u.deleted_at, u.created_at,
  u.referral_code, u.bio, (SELECT count(*)::int FROM content c WHERE c.user_id = u.id) AS content_count`;

function toRow(u: UserRecord): AdminUserRow {
  return {
    id: u.id,
    username: u.username,
    fullName: u.full_name,
    email: u.email,
    role: u.role,
    credits: u.credits,
    isVerified: u.is_verified,
    contentCount: u.content_count,
    deletedAt: u.deleted_at ? iso(u.deleted_at) : null,
    createdAt: iso(u.created_at),
  };
}

/** `q` matches username, email or full name anywhere (case-insensitive). */
export async function searchUsers(db: Query, query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const p = params.push(like);
    where.push(`(u.username ILIKE $${p} OR u.email ILIKE $${p} OR u.full_name ILIKE $${p})`);
  }
  if (query.role) where.push(`u.role = $${params.push(query.role)}`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ rows: total }, { rows }] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${clause}`, params),
    db.query<UserRecord>(
      `SELECT ${USER_COLUMNS} FROM users u ${clause} ORDER BY u.created_at DESC, u.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { rows: rows.map(toRow), total: total[0]?.n ?? 0 };
}

export async function findUser(db: Query, id: string) {
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  const u = rows[0];
  return u ? { ...toRow(u), referralCode: u.referral_code, bio: u.bio } : null;
}

export async function userCounts(db: Query, id: string) {
  const { rows } = await db.query<{
    content: number;
    ready: number;
    failed: number;
    referrals: number;
    ledgerEntries: number;
  }>(
    `SELECT (SELECT count(*)::int FROM content WHERE user_id = $1) AS content,
            (SELECT count(*)::int FROM content WHERE user_id = $1 AND status = 'ready') AS ready,
            (SELECT count(*)::int FROM content WHERE user_id = $1 AND status = 'failed') AS failed,
            (SELECT count(*)::int FROM users WHERE referred_by = $1) AS referrals,
            (SELECT count(*)::int FROM credit_ledger WHERE user_id = $1) AS "ledgerEntries"`,
    [id],
  );
  return rows[0] ?? { content: 0, ready: 0, failed: 0, referrals: 0, ledgerEntries: 0 };
}

export async function recentLedger(db: Query, id: string, limit: number): Promise<AdminLedgerRow[]> {
  const { rows } = await db.query<{
    id: string;
    delta: number;
    kind: string;
    reason: string | null;
    balance_after: number;
    actor_id: string | null;
    actor_username: string | null;
    created_at: Date | string;
  }>(
    `SELECT l.id, l.delta, l.kind, l.reason, l.balance_after, l.actor_id, a.username AS actor_username, l.created_at
     FROM credit_ledger l LEFT JOIN users a ON a.id = l.actor_id
     WHERE l.user_id = $1 ORDER BY l.seq DESC LIMIT $2`,
    [id, limit],
  );
  return rows.map((l) => ({
    id: l.id,
    delta: l.delta,
    kind: l.kind,
    reason: l.reason,
    balanceAfter: l.balance_after,
    actor: l.actor_id ? { id: l.actor_id, username: l.actor_username ?? '' } : null,
    createdAt: iso(l.created_at),
  }));
}


/** Credit changes made by someone (ledger rows with an actor) and admin_audit rows, newest first. */
export async function auditTrail(
  db: Query,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const union = `
    SELECT l.id::text AS id, CASE WHEN l.delta > 0 THEN 'credit_add' ELSE 'credit_deduct' END AS type,
           l.actor_id, l.user_id AS target_id, l.delta, l.reason, NULL::jsonb AS details, l.created_at
    FROM credit_ledger l WHERE l.actor_id IS NOT NULL
    UNION ALL
    SELECT x.id::text, x.action, x.actor_id, x.target_user_id, NULL::int, NULL::text, x.details, x.created_at
    FROM admin_audit x`;
  const [{ rows: total }, { rows }] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) e`),
    db.query<{
      id: string;
      type: AuditEntry['type'];
      actor_id: string | null;
      actor_username: string | null;
      target_id: string | null;
      target_username: string | null;
      delta: number | null;
      reason: string | null;
      details: Record<string, unknown> | null;
      created_at: Date | string;
    }>(
      `SELECT e.*, a.username AS actor_username, t.username AS target_username
       FROM (${union}) e LEFT JOIN users a ON a.id = e.actor_id LEFT JOIN users t ON t.id = e.target_id
       ORDER BY e.created_at DESC, e.id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    ),
  ]);
  return {
    total: total[0]?.n ?? 0,
    rows: rows.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor_id ? { id: e.actor_id, username: e.actor_username ?? '' } : null,
      target: e.target_id ? { id: e.target_id, username: e.target_username ?? '' } : null,
      delta: e.delta,
      reason: e.reason,
      details: e.details,
      createdAt: iso(e.created_at),
    })),
  };
}
