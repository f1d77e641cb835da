import { randomUUID } from 'node:crypto';
import type { AuthTokens, SessionInfo } from '@atelier/shared';
import { MSG } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser, TokenService } from '../../platform/http/auth.js';
import { notFound, unauthorized } from '../../platform/http/errors.js';
import { disconnectSessions, disconnectUser } from '../../platform/realtime/realtime.js';
import type { AuthDeps, ClientInfo } from './auth.deps.js';
import { AUTH_POLICY, AUTH_TEXT } from './auth.policy.js';
import {
  findSessionById,
  findSessionByTokenHash,
  findUserById,
  insertSession,
  listLiveSessions,
  markSessionRotated,
  revokeFamily,
  revokeUserSessions,
} from './auth.repository.js';
import { newOpaqueToken, sha256 } from './opaque-tokens.js';
import { toPublicUser, type UserRow } from './public-user.js';
import { assertNotSuspended } from './suspension.js';

const USER_AGENT_MAX = 512;

export function clientInfo(headers: { 'user-agent'?: string | undefined }, ip: string | undefined): ClientInfo {
  const ua = headers['user-agent']?.trim();
  return { userAgent: ua ? ua.slice(0, USER_AGENT_MAX) : null, ip: ip ?? null };
}

/**
 * Opens a session for a new device: a fresh token family whose first refresh token is returned
 * once and stored only as its hash.
 */
export async function openSession(
  db: Db,
  tokens: TokenService,
  user: UserRow,
  client: ClientInfo,
  now: Date,
): Promise<AuthTokens> {
  const refreshToken = newOpaqueToken();
  const session = await insertSession(db, {
    userId: user.id,
    familyId: randomUUID(),
    refreshTokenHash: sha256(refreshToken),
    userAgent: client.userAgent,
    ip: client.ip,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + AUTH_POLICY.refreshTokenTtlMs),
  });
  const accessToken = await tokens.signAccess({ id: user.id, role: user.role, sessionId: session.id });
  return { accessToken, refreshToken, user: toPublicUser(user) };
}

/** Spent within the grace: a second tab refreshing at the same moment, not a copied token. */
function isWithinReuseGrace(rotatedAt: Date | null, now: Date): boolean {
  return rotatedAt !== null && now.getTime() - rotatedAt.getTime() <= AUTH_POLICY.refreshReuseGraceMs;
}

/**
 * Exchanges a refresh token for a new pair. The old token is spent; presenting a spent token
 * again means it was copied, so the whole device session (its family) is signed out — unless it
 * was spent in the last few seconds (AUTH_POLICY.refreshReuseGraceMs): two tabs refreshing with
 * the same token at once both get a working pair of the same family.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string, client: ClientInfo): Promise<AuthTokens> {
  const now = deps.clock();
  const failed = () => unauthorized(MSG.auth.tokenRefreshFailed);
  const tokenHash = sha256(refreshToken);
  const row = await findSessionByTokenHash(deps.db, tokenHash);
  if (!row || row.revokedAt || row.expiresAt <= now) throw failed();
  if (row.rotatedAt && !isWithinReuseGrace(row.rotatedAt, now)) {
    await revokeFamily(deps.db, row.familyId, now);
    closeSessions(deps, [row.familyId]);
    throw failed();
  }
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.deletedAt) throw failed();
  assertNotSuspended(user, now);

  const nextToken = newOpaqueToken();
  const successor = (tx: Db) =>
    insertSession(tx, {
      userId: user.id,
      familyId: row.familyId,
      refreshTokenHash: sha256(nextToken),
      userAgent: client.userAgent ?? row.userAgent,
      ip: client.ip ?? row.ip,
      // The device signed in when the family began; the sessions list shows that moment.
      createdAt: row.createdAt,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + AUTH_POLICY.refreshTokenTtlMs),
    });
  let next = await deps.db.transaction(async (tx) => {
    if (!(await markSessionRotated(tx, row.id, now))) return null;
    return successor(tx);
  });
  if (!next) {
    // Spent already (just now by a parallel request, or earlier within the grace): a sibling pair
    // while the grace lasts and the family is live; otherwise the same token was used twice.
    const spent = await findSessionByTokenHash(deps.db, tokenHash);
    if (spent && !spent.revokedAt && isWithinReuseGrace(spent.rotatedAt, now)) next = await successor(deps.db);
    if (!next) {
      await revokeFamily(deps.db, row.familyId, now);
      closeSessions(deps, [row.familyId]);
      throw failed();
    }
  }
  const accessToken = await deps.tokens.signAccess({ id: user.id, role: user.role, sessionId: next.id });
  return { accessToken, refreshToken: nextToken, user: toPublicUser(user) };
}

/** Signs out the calling device and, when given, the session a refresh token belongs to. */
export async function logout(deps: AuthDeps, auth: AuthUser, refreshToken?: string): Promise<void> {
  const now = deps.clock();
  const families: string[] = [];
  const current = await findSessionById(deps.db, auth.sessionId);
  if (current) {
    await revokeFamily(deps.db, current.familyId, now);
    families.push(current.familyId);
  }
  if (refreshToken) {
    const other = await findSessionByTokenHash(deps.db, sha256(refreshToken));
    // Someone else's token is ignored: signing out never touches another account.
    if (other && other.userId === auth.id) {
      await revokeFamily(deps.db, other.familyId, now);
      families.push(other.familyId);
    }
  }
  closeSessions(deps, families);
}

export async function logoutAll(deps: AuthDeps, auth: AuthUser): Promise<void> {
  await revokeUserSessions(deps.db, auth.id, deps.clock());
  if (deps.realtime) disconnectUser(deps.realtime.io, auth.id);
}

/** The open sockets of signed-out sign-ins close too, on every process. */
function closeSessions(deps: AuthDeps, familyIds: string[]): void {
  if (deps.realtime) disconnectSessions(deps.realtime.io, familyIds);
}

export async function currentFamily(db: Db, auth: AuthUser): Promise<string | null> {
  return (await findSessionById(db, auth.sessionId))?.familyId ?? null;
}

export async function listSessions(deps: AuthDeps, auth: AuthUser): Promise<SessionInfo[]> {
  const [rows, family] = await Promise.all([
    listLiveSessions(deps.db, auth.id, deps.clock()),
    currentFamily(deps.db, auth),
  ]);
  // Tabs that refreshed at the same moment hold sibling sessions of one device: listed once.
  const seen = new Set<string>();
  const devices = rows.filter((row) => !seen.has(row.familyId) && seen.add(row.familyId));
  return devices.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    isCurrent: row.familyId === family,
  }));
}

export async function revokeSession(deps: AuthDeps, auth: AuthUser, sessionId: string): Promise<void> {
  const now = deps.clock();
  const row = await findSessionById(deps.db, sessionId);
  if (!row || row.userId !== auth.id || row.revokedAt || row.expiresAt <= now)
    throw notFound(AUTH_TEXT.sessionNotFound);
  await revokeFamily(deps.db, row.familyId, now);
  closeSessions(deps, [row.familyId]);
}
