import { MSG, type PublicUser } from '@atelier/shared';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, conflict, unauthorized } from '../../platform/http/errors.js';
import type { AuthDeps } from './auth.deps.js';
import { verificationMail } from './auth.mails.js';
import { AUTH_POLICY, AUTH_TEXT } from './auth.policy.js';
import { findUserById, updateUser } from './auth.repository.js';
import { consumeCode, prepareCode, storeCode } from './one-time-code.service.js';
import { toPublicUser, type UserRow } from './public-user.js';
import { runAccountVerified } from '../../platform/module-hooks.js';

async function unverifiedUser(deps: AuthDeps, auth: AuthUser): Promise<UserRow> {
  const user = await findUserById(deps.db, auth.id);
  if (!user || user.deletedAt) throw unauthorized();
  if (user.isVerified) throw conflict(AUTH_TEXT.alreadyVerified);
  return user;
}

/** Mails a new verification code; the previous one stops working. */
export async function requestVerification(deps: AuthDeps, auth: AuthUser): Promise<void> {
  const user = await unverifiedUser(deps, auth);
  await deps.limits?.verificationRequests.consume(`user:${user.id}`);
  const prepared = await prepareCode();
  const now = deps.clock();
  await deps.db.transaction((tx) => storeCode(tx, user.id, 'email_verification', prepared.codeHash, now));
  // Here the mail is the whole point, so a failure to send is the request's failure.
  await deps.mailer.send(verificationMail(user.email, user.fullName, prepared.code, AUTH_POLICY.codeTtlMs));
}

export async function verifyEmail(deps: AuthDeps, auth: AuthUser, code: string): Promise<PublicUser> {
  const user = await unverifiedUser(deps, auth);
  const now = deps.clock();
  const check = async () => {
    if (!(await consumeCode(deps.db, user.id, 'email_verification', code, now))) throw badRequest(MSG.auth.invalidCode);
  };
  await (deps.limits ? deps.limits.emailCode.run(`user:${user.id}`, check) : check());
  const updated = await updateUser(deps.db, user.id, { isVerified: true, updatedAt: now });
  // The verification stands even if a listener fails (users' referral bonus: its ledger keys make a later grant safe).
  await runAccountVerified(deps.hooks ?? [], user.id, deps.log);
  const fresh = await findUserById(deps.db, user.id);
  return toPublicUser(fresh ?? updated ?? { ...user, isVerified: true });
}
