import type { AdminApiKey, ApiKey, ApiKeyScope } from '@atelier/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/db.js';
import { recordAdminAction, usersTable } from '../auth/index.js';
import { apiKeys } from './developers.schema.js';

type Query = Pick<Database, 'query'>;

interface KeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  owner_username?: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const COLUMNS = 'k.id, k.user_id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.revoked_at';

export function toApiKey(r: KeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as ApiKeyScope[],
    createdAt: iso(r.created_at),
    lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
    revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
  };
}

export async function insertKey(
  db: Query,
  input: { userId: string; name: string; prefix: string; tokenHash: string; scopes: string[]; now: Date },
): Promise<ApiKey> {
  const { rows } = await db.query<KeyRow>(
    `INSERT INTO api_keys AS k (user_id, name, prefix, token_hash, scopes, created_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6) RETURNING ${COLUMNS}`,
    [input.userId, input.name, input.prefix, input.tokenHash, input.scopes, input.now],
  );
  return toApiKey(rows[0]!);
}

export async function countActiveKeys(db: Query, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The owner's keys, live ones first, newest first. */
export async function listKeys(db: Query, userId: string): Promise<ApiKey[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM api_keys k WHERE k.user_id = $1 ORDER BY (k.revoked_at IS NULL) DESC, k.created_at DESC, k.id`,
    [userId],
  );
  return rows.map(toApiKey);
}

export async function findKey(db: Query, id: string): Promise<(ApiKey & { userId: string }) | null> {
  const { rows } = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys k WHERE k.id = $1`, [id]);
  return rows[0] ? { ...toApiKey(rows[0]), userId: rows[0].user_id } : null;
}

export async function revokeOwnKey(
  db: Query,
  input: { id: string; userId: string; now: Date },
): Promise<ApiKey | null> {
  const { rows } = await db.query<KeyRow>(
    `UPDATE api_keys k SET revoked_at = COALESCE(k.revoked_at, $3), revoked_by = COALESCE(k.revoked_by, $2)
     WHERE k.id = $1 AND k.user_id = $2 RETURNING ${COLUMNS}`,
    [input.id, input.userId, input.now],
  );
  return rows[0] ? toApiKey(rows[0]) : null;
}

/** Revokes a live key and records who did it in the admin audit trail, in one statement. */
export async function adminRevokeKey(db: Db, input: { id: string; actorId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: input.now, revokedBy: input.actorId })
      .where(and(eq(apiKeys.id, input.id), isNull(apiKeys.revokedAt)))
      .returning({ userId: apiKeys.userId, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!key) return false;
    await recordAdminAction(tx, {
      actorId: input.actorId,
      targetUserId: key.userId,
      action: 'api_key_revoke',
      details: { keyId: input.id, name: key.name, prefix: key.prefix },
      at: input.now,
    });
    return true;
  });
}

export async function adminListKeys(
  database: Pick<Database, 'db'>,
  query: { page: number; pageSize: number; userId?: string; active?: boolean },
): Promise<{ rows: AdminApiKey[]; total: number }> {
  const where: SQL[] = [];
  if (query.userId) where.push(sql`k.user_id = ${query.userId}`);
  if (query.active !== undefined) where.push(query.active ? sql`k.revoked_at IS NULL` : sql`k.revoked_at IS NOT NULL`);
  const filter = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [counted, listed] = await Promise.all([
    database.db.execute(sql`SELECT count(*)::int AS n FROM api_keys k ${filter}`),
    database.db.execute(
      sql`SELECT ${sql.raw(COLUMNS)}, u.username AS owner_username FROM api_keys k JOIN ${usersTable} u ON u.id = k.user_id ${filter}
       ORDER BY k.created_at DESC, k.id LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    ),
  ]);
  const total = (counted as unknown as { rows: { n: number }[] }).rows;
  const rows = (listed as unknown as { rows: KeyRow[] }).rows;
  return {
    total: total[0]?.n ?? 0,
    rows: rows.map((r) => ({ ...toApiKey(r), owner: { id: r.user_id, username: r.owner_username ?? '' } })),
  };
}

/** The live key with this hash, of a live account. */
export async function findLiveKeyByHash(
  database: Pick<Database, 'db'>,
  tokenHash: string,
): Promise<{ id: string; userId: string; scopes: string[] } | null> {
  const result = await database.db.execute(
    sql`SELECT k.id, k.user_id, k.scopes FROM api_keys k JOIN ${usersTable} u ON u.id = k.user_id
     WHERE k.token_hash = ${tokenHash} AND k.revoked_at IS NULL AND u.deleted_at IS NULL
       AND (u.suspended_at IS NULL OR u.suspended_until <= now())`,
  );
  const row = (result as unknown as { rows: { id: string; user_id: string; scopes: string[] }[] }).rows[0];
  return row ? { id: row.id, userId: row.user_id, scopes: row.scopes } : null;
}

/** Last use to the minute: one write a minute per key, not one per request. */
export async function touchKey(db: Query, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [id, now],
  );
}
