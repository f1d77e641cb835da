import { MSG } from '@atelier/shared';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, unauthorized } from '../../platform/http/errors.js';
import { disconnectUser } from '../../platform/realtime/realtime.js';
import { sendQuietly } from './account.service.js';
import type { AuthDeps } from './auth.deps.js';
import { passwordGuessesMail, passwordResetMail } from './auth.mails.js';
import { typedAccountKey } from './account-limits.js';
import { AUTH_POLICY, AUTH_TEXT } from './auth.policy.js';
import {
  findSessionById,
  findUserByEmail,
  findUserById,
  invalidateCodes,
  revokeUserSessions,
  spendCodeByHash,
  updateUser,
} from './auth.repository.js';
import { consumeCode, prepareCode, storeCode } from './one-time-code.service.js';
import { newOpaqueToken, sha256 } from './opaque-tokens.js';
import { hashSecret, verifySecret } from './password-hashing.js';

/**
 * A request for a reset code. Before the reply only the per-email limit is counted, the same for
 * every email; the returned work — looking the account up, hashing a code, mailing it — runs after
 * the reply has gone, so neither the answer nor its timing says whether the account exists.
 */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<() => Promise<void>> {
  await deps.limits?.resetRequests.consume(typedAccountKey(email));
  return () => sendResetCode(deps, email);
}

/** Mails a reset code when the account exists; the slow hashing runs either way. */
export async function sendResetCode(deps: AuthDeps, email: string): Promise<void> {
  const [user, prepared] = await Promise.all([findUserByEmail(deps.db, email), prepareCode()]);
  if (!user || user.deletedAt) return;
  const now = deps.clock();
  await deps.db.transaction((tx) => storeCode(tx, user.id, 'password_reset', prepared.codeHash, now));
  await sendQuietly(deps, passwordResetMail(user.email, user.fullName, prepared.code, AUTH_POLICY.codeTtlMs));
}

/** Exchanges a correct reset code for a short-lived, single-use reset token. */
export async function verifyResetOtp(deps: AuthDeps, email: string, code: string): Promise<{ resetToken: string }> {
  const check = () => checkResetCode(deps, email, code);
  return deps.limits ? deps.limits.resetCode.run(typedAccountKey(email), check) : check();
}

async function checkResetCode(deps: AuthDeps, email: string, code: string): Promise<{ resetToken: string }> {
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  const userId = user && !user.deletedAt ? user.id : null;
  // An unknown email still spends the time a real check takes.
  const isValid = await consumeCode(
    deps.db,
    userId ?? '00000000-0000-0000-0000-000000000000',
    'password_reset',
    code,
    now,
  );
  if (!userId || !isValid) throw badRequest(MSG.auth.invalidCode);
  const resetToken = newOpaqueToken();
  await deps.db.transaction((tx) =>
    storeCode(tx, userId, 'reset_token', sha256(resetToken), now, AUTH_POLICY.resetTokenTtlMs),
  );
  return { resetToken };
}

/** Sets the new password and signs the account out everywhere. */
export async function resetPassword(deps: AuthDeps, resetToken: string, newPassword: string): Promise<void> {
  const now = deps.clock();
  const passwordHash = await hashSecret(newPassword);
  const resetId = await deps.db.transaction(async (tx) => {
    const userId = await spendCodeByHash(tx, 'reset_token', sha256(resetToken), now);
    if (!userId) return null;
    const user = await updateUser(tx, userId, { passwordHash, updatedAt: now });
    if (!user || user.deletedAt) return null;
    await revokeUserSessions(tx, userId, now);
    await invalidateCodes(tx, userId, 'password_reset', now);
    return userId;
  });
  if (!resetId) throw badRequest(MSG.auth.resetPasswordFailedRetry);
  if (deps.realtime) disconnectUser(deps.realtime.io, resetId);
}

/** Changes the password of a signed-in person; every other device is signed out. */
export async function changePassword(
  deps: AuthDeps,
  auth: AuthUser,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await findUserById(deps.db, auth.id);
  if (!user || user.deletedAt) throw unauthorized();
  if (!user.passwordHash) throw badRequest(AUTH_TEXT.noPasswordYet);
  await recheckPassword(deps, { ...user, passwordHash: user.passwordHash }, currentPassword, AUTH_TEXT.currentPasswordWrong);
  const passwordHash = await hashSecret(newPassword);
  const now = deps.clock();
  const current = await findSessionById(deps.db, auth.sessionId);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await revokeUserSessions(tx, user.id, now, current?.familyId);
  });
  if (deps.realtime) disconnectUser(deps.realtime.io, user.id, { exceptFamilyId: current?.familyId });
}

/**
 * A signed-in person re-enters their password (to change it, to delete the account): wrong ones
 * count against the same per-account limit as sign-in, so a stolen session cannot guess the
 * password at full speed. The lock's first start mails the owner. Throws 400 `wrongText` on a
 * wrong password and 429 while the account is locked.
 */
export async function recheckPassword(
  deps: Pick<AuthDeps, 'limits' | 'mailer' | 'log'>,
  user: { id: string; email: string; fullName: string; passwordHash: string },
  password: string,
  wrongText: string,
): Promise<void> {
  const attempt = async () => {
    if (!(await verifySecret(user.passwordHash, password))) throw badRequest(wrongText);
  };
  if (!deps.limits) return attempt();
  await deps.limits.signIn.run(`user:${user.id}`, attempt, () =>
    sendQuietly(deps, passwordGuessesMail(user.email, user.fullName)),
  );
}
