import { endpoint } from './contract.js';

/** Users (spec §7 "Users"; GET /users/me is served by auth). Schemas: `./users.ts`. */
export const usersEndpoints = {
  me: endpoint('GET', '/users/me'),
  profile: endpoint('GET', '/users/profile'),
  profileByUsername: endpoint('GET', '/users/profile/:username'),
  updateProfile: endpoint('PATCH', '/users/profile'),
  updateSettings: endpoint('PATCH', '/users/settings'),
  collections: endpoint('GET', '/users/collections'),
  content: endpoint('GET', '/users/content'),
  contentArchive: endpoint('GET', '/users/content/archive'),
  userContent: endpoint('GET', '/users/:id/content'),
  follow: endpoint('POST', '/users/follow/:id'),
  unfollow: endpoint('DELETE', '/users/follow/:id'),
  followers: endpoint('GET', '/users/followers'),
  following: endpoint('GET', '/users/following'),
  userFollowers: endpoint('GET', '/users/:id/followers'),
  userFollowing: endpoint('GET', '/users/:id/following'),
  referrals: endpoint('GET', '/users/referrals'),
  search: endpoint('GET', '/users/search'),
  suggested: endpoint('GET', '/users/suggested'),
  stats: endpoint('GET', '/users/stats'),
  deletionCode: endpoint('POST', '/users/account/deletion-code'),
  deleteAccount: endpoint('DELETE', '/users/account'),
} as const;
