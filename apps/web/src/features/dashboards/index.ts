/** Dashboards' face: the charts, blocks and admin metrics the admin screens are built from. */
export { BarChart } from './charts/bar-chart';
export { formatNumber, formatPercent } from './charts/chart-format';
export { DonutChart } from './charts/donut-chart';
export { LineChart } from './charts/line-chart';
export { blockState, DashboardBlock, StatGrid } from './components/dashboard-block';
export { TimeRangePicker } from './components/time-range-picker';
export {
  type RangeArgs,
  useGetAdminContentMetricsQuery,
  useGetAdminContentTypesQuery,
  useGetAdminEngagementMetricsQuery,
  useGetAdminGraphDataQuery,
  useGetAdminOverviewQuery,
  useGetAdminRecentContentQuery,
  useGetAdminRecentUsersQuery,
  useGetAdminRevenueMetricsQuery,
  useGetAdminUserMetricsQuery,
  useGetAdminUserRolesQuery,
} from './dashboards-api';
