import {
  usersEndpoints,
  type BodyOf,
  type DataOf,
  type ReplyOf,
  type UpdateProfileBody,
  type UserSettings,
  type usersContracts,
} from '@atelier/shared';
import { api, call } from '../../app/api';
import { userLoaded } from '../auth/auth-slice';

export interface PageArgs {
  page?: number;
  pageSize?: number;
}

export type FollowListArgs = PageArgs & { userId: string; direction: 'followers' | 'following' };

/** A profile edit: the text fields, and optionally a new avatar image sent as multipart. */
export interface ProfileUpdate extends UpdateProfileBody {
  avatar?: File;
}

function profileBody(update: ProfileUpdate): FormData | UpdateProfileBody {
  const { avatar, ...fields } = update;
  if (!avatar) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append('avatar', avatar);
  return form;
}

const pageParams = ({ page = 1, pageSize = 12 }: PageArgs) => ({ page, pageSize });

const followListOf = { followers: usersEndpoints.userFollowers, following: usersEndpoints.userFollowing } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileByUsername: build.query<DataOf<typeof usersContracts.profileByUsername>, string>({
      query: (username) => call(usersEndpoints.profileByUsername, { params: { username } }),
      transformResponse: (reply: ReplyOf<typeof usersContracts.profileByUsername>) => reply.data,
      providesTags: (result, _e, username) => [{ type: 'Users', id: result?.user.id ?? username }],
    }),

    updateProfile: build.mutation<DataOf<typeof usersContracts.updateProfile>['user'], ProfileUpdate>({
      query: (update) => call(usersEndpoints.updateProfile, { body: profileBody(update) }),
      transformResponse: (reply: ReplyOf<typeof usersContracts.updateProfile>) => reply.data.user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        // Profile update merges the returned user into the signed-in user (spec §4).
        if (reply) dispatch(userLoaded(reply.data));
      },
      invalidatesTags: (user) => (user ? [{ type: 'Users', id: user.id }, 'Me'] : []),
    }),

    updateSettings: build.mutation<UserSettings, Partial<UserSettings>>({
      query: (body) => call(usersEndpoints.updateSettings, { body }),
      transformResponse: (reply: ReplyOf<typeof usersContracts.updateSettings>) => reply.data.settings,
      invalidatesTags: ['Users'],
    }),

    getUserContent: build.query<ReplyOf<typeof usersContracts.userContent>, PageArgs & { userId: string }>({
      query: ({ userId, ...rest }) =>
        call(usersEndpoints.userContent, { params: { id: userId }, query: pageParams(rest) }),
      providesTags: ['Content'],
    }),

    getFollowList: build.query<ReplyOf<typeof usersContracts.userFollowers>, FollowListArgs>({
      query: ({ userId, direction, ...rest }) =>
        call(followListOf[direction], { params: { id: userId }, query: pageParams(rest) }),
      providesTags: ['Users'],
    }),

    searchUsers: build.query<ReplyOf<typeof usersContracts.search>, PageArgs & { query: string }>({
      query: ({ query, ...rest }) => call(usersEndpoints.search, { query: { query, ...pageParams(rest) } }),
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

    requestDeletionCode: build.mutation<ReplyOf<typeof usersContracts.deletionCode>, void>({
      query: () => call(usersEndpoints.deletionCode),
    }),

    deleteAccount: build.mutation<
      ReplyOf<typeof usersContracts.deleteAccount>,
      BodyOf<typeof usersContracts.deleteAccount>
    >({
      query: (body) => call(usersEndpoints.deleteAccount, { body }),
    }),
  }),
});

export const {
  useGetProfileByUsernameQuery,
  useUpdateProfileMutation,
  useUpdateSettingsMutation,
  useGetUserContentQuery,
  useGetFollowListQuery,
  useSearchUsersQuery,
  useGetReferralsQuery,
  useGetUserStatsQuery,
  useFollowMutation,
  useRequestDeletionCodeMutation,
  useDeleteAccountMutation,
} = usersApi;
