import { and, desc, eq, gt, isNull, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/db.js';
import { oneTimeCodes, sessions, users } from './auth.schema.js';
import type { UserRow } from './public-user.js';

export type SessionRow = typeof sessions.$inferSelect;
export type CodeRow = typeof oneTimeCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];
export type NewUser = typeof users.$inferInsert;

/** The constraint a statement broke with a unique violation, or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  // drizzle wraps driver errors; the driver's error (pg or PGlite) is the cause.
  for (let e: unknown = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

// ---------------------------------------------------------------- users

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** A live account whose email or username matches, ignoring case. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const key = identifier.toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(
      and(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`), isNull(users.deletedAt)),
    )
    // An email match wins over someone whose username happens to equal that text.
    .orderBy(sql`lower(${users.email}) = ${key} desc`)
    .limit(1);
  return rows[0];
}

/** Any account with this email, deleted ones included (the address stays taken). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function findUserByReferralCode(db: Db, code: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.referralCode, code), isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function findUserByProvider(
  db: Db,
  provider: 'google' | 'facebook',
  providerId: string,
): Promise<UserRow | undefined> {
  const column = provider === 'google' ? users.googleId : users.facebookId;
  const rows = await db.select().from(users).where(eq(column, providerId)).limit(1);
  return rows[0];
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const rows = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return rows[0];
}

// ---------------------------------------------------------------- sessions

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const rows = await db.insert(sessions).values(values).returning();
  return rows[0]!;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0];
}

/**
 * Marks a refresh token as spent. Conditional, so of two requests presenting the same token at
 * once only one wins; the other is treated as reuse.
 */
export async function markSessionRotated(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ rotatedAt: at, lastUsedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, or all but one device's when `keepFamilyId` is given. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keepFamilyId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepFamilyId ? ne(sessions.familyId, keepFamilyId) : undefined,
      ),
    );
}

/** One row per signed-in device: the newest, unspent, unrevoked, unexpired token of each family. */
export async function listLiveSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(sessions.rotatedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.lastUsedAt), desc(sessions.id));
}

// ---------------------------------------------------------------- one-time codes

/** Ends every unused code of this purpose, so only the newest one can be used. */
export async function invalidateCodes(db: Db, userId: string, purpose: CodePurpose, at: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}

export async function insertCode(db: Db, values: typeof oneTimeCodes.$inferInsert): Promise<CodeRow> {
  const rows = await db.insert(oneTimeCodes).values(values).returning();
  return rows[0]!;
}

export async function findLatestLiveCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  now: Date,
  maxAttempts: number,
): Promise<CodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, maxAttempts),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return rows[0];
}

/**
 * Counts one attempt before the code is checked, atomically, so parallel guesses cannot exceed
 * the limit. False when the code is already used up.
 */
export async function countCodeAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.attempts, maxAttempts)))
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}

/** Spends a code; false if someone else spent it first. */
export async function markCodeUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}

/** Spends a live code found by its hash (the reset token), returning its owner. */
export async function spendCodeByHash(
  db: Db,
  purpose: CodePurpose,
  codeHash: string,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return rows[0]?.userId ?? null;
}

/** The role and device family of a live session of a live account, for the request's bearer token. */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ role: UserRow['role']; familyId: string; showMature: boolean } | undefined> {
  const rows = await db
    .select({
      role: users.role,
      familyId: sessions.familyId,
      showMature: sql<boolean>`coalesce((${users.settings}->>'showMature')::boolean, false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        sql`(${users.suspendedAt} IS NULL OR ${users.suspendedUntil} <= now())`,
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * findLiveSession as a scalar subquery: the account's role while the session is live, else NULL.
 * A statement that must refuse a signed-out person embeds it instead of asking first.
 */
export function liveSessionRole(sessionId: string | Placeholder, userId: string | Placeholder): SQL {
  return sql`(SELECT lu.role::text FROM sessions ls JOIN users lu ON lu.id = ls.user_id
    WHERE ls.id = ${sessionId} AND ls.user_id = ${userId} AND ls.revoked_at IS NULL
      AND lu.deleted_at IS NULL AND (lu.suspended_at IS NULL OR lu.suspended_until <= now())
      AND ls.expires_at > now() LIMIT 1)`;
}

/** Inserts the accounts whose email or username is not taken yet (the demo seed runs on every start). */
export async function insertUsersIfAbsent(db: Db, values: NewUser[]): Promise<void> {
  for (const row of values) await db.insert(users).values(row).onConflictDoNothing();
}

/** Deletes every session and one-time code of the person (their account's deletion). */
export async function deleteSessionsAndCodesOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
}
