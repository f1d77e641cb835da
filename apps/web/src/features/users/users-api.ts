import { usersEndpoints, type DataOf, type PeopleSort, type ReplyOf, type usersContracts } from '@atelier/shared';
import { api, call } from '../../lib/api';

export interface PageArgs {
  page?: number;
  pageSize?: number;
}

export type FollowListArgs = PageArgs & { userId: string; direction: 'followers' | 'following' };

const pageParams = ({ page = 1, pageSize = 12 }: PageArgs) => ({ page, pageSize });

const followListOf = { followers: usersEndpoints.userFollowers, following: usersEndpoints.userFollowing } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileByUsername: build.query<DataOf<typeof usersContracts.profileByUsername>, string>({
      query: (username) => call(usersEndpoints.profileByUsername, { params: { username } }),
      transformResponse: (reply: ReplyOf<typeof usersContracts.profileByUsername>) => reply.data,
      providesTags: (result, _e, username) => [{ type: 'Users', id: result?.user.id ?? username }],
    }),

    getFollowList: build.query<ReplyOf<typeof usersContracts.userFollowers>, FollowListArgs>({
      query: ({ userId, direction, ...rest }) =>
        call(followListOf[direction], { params: { id: userId }, query: pageParams(rest) }),
      providesTags: ['Users'],
    }),

    /** People by name; with no words, `sort` lists the most followed or the newest. */
    searchUsers: build.query<ReplyOf<typeof usersContracts.search>, PageArgs & { query: string; sort?: PeopleSort }>({
      query: ({ query, sort, ...rest }) =>
        call(usersEndpoints.search, { query: { query, ...(sort ? { sort } : {}), ...pageParams(rest) } }),
      providesTags: ['Users'],
    }),

    /** The makers most followed lately whom the signed-in person does not follow yet. */
    getSuggestedPeople: build.query<ReplyOf<typeof usersContracts.suggested>, void>({
      query: () => call(usersEndpoints.suggested),
      providesTags: ['Users'],
    }),

    getReferrals: build.query<ReplyOf<typeof usersContracts.referrals>, PageArgs>({
      query: (args) => call(usersEndpoints.referrals, { query: pageParams({ pageSize: 10, ...args }) }),
      providesTags: ['Users'],
    }),

    getUserStats: build.query<DataOf<typeof usersContracts.stats>['stats'], void>({
      query: () => call(usersEndpoints.stats),
      transformResponse: (reply: ReplyOf<typeof usersContracts.stats>) => reply.data.stats,
      providesTags: ['Users'],
    }),

    follow: build.mutation<DataOf<typeof usersContracts.follow>, { userId: string; isFollowing: boolean }>({
      query: ({ userId, isFollowing }) =>
        call(isFollowing ? usersEndpoints.follow : usersEndpoints.unfollow, { params: { id: userId } }),
      transformResponse: (reply: ReplyOf<typeof usersContracts.follow>) => reply.data,
      invalidatesTags: ['Users'],
    }),

  }),
});

export const {
  useGetProfileByUsernameQuery,
  useGetFollowListQuery,
  useSearchUsersQuery,
  useGetSuggestedPeopleQuery,
  useGetReferralsQuery,
  useGetUserStatsQuery,
  useFollowMutation,
} = usersApi;
