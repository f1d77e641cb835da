import type {
  AdminContentMetrics,
  AdminEngagementMetrics,
  AdminGraphData,
  AdminOverview,
  AdminRevenueMetrics,
  AdminUserMetrics,
  ContentType,
  DistributionSlice,
  RecentContent,
  RecentUser,
  TimeRange,
  UserContentEngagement,
  UserDashboardOverview,
  UserSocialStats,
} from '@atelier/shared';
import { dashboardsEndpoints as d } from '@atelier/shared';
import { api, call } from '../../lib/api';

/** A named range, or explicit dates that win over it. */
export interface RangeArgs {
  timeRange: TimeRange;
  startDate?: string;
  endDate?: string;
}

export function rangeParams(
  args: RangeArgs & { contentType?: ContentType | ''; limit?: number },
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (args.startDate || args.endDate) {
    if (args.startDate) params.startDate = args.startDate;
    if (args.endDate) params.endDate = args.endDate;
  } else {
    params.timeRange = args.timeRange;
  }
  if (args.contentType) params.contentType = args.contentType;
  if (args.limit) params.limit = args.limit;
  return params;
}

const unwrap = <T>(res: { data: T }) => res.data;

export const dashboardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardOverview: build.query<UserDashboardOverview, RangeArgs>({
      query: (args) => call(d.userOverview, { query: rangeParams(args) }),
      transformResponse: unwrap<UserDashboardOverview>,
      providesTags: ['Dashboard'],
    }),
    getContentEngagement: build.query<UserContentEngagement, RangeArgs & { contentType?: ContentType | '' }>({
      query: (args) => call(d.userContentEngagement, { query: rangeParams(args) }),
      transformResponse: unwrap<UserContentEngagement>,
      providesTags: ['Dashboard'],
    }),
    getSocialStats: build.query<UserSocialStats, RangeArgs>({
      query: (args) => call(d.userSocialStats, { query: rangeParams(args) }),
      transformResponse: unwrap<UserSocialStats>,
      providesTags: ['Dashboard'],
    }),

    getAdminOverview: build.query<AdminOverview, RangeArgs>({
      query: (args) => call(d.adminOverview, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminOverview>,
      providesTags: ['Admin'],
    }),
    getAdminUserMetrics: build.query<AdminUserMetrics, RangeArgs>({
      query: (args) => call(d.adminUsers, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminUserMetrics>,
      providesTags: ['Admin'],
    }),
    getAdminContentMetrics: build.query<AdminContentMetrics, RangeArgs>({
      query: (args) => call(d.adminContent, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminContentMetrics>,
      providesTags: ['Admin'],
    }),
    getAdminRevenueMetrics: build.query<AdminRevenueMetrics, RangeArgs>({
      query: (args) => call(d.adminRevenue, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminRevenueMetrics>,
      providesTags: ['Admin'],
    }),
    getAdminEngagementMetrics: build.query<AdminEngagementMetrics, RangeArgs>({
      query: (args) => call(d.adminEngagement, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminEngagementMetrics>,
      providesTags: ['Admin'],
    }),
    getAdminGraphData: build.query<AdminGraphData, RangeArgs>({
      query: (args) => call(d.adminGraphs, { query: rangeParams(args) }),
      transformResponse: unwrap<AdminGraphData>,
      providesTags: ['Admin'],
    }),
    getAdminContentTypes: build.query<DistributionSlice[], RangeArgs>({
      query: (args) => call(d.adminContentTypes, { query: rangeParams(args) }),
      transformResponse: unwrap<DistributionSlice[]>,
      providesTags: ['Admin'],
    }),
    getAdminUserRoles: build.query<DistributionSlice[], RangeArgs>({
      query: (args) => call(d.adminUserRoles, { query: rangeParams(args) }),
      transformResponse: unwrap<DistributionSlice[]>,
      providesTags: ['Admin'],
    }),
    getAdminRecentUsers: build.query<RecentUser[], RangeArgs & { limit?: number }>({
      query: (args) => call(d.adminRecentUsers, { query: rangeParams(args) }),
      transformResponse: unwrap<RecentUser[]>,
      providesTags: ['Admin'],
    }),
    getAdminRecentContent: build.query<RecentContent[], RangeArgs & { limit?: number }>({
      query: (args) => call(d.adminRecentContent, { query: rangeParams(args) }),
      transformResponse: unwrap<RecentContent[]>,
      providesTags: ['Admin'],
    }),
  }),
});

export const {
  useGetDashboardOverviewQuery,
  useGetContentEngagementQuery,
  useGetSocialStatsQuery,
  useGetAdminOverviewQuery,
  useGetAdminUserMetricsQuery,
  useGetAdminContentMetricsQuery,
  useGetAdminRevenueMetricsQuery,
  useGetAdminEngagementMetricsQuery,
  useGetAdminGraphDataQuery,
  useGetAdminContentTypesQuery,
  useGetAdminUserRolesQuery,
  useGetAdminRecentUsersQuery,
  useGetAdminRecentContentQuery,
} = dashboardsApi;
