import { moderationEndpoints, type ReplyOf, type moderationContracts } from '@atelier/shared';
import { api, call } from './api';

/**
 * How many reports wait in the queue, for the admin area's link to it (components/admin-only.tsx).
 * Shares moderation's tag, so acting on a report updates the count.
 */
export const openReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenReportsCount: build.query<number, void>({
      query: () => call(moderationEndpoints.adminReports, { query: { status: 'open', pageSize: 1 } }),
      transformResponse: (reply: ReplyOf<typeof moderationContracts.adminReports>) => reply.openCount,
      providesTags: [{ type: 'Admin', id: 'REPORTS' }],
    }),
  }),
});

export const { useGetOpenReportsCountQuery } = openReportsApi;
