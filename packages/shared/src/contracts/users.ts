import { z } from 'zod';
import { publicUser, userSettings } from '../schemas/auth.js';
import { collectionWithFlag } from '../schemas/collections.js';
import { idParam, pagination, paginationQuery } from '../schemas/common.js';
import { content } from '../schemas/content.js';
import {
  deleteAccountBody,
  followResult,
  ownProfile,
  profileByUsername,
  publicProfileSummary,
  referralsData,
  updateProfileBody,
  updateSettingsBody,
  userContentQuery,
  userSearchQuery,
  userStats,
} from '../schemas/users.js';
import { contract } from './contract.js';
import { usersEndpoints as e } from './users.endpoints.js';

const summaries = z.object({ data: z.array(publicProfileSummary), pagination });
const contentPage = z.object({ data: z.array(content), pagination });
const followReply = z.object({ data: followResult, message: z.string() });
const done = z.object({ data: z.null(), message: z.string() });

export const usersContracts = {
  me: contract(e.me, {
    tags: ['users'],
    summary: 'The signed-in account and its settings',
    reply: { 200: z.object({ data: z.object({ user: publicUser, settings: userSettings }) }) },
  }),
  profile: contract(e.profile, {
    tags: ['users'],
    summary: 'Your full profile and settings',
    reply: { 200: z.object({ data: ownProfile }) },
  }),
  profileByUsername: contract(e.profileByUsername, {
    tags: ['users'],
    summary: 'A public profile with follower, following and content counts',
    description: 'A private profile shows only name, username and avatar to others.',
    params: z.object({ username: z.string().min(1).max(60) }),
    reply: { 200: z.object({ data: profileByUsername }) },
  }),
  updateProfile: contract(e.updateProfile, {
    tags: ['users'],
    summary: 'Update your profile',
    description:
      'JSON, or multipart/form-data with the same fields and an optional `avatar` image (PNG, JPEG, WebP or GIF, at most 5 MB).',
    consumes: ['application/json', 'multipart/form-data'],
    body: updateProfileBody.nullish(),
    reply: { 200: z.object({ data: z.object({ user: publicUser }), message: z.string() }) },
  }),
  updateSettings: contract(e.updateSettings, {
    tags: ['users'],
    summary: 'Update your settings',
    body: updateSettingsBody,
    reply: { 200: z.object({ data: z.object({ settings: userSettings }), message: z.string() }) },
  }),
  collections: contract(e.collections, {
    tags: ['users'],
    summary: 'Your collections',
    query: paginationQuery,
    reply: { 200: z.object({ data: z.array(collectionWithFlag), pagination }) },
  }),
  content: contract(e.content, {
    tags: ['users'],
    summary: 'Your content, private and failed items included',
    query: userContentQuery,
    reply: { 200: contentPage },
  }),
  contentArchive: contract(e.contentArchive, {
    tags: ['users'],
    summary: 'Download everything you own as one ZIP',
    description:
      'Streams a ZIP of all your content, private included: per ready item `items/<folder>/original.<ext>` and `metadata.json`, plus `index.json` listing every item (queued and failed ones too, without a file).',
    reply: {},
    file: { mimeType: 'application/zip', description: 'A ZIP of everything you own' },
  }),
  userContent: contract(e.userContent, {
    tags: ['users'],
    summary: "A user's public, ready content (everything when it is yours)",
    params: idParam,
    query: userContentQuery.pick({ page: true, pageSize: true, type: true }),
    reply: { 200: contentPage },
  }),
  follow: contract(e.follow, {
    tags: ['users'],
    summary: 'Follow a user (409 when you already do)',
    params: idParam,
    reply: { 200: followReply },
  }),
  unfollow: contract(e.unfollow, {
    tags: ['users'],
    summary: 'Stop following a user (a no-op when you do not)',
    params: idParam,
    reply: { 200: followReply },
  }),
  followers: contract(e.followers, {
    tags: ['users'],
    summary: 'Your followers',
    query: paginationQuery,
    reply: { 200: summaries },
  }),
  following: contract(e.following, {
    tags: ['users'],
    summary: 'Your following',
    query: paginationQuery,
    reply: { 200: summaries },
  }),
  userFollowers: contract(e.userFollowers, {
    tags: ['users'],
    summary: "A user's followers (empty for a private profile)",
    params: idParam,
    query: paginationQuery,
    reply: { 200: summaries },
  }),
  userFollowing: contract(e.userFollowing, {
    tags: ['users'],
    summary: "A user's following (empty for a private profile)",
    params: idParam,
    query: paginationQuery,
    reply: { 200: summaries },
  }),
  referrals: contract(e.referrals, {
    tags: ['users'],
    summary: 'People who joined with your referral code',
    query: paginationQuery,
    reply: { 200: z.object({ data: referralsData, pagination }) },
  }),
  search: contract(e.search, {
    tags: ['users'],
    summary: 'Find people by username or name',
    query: userSearchQuery,
    reply: { 200: summaries },
  }),
  suggested: contract(e.suggested, {
    tags: ['users'],
    summary: 'People to follow: the makers most followed in the last 30 days whom you do not follow yet',
    reply: { 200: z.object({ data: z.array(publicProfileSummary) }) },
  }),
  stats: contract(e.stats, {
    tags: ['users'],
    summary: 'Your numbers',
    reply: { 200: z.object({ data: z.object({ stats: userStats }) }) },
  }),
  deletionCode: contract(e.deletionCode, {
    tags: ['users'],
    summary: 'Mail a code that confirms deleting an account without a password',
    reply: { 200: done },
  }),
  deleteAccount: contract(e.deleteAccount, {
    tags: ['users'],
    summary: 'Delete your account',
    description:
      'Confirm with your password, or with the code from /users/account/deletion-code when the account has none. A live subscription is cancelled at the payment provider first. Then, in one transaction, every module removes what was only the person\'s: sessions and codes, saved cards and payment sessions, their applications and their jobs (with those jobs\' applications and résumé files), conversations and messages, contact messages, private and unfinished content (with its files), likes, collections and follows; the account is anonymised. Public content and comments stay, attributed to "Deleted user"; credit ledger, checkouts and the admin audit trail stay as anonymous records.',
    body: deleteAccountBody,
    reply: { 200: done },
  }),
} as const;
