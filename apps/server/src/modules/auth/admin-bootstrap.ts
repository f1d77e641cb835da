import { email as emailSchema, newPassword } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { AppError } from '../../platform/http/errors.js';
import { createAccount } from './account.service.js';
import { findUserByEmail, isUsernameTaken, updateUser } from './auth.repository.js';
import { hashSecret } from './password-hashing.js';
import type { UserRow } from './public-user.js';
import { findFreeUsername, usernameBaseFromEmail } from './username.js';

export interface EnsureAdminResult {
  action: 'created' | 'promoted' | 'unchanged';
  user: UserRow;
}

/**
 * Makes sure the account with this email is an administrator: creates it (verified, with this
 * password) when missing, or promotes it and leaves its password alone when it exists.
 */
export async function ensureAdmin(
  deps: { db: Db; clock: () => Date },
  input: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new Error(`Admin email "${input.email}" is not a valid email address`);
  const email = parsedEmail.data;
  const now = deps.clock();

  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (existing.deletedAt) throw new Error(`The account ${email} has been deleted and cannot become an administrator`);
    if (existing.role === 'admin') return { action: 'unchanged', user: existing };
    const user = await updateUser(deps.db, existing.id, { role: 'admin', updatedAt: now });
    return { action: 'promoted', user: user ?? existing };
  }

  const password = newPassword.safeParse(input.password);
  if (!password.success) {
    throw new Error(`Admin password is too weak: ${password.error.issues.map((i) => i.message).join('; ')}`);
  }
  const username = await findFreeUsername(usernameBaseFromEmail(email), (c) => isUsernameTaken(deps.db, c));
  let user: UserRow;
  try {
    user = await createAccount(
      deps.db,
      {
        fullName: 'Administrator',
        username,
        email,
        passwordHash: await hashSecret(password.data),
        role: 'admin',
        isVerified: true,
      },
      now,
    );
  } catch (err) {
    // Several API processes starting together: one created it first, so promote that one instead.
    if (err instanceof AppError && err.statusCode === 409 && (await findUserByEmail(deps.db, email))) {
      return ensureAdmin(deps, input);
    }
    throw err;
  }
  return { action: 'created', user };
}

export function describeEnsureAdmin(result: EnsureAdminResult): string {
  const who = `${result.user.email} (username ${result.user.username})`;
  switch (result.action) {
    case 'created':
      return `Created administrator ${who}`;
    case 'promoted':
      return `Promoted ${who} to administrator; its password is unchanged`;
    case 'unchanged':
      return `${who} is already an administrator`;
  }
}
