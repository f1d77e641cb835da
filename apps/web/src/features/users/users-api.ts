import type {
  Content,
  FollowResult,
  Pagination,
  ProfileByUsername,
  PublicProfileSummary,
  PublicUser,
  ReferralsData,
  UpdateProfileBody,
  UserSettings,
  UserStats,
} from '@atelier/shared';
import { api } from '../../app/api';
import { userLoaded } from '../auth/auth-slice';

export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

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

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileByUsername: build.query<ProfileByUsername, string>({
      query: (username) => `/users/profile/${encodeURIComponent(username)}`,
      transformResponse: (reply: { data: ProfileByUsername }) => reply.data,
      providesTags: (result, _e, username) => [{ type: 'Users', id: result?.user.id ?? username }],
    }),

    updateProfile: build.mutation<PublicUser, ProfileUpdate>({
      query: (update) => ({ url: '/users/profile', method: 'PATCH', body: profileBody(update) }),
      transformResponse: (reply: { data: { user: PublicUser } }) => reply.data.user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        // Profile update merges the returned user into the signed-in user (spec §4).
        if (reply) dispatch(userLoaded(reply.data));
      },
      invalidatesTags: (user) => (user ? [{ type: 'Users', id: user.id }, 'Me'] : []),
    }),

    updateSettings: build.mutation<UserSettings, Partial<UserSettings>>({
      query: (body) => ({ url: '/users/settings', method: 'PATCH', body }),
      transformResponse: (reply: { data: { settings: UserSettings } }) => reply.data.settings,
      invalidatesTags: ['Users'],
    }),

    getUserContent: build.query<Paged<Content>, PageArgs & { userId: string }>({
      query: ({ userId, ...rest }) => ({
        url: `/users/${encodeURIComponent(userId)}/content`,
        params: pageParams(rest),
      }),
      providesTags: ['Content'],
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

    requestDeletionCode: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/users/account/deletion-code', method: 'POST' }),
    }),

    deleteAccount: build.mutation<{ message: string }, { password?: string; code?: string }>({
      query: (body) => ({ url: '/users/account', method: 'DELETE', body }),
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
