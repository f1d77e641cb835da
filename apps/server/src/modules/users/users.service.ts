import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DECODE_LIMIT, assertImagePixels } from '../../platform/images.js';
import {
  isReservedUsername,
  normalizeWebsite,
  USERNAME_RESERVED,
  type ProfileByUsername,
  type PublicProfile,
  type PublicUser,
  type UpdateProfileBody,
  type UpdateSettingsBody,
  type UserSettings,
  type UserStats,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import {
  consumeCode,
  findUserById,
  isUsernameTaken,
  prepareCode,
  storeCode,
  toPublicUser,
  toUserSettings,
  uniqueViolation,
  updateUser,
  type UserRow,
  type usersTable as users,
  verifyAgainstDummy,
  recheckPassword,
  type AccountLimits,
} from '../auth/index.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { AppError, badRequest, conflict, notFound, storageUnavailable, unauthorized } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { disconnectUser, type Realtime } from '../../platform/realtime/realtime.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  countFollows,
  countReferrals,
  deleteFollow,
  findLiveUser,
  findLiveUserByUsername,
  insertFollow,
  isFollowing,
} from './users.repository.js';
import { storedAvatarKey } from './users.deletion.js';
import { assertNotBlocked } from './users.blocks.js';
import { hasPrivateProfile } from './users.visibility.js';
import { runAccountDeletion, type AccountDeletionStep } from '../../platform/account-deletion.js';

/**
 * What the modules above users count for a person's profile and stats: content its items, likes
 * and plays; collections how many. app.ts hands them in, so users imports neither.
 */
export interface PersonTotals {
  content(db: Db, ownerId: string, viewer: AuthUser | null): Promise<{ visible: number; shared: number; likes: number; plays: number }>;
  collections(db: Db, ownerId: string): Promise<number>;
}

export interface UsersDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  clock: () => Date;
  realtime: Pick<Realtime, 'io'>;
  log?: { error(obj: object, msg?: string): void };
  /** What deleting an account removes, module by module (modules/hooks.ts). */
  deletionSteps: readonly AccountDeletionStep[];
  /** Per-account limits: wrong passwords re-entered here count like wrong sign-ins. */
  limits?: AccountLimits;
}

export const USERS_TEXT = {
  userNotFound: 'User not found',
  usernameTaken: 'This username is already taken',
  cannotFollowSelf: 'You cannot follow yourself',
  alreadyFollowing: 'You already follow this user',
  avatarInvalid: 'Please select a valid image file',
  avatarTooLarge: 'Avatar must be less than 5MB',
  wrongPassword: 'Incorrect password',
  deletionCodeSent: 'We sent a confirmation code to your email',
  accountDeleted: 'Your account has been deleted',
  profileUpdated: 'Profile updated',
  settingsUpdated: 'Settings updated',
  followed: 'You are now following this user',
  unfollowed: 'You unfollowed this user',
} as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 256;
const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

async function liveRow(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || row.deletedAt) throw unauthorized();
  return row;
}

export async function getOwnProfile(db: Db, auth: AuthUser): Promise<{ user: PublicUser; settings: UserSettings }> {
  const row = await liveRow(db, auth.id);
  return { user: toPublicUser(row), settings: toUserSettings(row) };
}

function toProfile(row: UserRow, viewer: AuthUser | null): PublicProfile {
  const isSelf = viewer?.id === row.id;
  const isPrivate = hasPrivateProfile(toUserSettings(row));
  const hidden = isPrivate && !isSelf && viewer?.role !== 'admin';
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    name: row.fullName,
    avatar: row.avatar,
    bio: hidden ? null : row.bio,
    website: hidden ? null : row.website,
    location: hidden ? null : row.location,
    ...(isSelf ? { email: row.email } : {}),
    isPrivate,
    isSelf,
    ...(row.role === 'admin' ? { isStaff: true } : {}),
    createdAt: hidden ? null : row.createdAt.toISOString(),
  };
}

/** A private profile hides everything but name, username and avatar (its counts too) from others. */
export function canSeeDetails(row: UserRow, viewer: AuthUser | null): boolean {
  return !hasPrivateProfile(toUserSettings(row)) || viewer?.id === row.id || viewer?.role === 'admin';
}

/**
 * Whose items a profile's item list shows: the owner's id, or null when the profile is private to
 * `viewer` (the list is then empty); 404 when there is no such live account.
 */
