import type { Db } from '../../platform/db/db.js';
import { AUTH_POLICY } from './auth.policy.js';
import {
  countCodeAttempt,
  findLatestLiveCode,
  insertCode,
  invalidateCodes,
  markCodeUsed,
  type CodePurpose,
} from './auth.repository.js';
import { newSixDigitCode } from './opaque-tokens.js';
import { hashSecret, verifyAgainstDummy, verifySecret } from './password-hashing.js';

export interface PreparedCode {
  code: string;
  codeHash: string;
}

/** Hashing is slow on purpose, so it happens before any transaction is opened. */
export async function prepareCode(): Promise<PreparedCode> {
  const code = newSixDigitCode();
  return { code, codeHash: await hashSecret(code) };
}

/** Stores a new code and ends the older ones of the same purpose. */
export async function storeCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
  now: Date,
  ttlMs: number = AUTH_POLICY.codeTtlMs,
): Promise<void> {
  await invalidateCodes(db, userId, purpose, now);
  await insertCode(db, { userId, purpose, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
}

/**
 * Checks a 6-digit code against the newest live one and spends it when it matches. Every check
 * counts as an attempt; after the last allowed wrong attempt the code is dead.
 */
export async function consumeCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await findLatestLiveCode(db, userId, purpose, now, AUTH_POLICY.codeMaxAttempts);
  if (!row) {
    await verifyAgainstDummy(code);
    return false;
  }
  if (!(await countCodeAttempt(db, row.id, AUTH_POLICY.codeMaxAttempts))) return false;
  if (!(await verifySecret(row.codeHash, code))) return false;
  return markCodeUsed(db, row.id, now);
}
