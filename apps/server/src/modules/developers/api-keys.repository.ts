import type { AdminApiKey, ApiKey, ApiKeyScope } from '@atelier/shared';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Database, type Db, executeRows } from '../../platform/db/db.js';
import { recordAdminAction, usersTable } from '../auth/index.js';
import { apiKeys } from './developers.schema.js';

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

/** A key's columns as the builder selects them. */
const KEY = {
  id: apiKeys.id,
  user_id: apiKeys.userId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  created_at: apiKeys.createdAt,
  last_used_at: apiKeys.lastUsedAt,
  revoked_at: apiKeys.revokedAt,
};

export async function insertKey(
  database: Pick<Database, 'db'>,
  input: { userId: string; name: string; prefix: string; tokenHash: string; scopes: string[]; now: Date },
): Promise<ApiKey> {
  const [row] = await database.db
    .insert(apiKeys)
    .values({
      userId: input.userId,
      name: input.name,
      prefix: input.prefix,
      tokenHash: input.tokenHash,
      scopes: input.scopes,
      createdAt: input.now,
    })
    .returning(KEY);
  return toApiKey(row!);
}

export async function countActiveKeys(database: Pick<Database, 'db'>, userId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** The owner's keys, live ones first, newest first. */
export async function listKeys(database: Pick<Database, 'db'>, userId: string): Promise<ApiKey[]> {
  const rows = await database.db
    .select(KEY)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(sql`(${apiKeys.revokedAt} IS NULL) DESC`, desc(apiKeys.createdAt), apiKeys.id);
  return rows.map(toApiKey);
}

export async function findKey(database: Pick<Database, 'db'>, id: string): Promise<(ApiKey & { userId: string }) | null> {
  const [row] = await database.db.select(KEY).from(apiKeys).where(eq(apiKeys.id, id));
  return row ? { ...toApiKey(row), userId: row.user_id } : null;
}

export async function revokeOwnKey(
  database: Pick<Database, 'db'>,
  input: { id: string; userId: string; now: Date },
): Promise<ApiKey | null> {
  const [row] = await database.db
    .update(apiKeys)
    .set({
      revokedAt: sql`COALESCE(${apiKeys.revokedAt}, ${input.now})`,
      revokedBy: sql`COALESCE(${apiKeys.revokedBy}, ${input.userId}::uuid)`,
    })
    .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, input.userId)))
    .returning(KEY);
  return row ? toApiKey(row) : null;
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
  const [total, rows] = await Promise.all([
    executeRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM api_keys k ${filter}`),
    executeRows<KeyRow>(database.db,
      sql`SELECT ${sql.raw(COLUMNS)}, u.username AS owner_username FROM api_keys k JOIN ${usersTable} u ON u.id = k.user_id ${filter}
       ORDER BY k.created_at DESC, k.id LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    ),
  ]);
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
  const [row] = await executeRows<{ id: string; user_id: string; scopes: string[] }>(database.db,
    sql`SELECT k.id, k.user_id, k.scopes FROM api_keys k JOIN ${usersTable} u ON u.id = k.user_id
     WHERE k.token_hash = ${tokenHash} AND k.revoked_at IS NULL AND u.deleted_at IS NULL
       AND (u.suspended_at IS NULL OR u.suspended_until <= now())`,
  );
  return row ? { id: row.id, userId: row.user_id, scopes: row.scopes } : null;
}

/** Last use to the minute: one write a minute per key, not one per request. */
export async function touchKey(database: Pick<Database, 'db'>, id: string, now: Date): Promise<void> {
  await database.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < ${now}::timestamptz - interval '1 minute'`),
      ),
    );
}
