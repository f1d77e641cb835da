import { useState } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_MSG, type CohortRow } from '@atelier/shared';
import { Badge, TableScroll } from '../../../components/ui';
import { formatDate } from '../../../components/format';
import {
  BarChart,
  blockState,
  DashboardBlock,
  DonutChart,
  formatNumber,
  formatPercent,
  LineChart,
  type RangeArgs,
  StatGrid,
  TimeRangePicker,
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
} from '../../dashboards';
import { AdminOnly } from '../../../components/admin-only';

const money = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** /admin — site metrics; every section loads and fails on its own. */
export function AdminDashboardPage() {
  return (
    <AdminOnly page="/admin">
      <AdminDashboard />
    </AdminOnly>
  );
}

function AdminDashboard() {
  const [range, setRange] = useState<RangeArgs>({ timeRange: 'month' });
  return (
    <>
      <div className="dashboard-page__head">
        <h1>Admin dashboard</h1>
        <TimeRangePicker value={range} onChange={setRange} />
      </div>
      <OverviewSection range={range} />
      <GraphSection range={range} />
      <div className="dashboard-grid">
        <UserMetricsSection range={range} />
        <ContentMetricsSection range={range} />
        <RevenueSection range={range} />
        <EngagementSection range={range} />
        <ContentTypesSection range={range} />
        <UserRolesSection range={range} />
      </div>
      <RecentUsersSection range={range} />
      <RecentContentSection range={range} />
    </>
  );
}

function OverviewSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminOverviewQuery(range);
  return (
    <DashboardBlock title="Overview" errorText={DASHBOARD_MSG.admin.overview} {...blockState(q)}>
      {(d) => (
        <StatGrid
          items={[
            { label: 'Users', value: formatNumber(d.users) },
            { label: 'New users', value: formatNumber(d.newUsers) },
            { label: 'Content', value: formatNumber(d.content) },
            { label: 'Generations', value: formatNumber(d.generations) },
            { label: 'Failures', value: formatNumber(d.failures) },
            { label: 'Refunds', value: formatNumber(d.refunds) },
            { label: 'Credits spent', value: formatNumber(d.creditsSpent) },
            { label: 'Revenue', value: money(d.revenue) },
            { label: 'Active subscriptions', value: formatNumber(d.activeSubscriptions) },
          ]}
        />
      )}
    </DashboardBlock>
  );
}

function GraphSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminGraphDataQuery(range);
  return (
    <DashboardBlock title="Activity over time" errorText={DASHBOARD_MSG.admin.graphData} {...blockState(q)}>
      {(d) => (
        <div className="dashboard-grid">
          <LineChart
            title="Sign-ups and generations"
            isArea
            data={d.series}
            series={[
              { key: 'signups', label: 'Sign-ups' },
              { key: 'generations', label: 'Generations' },
              { key: 'failures', label: 'Failures' },
            ]}
          />
          <LineChart
            title="Credits spent and purchased"
            data={d.series}
            series={[
              { key: 'creditsSpent', label: 'Credits spent' },
              { key: 'creditsPurchased', label: 'Credits purchased' },
            ]}
          />
        </div>
      )}
    </DashboardBlock>
  );
}

