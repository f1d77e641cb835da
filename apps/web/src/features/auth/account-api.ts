import type { PublicUser, UpdateProfileBody, UserSettings } from '@atelier/shared';
import { api } from '../../app/api';
import { userLoaded } from './auth-slice';

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

/** The signed-in person's own account: their profile, their settings, and closing the account. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
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

    requestDeletionCode: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/users/account/deletion-code', method: 'POST' }),
    }),

    deleteAccount: build.mutation<{ message: string }, { password?: string; code?: string }>({
      query: (body) => ({ url: '/users/account', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUpdateSettingsMutation,
  useRequestDeletionCodeMutation,
  useDeleteAccountMutation,
} = accountApi;