export async function profileItemsOwner(db: Db, id: string, viewer: AuthUser | null): Promise<string | null> {
  const owner = await findLiveUser(db, id);
  if (!owner) throw notFound(USERS_TEXT.userNotFound);
  return viewer?.id === owner.id || canSeeDetails(owner, viewer) ? owner.id : null;
}

export async function getProfileByUsername(db: Db, totals: PersonTotals, username: string, viewer: AuthUser | null): Promise<ProfileByUsername> {
  const found = await findLiveUserByUsername(db, username);
  if (!found) throw notFound(USERS_TEXT.userNotFound);
  // A suspended account's profile is gone for everyone but admins until the suspension ends (users.visibility.ts).
  if (found.suspendedNow && viewer?.role !== 'admin') throw notFound(USERS_TEXT.userNotFound);
  const row = found.row;
  const visible = canSeeDetails(row, viewer);
  const [counts, items, following] = await Promise.all([
    visible ? countFollows(db, row.id) : { followers: 0, following: 0 },
    visible ? totals.content(db, row.id, viewer) : null,
    viewer && viewer.id !== row.id ? isFollowing(db, viewer.id, row.id) : false,
  ]);
  const contentCount = items?.visible ?? 0;
  return { user: toProfile(row, viewer), stats: { ...counts, content: contentCount }, isFollowing: following };
}

export async function updateProfile(deps: UsersDeps, auth: AuthUser, body: UpdateProfileBody, avatar?: Buffer): Promise<PublicUser> {
  const row = await liveRow(deps.db, auth.id);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (body.fullName !== undefined) patch.fullName = body.fullName;
  if (body.bio !== undefined) patch.bio = body.bio === '' ? null : body.bio;
  if (body.website !== undefined) patch.website = body.website === '' ? null : normalizeWebsite(body.website);
  if (body.location !== undefined) patch.location = body.location === '' ? null : body.location;
  if (body.username !== undefined && body.username.toLowerCase() !== row.username.toLowerCase()) {
    // A name someone already holds (the first admin's) stays theirs; nobody may take a reserved one.
    if (isReservedUsername(body.username)) throw badRequest(USERNAME_RESERVED, [{ path: 'body.username', message: USERNAME_RESERVED }]);
    if (await isUsernameTaken(deps.db, body.username)) throw conflict(USERS_TEXT.usernameTaken);
    patch.username = body.username;
  } else if (body.username !== undefined) {
    patch.username = body.username;
  }
  let newAvatarKey: string | null = null;
  if (avatar) {
    const resized = await checkAndResizeAvatar(avatar);
    newAvatarKey = `avatars/${row.id}-${randomBytes(6).toString('hex')}.webp`;
    // A store that does not answer is not a bad picture: 503, and the person tries again.
    await deps.storage.put(newAvatarKey, resized, 'image/webp').catch((err: unknown) => {
      throw storageUnavailable(err);
    });
    patch.avatar = deps.storage.url(newAvatarKey);
  }
  let updated: UserRow | undefined;
  try {
    updated = await updateUser(deps.db, row.id, { ...patch, updatedAt: deps.clock() });
  } catch (err) {
    if (newAvatarKey) await deps.storage.delete(newAvatarKey).catch(() => undefined);
    if (uniqueViolation(err) === 'users_username_lower_key') throw conflict(USERS_TEXT.usernameTaken);
    throw err;
  }
  if (newAvatarKey && row.avatar) await removeStoredAvatar(deps, row.avatar);
  return toPublicUser(updated ?? row);
}

/** Deletes an avatar file this server stored (an OAuth picture URL is left alone). */
async function removeStoredAvatar(deps: UsersDeps, url: string): Promise<void> {
  const key = storedAvatarKey(deps.storage, url);
  if (!key) return;
  await deps.storage.delete(key).catch((err: unknown) => deps.log?.error({ err, key }, 'old avatar not deleted'));
}

/** Trusts the bytes, not the name or declared type; the result is a 256px square WebP. */
export async function checkAndResizeAvatar(data: Buffer): Promise<Buffer> {
  if (data.length > AVATAR_MAX_BYTES) throw new AppError(413, USERS_TEXT.avatarTooLarge);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !AVATAR_TYPES.has(detected.mime)) throw new AppError(415, USERS_TEXT.avatarInvalid);
  await assertImagePixels(data);
  try {
    return await sharp(data, DECODE_LIMIT)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError(415, USERS_TEXT.avatarInvalid);
  }
}

