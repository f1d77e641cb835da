import type { AdminLedgerRow, AdminUserRow, AdminUsersQuery, AuditEntry, Role } from '@atelier/shared';
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Database } from '../../platform/db/db.js';
import { adminAuditTable, usersTable } from '../auth/index.js';
import { contentTable } from '../content/index.js';
import { creditLedgerTable } from '../credits/index.js';

/* Other modules' tables are read through the tables their faces hand out for read-only joins. */
type Db = Pick<Database, 'db'>;

const rowsOf = <T>(db: Db, query: SQL): Promise<T[]> => executeRows<T>(db.db, query);

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

const USER_COLUMNS = sql`u.id, u.username, u.full_name, u.email, u.role, u.credits, u.is_verified, u.deleted_at, u.created_at,
  u.referral_code, u.bio, (SELECT count(*)::int FROM ${contentTable} c WHERE c.user_id = u.id) AS content_count`;

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
export async function searchUsers(db: Db, query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(u.username ILIKE ${like} OR u.email ILIKE ${like} OR u.full_name ILIKE ${like})`);
  }
  if (query.role) where.push(sql`u.role = ${query.role}`);
  const clause = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [total, rows] = await Promise.all([
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${usersTable} u ${clause}`),
    rowsOf<UserRecord>(
      db,
      sql`SELECT ${USER_COLUMNS} FROM ${usersTable} u ${clause} ORDER BY u.created_at DESC, u.id
       LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    ),
  ]);
  return { rows: rows.map(toRow), total: total[0]?.n ?? 0 };
}

export async function findUser(db: Db, id: string) {
  const rows = await rowsOf<UserRecord>(db, sql`SELECT ${USER_COLUMNS} FROM ${usersTable} u WHERE u.id = ${id}`);
  const u = rows[0];
  return u ? { ...toRow(u), referralCode: u.referral_code, bio: u.bio } : null;
}

export async function userCounts(db: Db, id: string) {
  const rows = await rowsOf<{
    content: number;
    ready: number;
    failed: number;
    referrals: number;
    ledgerEntries: number;
  }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM ${contentTable} WHERE user_id = ${id}) AS content,
            (SELECT count(*)::int FROM ${contentTable} WHERE user_id = ${id} AND status = 'ready') AS ready,
            (SELECT count(*)::int FROM ${contentTable} WHERE user_id = ${id} AND status = 'failed') AS failed,
            (SELECT count(*)::int FROM ${usersTable} WHERE referred_by = ${id}) AS referrals,
            (SELECT count(*)::int FROM ${creditLedgerTable} WHERE user_id = ${id}) AS "ledgerEntries"`,
  );
  return rows[0] ?? { content: 0, ready: 0, failed: 0, referrals: 0, ledgerEntries: 0 };
}

export async function recentLedger(db: Db, id: string, limit: number): Promise<AdminLedgerRow[]> {
  const rows = await rowsOf<{
    id: string;
    delta: number;
    kind: string;
    reason: string | null;
    balance_after: number;
    actor_id: string | null;
    actor_username: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT l.id, l.delta, l.kind, l.reason, l.balance_after, l.actor_id, a.username AS actor_username, l.created_at
     FROM ${creditLedgerTable} l LEFT JOIN ${usersTable} a ON a.id = l.actor_id
     WHERE l.user_id = ${id} ORDER BY l.seq DESC LIMIT ${limit}`,
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
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const union = sql`
    SELECT l.id::text AS id, CASE WHEN l.delta > 0 THEN 'credit_add' ELSE 'credit_deduct' END AS type,
           l.actor_id, l.user_id AS target_id, l.delta, l.reason, NULL::jsonb AS details, l.created_at
    FROM ${creditLedgerTable} l WHERE l.actor_id IS NOT NULL
    UNION ALL
    SELECT x.id::text, x.action, x.actor_id, x.target_user_id, NULL::int, NULL::text, x.details, x.created_at
    FROM ${adminAuditTable} x`;
  const [total, rows] = await Promise.all([
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${union}) e`),
    rowsOf<{
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
      db,
      sql`SELECT e.*, a.username AS actor_username, t.username AS target_username
       FROM (${union}) e LEFT JOIN ${usersTable} a ON a.id = e.actor_id LEFT JOIN ${usersTable} t ON t.id = e.target_id
       ORDER BY e.created_at DESC, e.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
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
