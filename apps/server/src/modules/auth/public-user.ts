import type { PublicUser, UserSettings } from '@atelier/shared';
import type { users } from './auth.schema.js';

export type UserRow = typeof users.$inferSelect;

/** The one shape in which an account leaves the server to its owner (spec §3 "User"). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.fullName,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    role: row.role,
    credits: row.credits,
    isVerified: row.isVerified,
    bio: row.bio,
    website: row.website,
    location: row.location,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  };
}

const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  marketingEmails: false,
  profileVisibility: 'public',
  theme: null,
  showMature: false,
};

/** Settings as stored, with defaults for anything an older row lacks. */
export function toUserSettings(row: UserRow): UserSettings {
  const s = (row.settings ?? {}) as Partial<UserSettings>;
  return {
    emailNotifications:
      typeof s.emailNotifications === 'boolean' ? s.emailNotifications : DEFAULT_SETTINGS.emailNotifications,
    marketingEmails: typeof s.marketingEmails === 'boolean' ? s.marketingEmails : DEFAULT_SETTINGS.marketingEmails,
    profileVisibility: s.profileVisibility === 'private' ? 'private' : 'public',
    theme: typeof s.theme === 'string' ? s.theme : null,
    showMature: s.showMature === true,
  };
}
