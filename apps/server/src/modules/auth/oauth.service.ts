import { runAccountCreated } from '../../platform/module-hooks.js';
import { readBalance } from './account-balance.repository.js';
import type { AuthTokens } from '@atelier/shared';
import { AppError, unauthorized } from '../../platform/http/errors.js';
import { createAccount, sendQuietly } from './account.service.js';
import { providerLinkedMail } from './auth.mails.js';
import { runCredentialsVoided } from '../../platform/module-hooks.js';
import { disconnectUser } from '../../platform/realtime/realtime.js';
import type { AuthDeps, ClientInfo } from './auth.deps.js';
import {
  findUserByEmail,
  findUserByProvider,
  isUsernameTaken,
  revokeUserSessions,
  uniqueViolation,
  updateUser,
} from './auth.repository.js';
import { OAuthRejected, type OAuthProfile, type OAuthVerifier } from './oauth.js';
import type { UserRow } from './public-user.js';
import { openSession } from './session.service.js';
import { assertNotSuspended } from './suspension.js';
import { findFreeUsername, usernameBaseFromEmail } from './username.js';

export type Provider = 'google' | 'facebook';

export interface ProviderSetup {
  provider: Provider;
  /** Null when this server has no credentials for the provider. */
  verify: OAuthVerifier | null;
  notConfigured: string;
  failed: string;
  noEmail: string;
}

/**
 * Signs in with a provider's token: the account already linked to that provider identity, else
 * the account with the same (provider-verified) email, which gets linked, else a new account.
 */
export async function signInWithProvider(
  deps: AuthDeps,
  setup: ProviderSetup,
  token: string,
  client: ClientInfo,
): Promise<AuthTokens> {
  if (!setup.verify) throw new AppError(503, setup.notConfigured, 'SERVICE_UNAVAILABLE');
  let profile: OAuthProfile;
  try {
    profile = await setup.verify(token);
  } catch (err) {
    if (err instanceof OAuthRejected) {
      deps.log?.error({ provider: setup.provider, reason: err.message }, 'social sign-in rejected');
      throw unauthorized(setup.failed);
    }
    throw err;
  }

  // A second try covers two first sign-ins of the same person racing to create the account.
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await findOrCreate(deps, setup, profile);
      return await openSession(deps.db, deps.tokens, user, client, deps.clock());
    } catch (err) {
      const isDuplicate = uniqueViolation(err) !== null || (err instanceof AppError && err.statusCode === 409);
      if (attempt === 0 && isDuplicate) continue;
      throw err;
    }
  }
}

async function findOrCreate(deps: AuthDeps, setup: ProviderSetup, profile: OAuthProfile): Promise<UserRow> {
  const now = deps.clock();
  const column = setup.provider === 'google' ? 'googleId' : 'facebookId';
  const linked = await findUserByProvider(deps.db, setup.provider, profile.providerId);
  if (linked) {
    if (linked.deletedAt) throw unauthorized(setup.failed);
    assertNotSuspended(linked, now);
    return linked;
  }
  if (!profile.email) throw unauthorized(setup.noEmail);

  const byEmail = await findUserByEmail(deps.db, profile.email);
  if (byEmail) {
    // Linked to a different identity of this provider, or closed: not ours to take over.
    if (byEmail.deletedAt || byEmail[column]) throw unauthorized(setup.failed);
    assertNotSuspended(byEmail, now);
    if (byEmail.isVerified) {
      const updated = await updateUser(deps.db, byEmail.id, {
        [column]: profile.providerId,
        avatar: byEmail.avatar ?? profile.picture,
        updatedAt: now,
      });
      return updated ?? byEmail;
    }
    return claimUnverified(deps, setup, column, byEmail, profile);
  }

  const username = await findFreeUsername(usernameBaseFromEmail(profile.email), (c) => isUsernameTaken(deps.db, c));
  const email = profile.email;
  return deps.db.transaction(async (tx) => {
    const user = await createAccount(
      tx,
      {
        fullName: (profile.name ?? username).slice(0, 100),
        username,
        email,
        passwordHash: null,
        isVerified: true,
        avatar: profile.picture,
        [column]: profile.providerId,
      },
      now,
    );
    await runAccountCreated(tx, deps.hooks ?? [], user.id);
    return { ...user, credits: (await readBalance(tx, user.id)) ?? 0 };
  });
}

/**
 * An account nobody ever proved the mailbox of belongs to whoever does: the provider has now
 * confirmed the address, so the account is linked and verified, and everything its earlier holder
 * could act with is dropped first, in one transaction — the password, every session, every API
 * key (through the modules' credentialsVoided hooks) — and its open sockets close. The mailbox is
 * told what happened. Without this, someone who registered a victim's address with a password of
 * their own would keep a way into the account after the victim signed in with the provider.
 */
async function claimUnverified(
  deps: AuthDeps,
  setup: ProviderSetup,
  column: 'googleId' | 'facebookId',
  account: UserRow,
  profile: OAuthProfile,
): Promise<UserRow> {
  const now = deps.clock();
  const claimed = await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, account.id, {
      [column]: profile.providerId,
      isVerified: true,
      passwordHash: null,
      avatar: account.avatar ?? profile.picture,
      updatedAt: now,
    });
    await revokeUserSessions(tx, account.id, now);
    await runCredentialsVoided(tx, deps.hooks ?? [], account.id, now);
    return updated ?? account;
  });
  if (deps.realtime) disconnectUser(deps.realtime.io, account.id);
  const providerName = setup.provider === 'google' ? 'Google' : 'Facebook';
  await sendQuietly(deps, providerLinkedMail(claimed.email, claimed.fullName, providerName));
  return claimed;
}
