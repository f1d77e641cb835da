import {
  moderationEndpoints as m,
  type AdminReportsQuery,
  type BlockedPerson,
  type CreateReportBody,
  type Pagination,
  type Report,
  type ReplyOf,
  type ReportAction,
  type moderationContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';

type C = typeof moderationContracts;

export interface ReportActionArgs {
  ids: string[];
  action: ReportAction;
  note?: string;
  until?: string | null;
}

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    report: build.mutation<{ data: Report; message: string }, CreateReportBody>({
      query: (body) => call(m.report, { body }),
    }),
    getAdminReports: build.query<ReplyOf<C['adminReports']>, Partial<AdminReportsQuery>>({
      query: (args) => call(m.adminReports, { query: args }),
      providesTags: [{ type: 'Admin', id: 'REPORTS' }],
    }),
    actOnReports: build.mutation<ReplyOf<C['actOnReports']>, ReportActionArgs>({
      query: ({ ids, ...body }) =>
        ids.length === 1
          ? call(m.actOnReport, { params: { id: ids[0]! }, body })
          : call(m.actOnReports, { body: { ids, ...body } }),
      invalidatesTags: [
        { type: 'Admin', id: 'REPORTS' },
        { type: 'Admin', id: 'AUDIT' },
        'Content',
        'Comments',
      ],
    }),
    block: build.mutation<{ isBlocked: boolean }, { userId: string; isBlocked: boolean }>({
      query: ({ userId, isBlocked }) => call(isBlocked ? m.block : m.unblock, { params: { id: userId } }),
      transformResponse: (res: ReplyOf<C['block']>) => res.data,
      invalidatesTags: ['Users', 'Content', 'Comments', { type: 'Users', id: 'BLOCKED' }],
    }),
    getBlocked: build.query<{ data: BlockedPerson[]; pagination: Pagination }, { page: number }>({
      query: (args) => call(m.blocked, { query: args }),
      providesTags: [{ type: 'Users', id: 'BLOCKED' }],
    }),
  }),
});

export const {
  useReportMutation,
  useGetAdminReportsQuery,
  useActOnReportsMutation,
  useBlockMutation,
  useGetBlockedQuery,
} = moderationApi;
