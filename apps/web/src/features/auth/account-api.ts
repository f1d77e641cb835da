import {
  usersEndpoints,
  type BodyOf,
  type DataOf,
  type ReplyOf,
  type UpdateProfileBody,
  type UserSettings,
  type usersContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
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
  useUpdateProfileMutation,
  useUpdateSettingsMutation,
  useRequestDeletionCodeMutation,
  useDeleteAccountMutation,
} = accountApi;
