import {
  creditsEndpoints,
  type AdminCreditsBody,
  type AdminGenerationModels,
  type AdminCreditsResult,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersQuery,
  type AuditEntry,
  type Pagination,
  type Role,
} from '@atelier/shared';
import { api, call } from '../../app/api';

export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

type UsersArgs = Partial<AdminUsersQuery>;

function params(args: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== '') out[k] = v as string | number;
  return out;
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<Paged<AdminUserRow>, UsersArgs>({
      query: (args) => ({ url: '/admin/users', params: params(args) }),
      providesTags: [{ type: 'Admin', id: 'USERS' }],
    }),
    getAdminUser: build.query<AdminUserDetail, string>({
      query: (id) => `/admin/users/${id}`,
      transformResponse: (res: { data: AdminUserDetail }) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'Admin', id: `USER:${id}` }],
    }),
    changeUserRole: build.mutation<AdminUserDetail, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `/admin/users/${id}/role`, method: 'PATCH', body: { role } }),
      transformResponse: (res: { data: AdminUserDetail }) => res.data,
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
      query: () => '/admin/generation/models',
      transformResponse: (res: { data: AdminGenerationModels }) => res.data,
      providesTags: [{ type: 'Admin', id: 'GENERATION' }],
    }),
    getAdminAudit: build.query<Paged<AuditEntry>, { page: number; pageSize?: number }>({
      query: (args) => ({ url: '/admin/audit', params: params(args) }),
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
