import { z } from 'zod';
import { CONTENT_TYPES } from '../catalogue.js';
import { THEMES } from '../limits.js';
import { CONTENT_STATUSES } from './content.js';
import { paginationQuery, searchTooLong } from './common.js';
import { WEBSITE_INVALID, isWebsite, normalizeWebsite } from '../website.js';
import { publicUser, userSettings, username } from './auth.js';

/** One person in a list (followers, following, search results). */
export const publicProfileSummary = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  isFollowing: z.boolean(),
});
export type PublicProfileSummary = z.infer<typeof publicProfileSummary>;

/** Someone else's profile; a private profile carries only name, username and avatar. */
export const publicProfile = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  /** Only present on your own profile. */
  email: z.string().optional(),
  isPrivate: z.boolean(),
  isSelf: z.boolean(),
  /** Staff (admins) show a staff badge wherever their name shows. */
  isStaff: z.boolean().optional(),
  createdAt: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

export const profileStats = z.object({
  followers: z.number().int(),
  following: z.number().int(),
  content: z.number().int(),
});
export type ProfileStats = z.infer<typeof profileStats>;

export const profileByUsername = z.object({ user: publicProfile, stats: profileStats, isFollowing: z.boolean() });
export type ProfileByUsername = z.infer<typeof profileByUsername>;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters long`);

export const updateProfileBody = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters long')
    .optional(),
  username: username.optional(),
  bio: optionalText(500, 'Bio').optional(),
  /** A bare address (alice.example.com) is accepted; the server saves it as https://alice.example.com. */
  website: z
    .string()
    .trim()
    .max(200, 'Website must be at most 200 characters long')
    .refine((v) => isWebsite(normalizeWebsite(v)), WEBSITE_INVALID)
    .optional(),
  location: optionalText(100, 'Location').optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const updateSettingsBody = z.object({
  emailNotifications: z.boolean().optional(),
  marketingEmails: z.boolean().optional(),
  profileVisibility: z.enum(['public', 'private']).optional(),
  showMature: z.boolean({ error: 'showMature must be true or false' }).optional(),
  /** One of the five themes (spec §5); null forgets the account's choice. */
  theme: z
    .enum(THEMES, { error: `Theme must be one of ${THEMES.join(', ')}` })
    .nullable()
    .optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

export const ownProfile = z.object({ user: publicUser, settings: userSettings });

export const followResult = z.object({ isFollowing: z.boolean(), followers: z.number().int() });
export type FollowResult = z.infer<typeof followResult>;

export const referralItem = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  joinedAt: z.string(),
  isVerified: z.boolean(),
  bonusGranted: z.boolean(),
});
export type ReferralItem = z.infer<typeof referralItem>;

export const referralStats = z.object({
  total: z.number().int(),
  verified: z.number().int(),
  creditsEarned: z.number().int(),
});
export type ReferralStats = z.infer<typeof referralStats>;

export const referralsData = z.object({
  referrals: z.array(referralItem),
  stats: referralStats,
  referralCode: z.string(),
  referralLink: z.string(),
});
export type ReferralsData = z.infer<typeof referralsData>;

/** How a people list is ordered: best match (the default), most followers first, or newest accounts first. */
export const PEOPLE_SORTS = ['relevance', 'followers', 'newest'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
export const userSearchQuery = paginationQuery.extend({
  query: z.string().trim().max(100, searchTooLong(100)).default(''),
  sort: z.enum(PEOPLE_SORTS).default('relevance'),
});

export const userContentQuery = paginationQuery.extend({
  type: z.enum(CONTENT_TYPES).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  isPrivate: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type UserContentQuery = z.infer<typeof userContentQuery>;

export const userStats = z.object({
  content: z.number().int(),
  publicContent: z.number().int(),
  likesReceived: z.number().int(),
  plays: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  collections: z.number().int(),
  credits: z.number().int(),
  referrals: z.number().int(),
});
export type UserStats = z.infer<typeof userStats>;

/** Password for accounts that have one; otherwise the 6-digit code mailed by /users/account/deletion-code. */
export const deleteAccountBody = z
  .object({
    password: z.string().min(1).max(128).optional(),
    code: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .refine((b) => b.password !== undefined || b.code !== undefined, 'Please enter your password to confirm');
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
