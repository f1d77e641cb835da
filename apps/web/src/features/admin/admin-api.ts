import {
  adminEndpoints as a,
  creditsEndpoints,
  type AdminCreditsBody,
  type AdminGenerationModels,
  type AdminCreditsResult,
  type AdminUserDetail,
  type AdminUsersQuery,
  type ReplyOf,
  type Role,
  type adminContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';

type C = typeof adminContracts;

type UsersArgs = Partial<AdminUsersQuery>;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<ReplyOf<C['users']>, UsersArgs>({
      query: (args) => call(a.users, { query: args }),
      providesTags: [{ type: 'Admin', id: 'USERS' }],
    }),
    getAdminUser: build.query<AdminUserDetail, string>({
      query: (id) => call(a.user, { params: { id } }),
      transformResponse: (res: ReplyOf<C['user']>) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'Admin', id: `USER:${id}` }],
    }),
    changeUserRole: build.mutation<AdminUserDetail, { id: string; role: Role }>({
      query: ({ id, role }) => call(a.changeRole, { params: { id }, body: { role } }),
      transformResponse: (res: ReplyOf<C['changeRole']>) => res.data,
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Admin', id: `USER:${id}` },
        { type: 'Admin', id: 'USERS' },
        { type: 'Admin', id: 'AUDIT' },
      ],
    }),
    adjustUserCredits: build.mutation<AdminCreditsResult, AdminCreditsBody & { direction: 'add' | 'deduct' }>({
      query: ({ direction, ...body }) =>
        call(direction === 'add' ? creditsEndpoints.adminAdd : creditsEndpoints.adminDeduct, { body }),
      transformResponse: (res: { data: AdminCreditsResult }) => res.data,
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Admin', id: `USER:${userId}` },
        { type: 'Admin', id: 'USERS' },
        { type: 'Admin', id: 'AUDIT' },
      ],
    }),
    getAdminGenerationModels: build.query<AdminGenerationModels, void>({
      query: () => call(a.generationModels),
      transformResponse: (res: ReplyOf<C['generationModels']>) => res.data,
      providesTags: [{ type: 'Admin', id: 'GENERATION' }],
    }),
    getAdminAudit: build.query<ReplyOf<C['audit']>, { page: number; pageSize?: number }>({
      query: (args) => call(a.audit, { query: args }),
      providesTags: [{ type: 'Admin', id: 'AUDIT' }],
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useChangeUserRoleMutation,
  useAdjustUserCreditsMutation,
  useGetAdminAuditQuery,
  useGetAdminGenerationModelsQuery,
} = adminApi;
