import type {
  FollowResult,
  Pagination,
  ProfileByUsername,
  PublicProfileSummary,
  ReferralsData,
  UserStats,
} from '@atelier/shared';
import { api } from '../../app/api';

export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export interface PageArgs {
  page?: number;
  pageSize?: number;
}

export type FollowListArgs = PageArgs & { userId: string; direction: 'followers' | 'following' };

const pageParams = ({ page = 1, pageSize = 12 }: PageArgs) => ({ page, pageSize });

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileByUsername: build.query<ProfileByUsername, string>({
      query: (username) => `/users/profile/${encodeURIComponent(username)}`,
      transformResponse: (reply: { data: ProfileByUsername }) => reply.data,
      providesTags: (result, _e, username) => [{ type: 'Users', id: result?.user.id ?? username }],
    }),

    getFollowList: build.query<Paged<PublicProfileSummary>, FollowListArgs>({
      query: ({ userId, direction, ...rest }) => ({
        url: `/users/${encodeURIComponent(userId)}/${direction}`,
        params: pageParams(rest),
      }),
      providesTags: ['Users'],
    }),

    searchUsers: build.query<Paged<PublicProfileSummary>, PageArgs & { query: string }>({
      query: ({ query, ...rest }) => ({ url: '/users/search', params: { query, ...pageParams(rest) } }),
      providesTags: ['Users'],
    }),

    getReferrals: build.query<{ data: ReferralsData; pagination: Pagination }, PageArgs>({
      query: (args) => ({ url: '/users/referrals', params: pageParams({ pageSize: 10, ...args }) }),
      providesTags: ['Users'],
    }),

    getUserStats: build.query<UserStats, void>({
      query: () => '/users/stats',
      transformResponse: (reply: { data: { stats: UserStats } }) => reply.data.stats,
      providesTags: ['Users'],
    }),

    follow: build.mutation<FollowResult, { userId: string; isFollowing: boolean }>({
      query: ({ userId, isFollowing }) => ({
        url: `/users/follow/${encodeURIComponent(userId)}`,
        method: isFollowing ? 'POST' : 'DELETE',
      }),
      transformResponse: (reply: { data: FollowResult }) => reply.data,
      invalidatesTags: ['Users'],
    }),
  }),
});

export const {
  useGetProfileByUsernameQuery,
  useGetFollowListQuery,
  useSearchUsersQuery,
  useGetReferralsQuery,
  useGetUserStatsQuery,
  useFollowMutation,
} = usersApi;
