import type { AuthTokens, LoginBody, PublicUser, RegisterBody, UserSettings } from '@atelier/shared';
import { isReservedUsername, USERNAME_RESERVED } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { badRequest, conflict, unauthorized, type AppError } from '../../platform/http/errors.js';
import { typedAccountKey } from './account-limits.js';
import { verificationMail } from './auth.mails.js';
import type { AuthDeps, ClientInfo } from './auth.deps.js';
import { AUTH_POLICY, AUTH_TEXT } from './auth.policy.js';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByReferralCode,
  insertUser,
  isUsernameTaken,
  uniqueViolation,
  type NewUser,
} from './auth.repository.js';
import { prepareCode, storeCode } from './one-time-code.service.js';
import { newReferralCode } from './opaque-tokens.js';
import { hashSecret, verifyAgainstDummy, verifySecret } from './password-hashing.js';
import { toPublicUser, toUserSettings, type UserRow } from './public-user.js';
import { openSession } from './session.service.js';
import { readBalance } from './account-balance.repository.js';
import { runAccountCreated } from '../../platform/module-hooks.js';
import { assertNotSuspended } from './suspension.js';

export type NewAccount = Omit<NewUser, 'id' | 'referralCode' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts an account with a fresh referral code. Every way an account comes to exist (signup,
 * Google, Facebook, admin bootstrap) goes through here.
 */
export async function createAccount(db: Db, account: NewAccount, now: Date): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a collision inside a caller's transaction can be retried instead of aborting it.
      return await db.transaction((sp) =>
        insertUser(sp, { ...account, referralCode: newReferralCode(), createdAt: now, updatedAt: now }),
      );
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'users_referral_code_key' && attempt < 5) continue;
      throw accountConflict(err) ?? err;
    }
  }
}

/** The 409 a person can act on for a duplicate email or username, or null for other errors. */
export function accountConflict(err: unknown): AppError | null {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_email_lower_key') return conflict(AUTH_TEXT.emailTaken);
  if (constraint === 'users_username_lower_key') return conflict(AUTH_TEXT.usernameTaken);
  return null;
}

export async function register(deps: AuthDeps, body: RegisterBody, client: ClientInfo): Promise<AuthTokens> {
  const now = deps.clock();
  const code = body.referralCode?.trim().toUpperCase();
  let referrer: UserRow | undefined;
  if (code) {
    referrer = await findUserByReferralCode(deps.db, code);
    if (!referrer) throw badRequest(AUTH_TEXT.invalidReferral);
  }
  if (await findUserByEmail(deps.db, body.email)) throw conflict(AUTH_TEXT.emailTaken);
  if (isReservedUsername(body.username)) throw badRequest(USERNAME_RESERVED, [{ path: 'body.username', message: USERNAME_RESERVED }]);
  if (await isUsernameTaken(deps.db, body.username)) throw conflict(AUTH_TEXT.usernameTaken);

  const [passwordHash, verification] = await Promise.all([hashSecret(body.password), prepareCode()]);
  let tokens: AuthTokens;
  try {
    // Account, session and first verification code appear together or not at all.
    tokens = await deps.db.transaction(async (tx) => {
      const user = await createAccount(
        tx,
        {
          fullName: body.fullName,
          username: body.username,
          email: body.email,
          passwordHash,
          referredBy: referrer?.id ?? null,
        },
        now,
      );
      await runAccountCreated(tx, deps.hooks ?? [], user.id);
      const credits = (await readBalance(tx, user.id)) ?? 0;
      await storeCode(tx, user.id, 'email_verification', verification.codeHash, now);
      return openSession(tx, deps.tokens, { ...user, credits }, client, now);
    });
  } catch (err) {
    throw accountConflict(err) ?? err;
  }
  await sendQuietly(deps, verificationMail(body.email, body.fullName, verification.code, AUTH_POLICY.codeTtlMs));
  return tokens;
}

/**
 * The email field also takes a username. One answer for every kind of wrong credentials. Wrong
 * passwords back off per account (by email and username alike), whatever address they come from.
 */
export async function login(deps: AuthDeps, body: LoginBody, client: ClientInfo): Promise<AuthTokens> {
  const user = await findUserByLogin(deps.db, body.email);
  const attempt = async () => {
    const isValid = user?.passwordHash
      ? await verifySecret(user.passwordHash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!user || !isValid) throw unauthorized(AUTH_TEXT.invalidCredentials);
    // Told only after the password is right, so the answer says nothing to a guesser.
    assertNotSuspended(user, deps.clock());
    return openSession(deps.db, deps.tokens, user, client, deps.clock());
  };
  if (!deps.limits) return attempt();
  return deps.limits.signIn.run(user ? `user:${user.id}` : typedAccountKey(body.email), attempt);
}

export async function getMe(db: Db, auth: AuthUser): Promise<{ user: PublicUser; settings: UserSettings }> {
  const user = await findUserById(db, auth.id);
  if (!user || user.deletedAt) throw unauthorized();
  return { user: toPublicUser(user), settings: toUserSettings(user) };
}

/** A mail that is a courtesy, not the point of the request: a failure is logged, not thrown. */
export async function sendQuietly(
  deps: Pick<AuthDeps, 'mailer' | 'log'>,
  message: Parameters<AuthDeps['mailer']['send']>[0],
): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log?.error({ err, to: message.to, subject: message.subject }, 'could not send mail');
  }
}