export function CohortTable({ cohorts }: { cohorts: CohortRow[] }) {
  if (cohorts.length === 0) return <p className="dashboard-muted">No sign-ups in this period.</p>;
  const weeks = cohorts[0]?.retention.length ?? 0;
  return (
    <TableScroll label="Weekly cohort retention">
      <table className="data-table">
        <caption className="visually-hidden">
          Weekly cohort retention: share of each sign-up week that generated content in each following week
        </caption>
        <thead>
          <tr>
            <th scope="col">Sign-up week</th>
            <th scope="col" className="num">
              Users
            </th>
            {Array.from({ length: weeks }, (_, k) => (
              <th key={k} scope="col" className="num">
                W{k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((c) => (
            <tr key={c.week}>
              <th scope="row">{c.week}</th>
              <td className="num">{formatNumber(c.size)}</td>
              {c.retention.map((r, k) => (
                <td key={k} className="num">
                  {r === null ? '—' : formatPercent(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function UserMetricsSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminUserMetricsQuery(range);
  return (
    <DashboardBlock title="Users" errorText={DASHBOARD_MSG.admin.userMetrics} {...blockState(q)}>
      {(d) => (
        <>
          <StatGrid
            items={[
              { label: 'Verified', value: `${formatPercent(d.verifiedShare)} of ${formatNumber(d.totalUsers)}` },
              { label: 'New users', value: formatNumber(d.activation.newUsers) },
              {
                label: 'Activated in 7 days',
                value: `${formatNumber(d.activation.activated)} (${formatPercent(d.activation.rate)})`,
              },
            ]}
          />
          <LineChart title="Sign-ups" isArea data={d.signups} series={[{ key: 'count', label: 'Sign-ups' }]} />
          <h3 className="dashboard-block__subtitle">Retention by weekly cohort</h3>
          <CohortTable cohorts={d.cohorts} />
        </>
      )}
    </DashboardBlock>
  );
}

function ContentMetricsSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminContentMetricsQuery(range);
  return (
    <DashboardBlock title="Content" errorText={DASHBOARD_MSG.admin.contentMetrics} {...blockState(q)}>
      {(d) => (
        <>
          <BarChart title="Content by status" data={d.byStatus.map((s) => ({ label: s.status, value: s.count }))} />
          <h3 className="dashboard-block__subtitle">By model</h3>
          {d.byModel.length === 0 ? (
            <p className="dashboard-muted">No generations in this period.</p>
          ) : (
            <TableScroll label="Generations by model">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Model</th>
                    <th scope="col" className="num">
                      Generations
                    </th>
                    <th scope="col" className="num">
                      Failure rate
                    </th>
                    <th scope="col" className="num">
                      Refund rate
                    </th>
                    <th scope="col" className="num">
                      Credits charged
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.byModel.map((m) => (
                    <tr key={m.model}>
                      <th scope="row">{m.model}</th>
                      <td className="num">{formatNumber(m.generations)}</td>
                      <td className="num">
                        {formatPercent(m.failureRate)} ({m.failures})
                      </td>
                      <td className="num">
                        {formatPercent(m.refundRate)} ({m.refunds})
                      </td>
                      <td className="num">{formatNumber(m.creditsCharged)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </DashboardBlock>
  );
}

function RevenueSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminRevenueMetricsQuery(range);
  return (
    <DashboardBlock title="Revenue" errorText={DASHBOARD_MSG.admin.revenueMetrics} {...blockState(q)}>
      {(d) => (
        <>
          <StatGrid
            items={[
              { label: 'Revenue', value: money(d.totals.revenue) },
              { label: 'Payments', value: formatNumber(d.totals.payments) },
              { label: 'Credits purchased', value: formatNumber(d.totals.creditsPurchased) },
              { label: 'Active subscriptions', value: formatNumber(d.totals.activeSubscriptions) },
            ]}
          />
          <LineChart
            title="Revenue (USD)"
            isArea
            data={d.series.map((point) => ({ ...point, revenue: point.revenue / 100 }))}
            series={[{ key: 'revenue', label: 'Revenue (USD)' }]}
          />
          <LineChart
            title="Credits purchased"
            data={d.series}
            series={[{ key: 'creditsPurchased', label: 'Credits purchased' }]}
          />
        </>
      )}
    </DashboardBlock>
  );
}

function EngagementSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminEngagementMetricsQuery(range);
  return (
    <DashboardBlock title="Engagement" errorText={DASHBOARD_MSG.admin.engagementMetrics} {...blockState(q)}>
      {(d) => (
        <>
          <StatGrid
            items={[
              { label: 'Likes', value: formatNumber(d.totals.likes) },
              { label: 'Comments', value: formatNumber(d.totals.comments) },
              { label: 'Plays', value: formatNumber(d.totals.plays) },
            ]}
          />
          <LineChart
            title="Engagement by creation date"
            data={d.series}
            series={[
              { key: 'likes', label: 'Likes' },
              { key: 'comments', label: 'Comments' },
              { key: 'plays', label: 'Plays' },
            ]}
          />
        </>
      )}
    </DashboardBlock>
  );
}

function ContentTypesSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminContentTypesQuery(range);
  return (
    <DashboardBlock title="Content types" errorText={DASHBOARD_MSG.admin.contentTypes} {...blockState(q)}>
      {(d) => <DonutChart title="Content by type" data={d} />}
    </DashboardBlock>
  );
}

function UserRolesSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminUserRolesQuery(range);
  return (
    <DashboardBlock title="User roles" errorText={DASHBOARD_MSG.admin.userRoles} {...blockState(q)}>
      {(d) => <DonutChart title="Users by role" data={d} />}
    </DashboardBlock>
  );
}

function RecentUsersSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminRecentUsersQuery({ ...range, limit: 10 });
  return (
    <DashboardBlock title="Recent users" errorText={DASHBOARD_MSG.admin.recentUsers} {...blockState(q)}>
      {(d) =>
        d.length === 0 ? (
          <p className="dashboard-muted">No users yet.</p>
        ) : (
          <TableScroll label="Recent users">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="num">
                    Credits
                  </th>
                  <th scope="col" className="num">
                    Content
                  </th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {d.map((u) => (
                  <tr key={u.id}>
                    <th scope="row">
                      <Link to={`/admin/users/${u.id}`}>{u.username}</Link>
                    </th>
                    <td>{u.email}</td>
                    <td>
                      <Badge tone={u.role === 'admin' ? 'accent' : 'neutral'}>{u.role}</Badge>
                    </td>
                    <td className="num">{formatNumber(u.credits)}</td>
                    <td className="num">{formatNumber(u.contentCount)}</td>
                    <td>{formatDate(u.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )
      }
    </DashboardBlock>
  );
}

function RecentContentSection({ range }: { range: RangeArgs }) {
  const q = useGetAdminRecentContentQuery({ ...range, limit: 10 });
  return (
    <DashboardBlock title="Recent content" errorText={DASHBOARD_MSG.admin.recentContent} {...blockState(q)}>
      {(d) =>
        d.length === 0 ? (
          <p className="dashboard-muted">No content yet.</p>
        ) : (
          <TableScroll label="Recent content">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Owner</th>
                  <th scope="col">Type</th>
                  <th scope="col">Model</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Cost
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {d.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/content/${c.id}`}>{c.title}</Link>
                    </th>
                    <td>
                      <Link to={`/admin/users/${c.owner.id}`}>{c.owner.username}</Link>
                    </td>
                    <td>{c.contentType}</td>
                    <td>{c.model}</td>
                    <td>
                      <Badge tone={c.status === 'failed' ? 'danger' : c.status === 'ready' ? 'success' : 'neutral'}>
                        {c.status}
                      </Badge>
                    </td>
                    <td className="num">{formatNumber(c.cost)}</td>
                    <td>{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )
      }
    </DashboardBlock>
  );
}
