import type { AccountDeletionStep } from '../../platform/account-deletion.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findUserById, updateUser } from '../auth/index.js';
import { deleteBlocksOf, deleteFollowsOf } from './users-relations.repository.js';

/** The key of an avatar this server stored, from its URL; null for an outside (OAuth) picture. */
export function storedAvatarKey(storage: Pick<Storage, 'url'>, url: string): string | null {
  const base = storage.url('avatars/');
  if (!url.startsWith(base)) return null;
  const key = `avatars/${url.slice(base.length)}`;
  return /^avatars\/[\w-]+\.webp$/.test(key) ? key : null;
}

/**
 * Users, last: follows and blocks both ways go, and the account row is anonymised (kept, so the ledger and
 * the public items it still owns point at "Deleted user"); the avatar file goes after the commit.
 */
export function usersDeletionStep(storage: Pick<Storage, 'url' | 'delete'>): AccountDeletionStep {
  return {
    module: 'users',
    tables: ['users', 'follows', 'user_blocks'],
    keeps: 'the account row, anonymised: no email, name, password, social ids, profile or avatar',
    async deleteUser(tx, userId, now) {
      await deleteFollowsOf(tx, userId);
      await deleteBlocksOf(tx, userId);
      const row = await findUserById(tx, userId);
      const short = userId.replace(/-/g, '').slice(0, 12);
      await updateUser(tx, userId, {
        email: `deleted-${userId}@deleted.invalid`,
        username: `deleted_${short}`,
        fullName: 'Deleted user',
        avatar: null,
        bio: null,
        website: null,
        location: null,
        passwordHash: null,
        googleId: null,
        facebookId: null,
        settings: { emailNotifications: false, marketingEmails: false, profileVisibility: 'private', theme: null },
        deletedAt: now,
        updatedAt: now,
      });
      const avatarKey = row?.avatar ? storedAvatarKey(storage, row.avatar) : null;
      return avatarKey ? () => storage.delete(avatarKey) : undefined;
    },
  };
}