export async function updateSettings(deps: UsersDeps, auth: AuthUser, body: UpdateSettingsBody): Promise<UserSettings> {
  const row = await liveRow(deps.db, auth.id);
  const current = toUserSettings(row);
  const next: UserSettings = {
    emailNotifications: body.emailNotifications ?? current.emailNotifications,
    marketingEmails: body.marketingEmails ?? current.marketingEmails,
    profileVisibility: body.profileVisibility ?? current.profileVisibility,
    theme: body.theme !== undefined ? body.theme : current.theme,
    showMature: body.showMature ?? current.showMature,
  };
  const updated = await updateUser(deps.db, row.id, { settings: next, updatedAt: deps.clock() });
  return toUserSettings(updated ?? row);
}

/**
 * Following is idempotent in effect but reports a second follow as 409, so a client that thinks
 * it is not following learns the truth; the reply of a 409 changes nothing.
 */
export async function follow(db: Db, auth: AuthUser, targetId: string): Promise<{ isFollowing: boolean; followers: number }> {
  if (targetId === auth.id) throw badRequest(USERS_TEXT.cannotFollowSelf);
  const target = await findLiveUser(db, targetId);
  if (!target) throw notFound(USERS_TEXT.userNotFound);
  await assertNotBlocked(db, auth.id, targetId);
  if (!(await insertFollow(db, auth.id, targetId))) throw conflict(USERS_TEXT.alreadyFollowing);
  return { isFollowing: true, followers: (await countFollows(db, targetId)).followers };
}

/** Unfollowing someone you do not follow is a no-op success. */
export async function unfollow(db: Db, auth: AuthUser, targetId: string): Promise<{ isFollowing: boolean; followers: number }> {
  if (targetId === auth.id) throw badRequest(USERS_TEXT.cannotFollowSelf);
  const target = await findLiveUser(db, targetId);
  if (!target) throw notFound(USERS_TEXT.userNotFound);
  await deleteFollow(db, auth.id, targetId);
  return { isFollowing: false, followers: (await countFollows(db, targetId)).followers };
}

export async function getStats(db: Db, totals: PersonTotals, auth: AuthUser): Promise<UserStats> {
  const row = await liveRow(db, auth.id);
  const [items, people, colls, refs] = await Promise.all([
    totals.content(db, row.id, auth),
    countFollows(db, row.id),
    totals.collections(db, row.id),
    countReferrals(db, row.id),
  ]);
  return {
    content: items.visible,
    publicContent: items.shared,
    likesReceived: items.likes,
    plays: items.plays,
    followers: people.followers,
    following: people.following,
    collections: colls,
    credits: row.credits,
    referrals: refs,
  };
}

/** For accounts without a password (signed up with Google or Facebook). */
export async function sendDeletionCode(deps: UsersDeps, auth: AuthUser): Promise<void> {
  const row = await liveRow(deps.db, auth.id);
  const prepared = await prepareCode();
  const now = deps.clock();
  await deps.db.transaction((tx) => storeCode(tx, row.id, 'account_deletion', prepared.codeHash, now));
  await deps.mailer.send({
    to: row.email,
    subject: 'Confirm deleting your Atelier account',
    text: [
      `Hi ${row.fullName},`,
      '',
      `Your account deletion code is ${prepared.code}`,
      '',
      'Enter it in Atelier to delete your account for good. If you did not ask for this, change your password.',
    ].join('\n'),
  });
}

/**
 * Deletes the account: every module's step in the one list (modules/hooks.ts) runs in
 * one transaction (a live subscription is cancelled at the provider first), files go after the
 * commit, and the person's open sockets close on every process.
 */
export async function deleteAccount(deps: UsersDeps, auth: AuthUser, body: { password?: string; code?: string }): Promise<void> {
  const row = await liveRow(deps.db, auth.id);
  const now = deps.clock();
  if (row.passwordHash) {
    if (!body.password) throw badRequest(USERS_TEXT.wrongPassword);
    await recheckPassword(deps, { ...row, passwordHash: row.passwordHash }, body.password, USERS_TEXT.wrongPassword);
  } else if (!body.code) {
    await verifyAgainstDummy(body.password ?? '');
    throw badRequest('Please enter the code we emailed you');
  } else if (!(await consumeCode(deps.db, row.id, 'account_deletion', body.code, now))) {
    throw badRequest('Invalid or expired code. Please try again.');
  }
  await runAccountDeletion(deps.db, deps.deletionSteps, row.id, now, deps.log);
  // Deleted sessions stop new requests; sockets already open would otherwise keep receiving events.
  disconnectUser(deps.realtime.io, row.id);
}

