import { useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_TYPES, CONTENT_TYPE_NAMES, DASHBOARD_MSG, MSG, type ContentType } from '@atelier/shared';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Button, EmptyState, Select } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions } from '../../ui';
import { BarChart } from '../charts/bar-chart';
import { formatNumber } from '../charts/chart-format';
import { LineChart } from '../charts/line-chart';
import { DashboardBlock, StatGrid, blockState } from '../components/dashboard-block';
import { TimeRangePicker } from '../components/time-range-picker';
import {
  useGetContentEngagementQuery,
  useGetDashboardOverviewQuery,
  useGetSocialStatsQuery,
  type RangeArgs,
} from '../dashboards-api';
import { useGetUserStatsQuery } from '../../users';
import '../../../components/dashboard.css';

/** /dashboard — the signed-in user's activity: three blocks that load and fail on their own. */
export function DashboardPage() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const [range, setRange] = useState<RangeArgs>({ timeRange: 'month' });

  if (!isAuthenticated) {
    return (
      <section className="container dashboard-page">
        <SitePageMeta path="/dashboard" />
        <h1>Dashboard</h1>
        <EmptyState
          title="Sign in to see your dashboard"
          description="Your generations, credits and audience over time."
          action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
        />
      </section>
    );
  }

  return (
    <section className="container dashboard-page">
      <SitePageMeta path="/dashboard" description="Your generations, credits, engagement and followers over time." />
      <div className="dashboard-page__head">
        <h1>Dashboard</h1>
        <TimeRangePicker value={range} onChange={setRange} />
      </div>
      <TotalsBlock />
      <OverviewBlock range={range} />
      <EngagementBlock range={range} />
      <SocialBlock range={range} />
    </section>
  );
}

/** Your numbers since you joined (GET /users/stats): the time range above does not apply. */
function TotalsBlock() {
  const q = useGetUserStatsQuery();
  return (
    <DashboardBlock title="All-time totals" errorText={MSG.users.getStatsFailed} {...blockState(q)}>
      {(stats) => (
        <StatGrid
          items={[
            { label: 'Pieces', value: formatNumber(stats.content) },
            { label: 'Public pieces', value: formatNumber(stats.publicContent) },
            { label: 'Likes received', value: formatNumber(stats.likesReceived) },
            { label: 'Plays', value: formatNumber(stats.plays) },
            { label: 'Followers', value: formatNumber(stats.followers) },
            { label: 'Following', value: formatNumber(stats.following) },
            { label: 'Collections', value: formatNumber(stats.collections) },
            { label: 'Referrals', value: formatNumber(stats.referrals) },
            { label: 'Credits', value: formatNumber(stats.credits) },
          ]}
        />
      )}
    </DashboardBlock>
  );
}

function OverviewBlock({ range }: { range: RangeArgs }) {
  const q = useGetDashboardOverviewQuery(range);
  return (
    <DashboardBlock title="Overview" errorText={DASHBOARD_MSG.user.overview} {...blockState(q)}>
      {(data) => (
        <>
          <StatGrid
            items={[
              { label: 'Generations', value: formatNumber(data.totals.content) },
              { label: 'Ready', value: formatNumber(data.totals.ready) },
              { label: 'Failed', value: formatNumber(data.totals.failed) },
              { label: 'Credits spent', value: formatNumber(data.totals.creditsSpent) },
              { label: 'Credits refunded', value: formatNumber(data.totals.creditsRefunded) },
              { label: 'Likes', value: formatNumber(data.totals.likes) },
              { label: 'Comments', value: formatNumber(data.totals.comments) },
              { label: 'Plays', value: formatNumber(data.totals.plays) },
            ]}
          />
          <LineChart
            title="Generations and credits spent"
            isArea
            data={data.series}
            series={[
              { key: 'generations', label: 'Generations' },
              { key: 'creditsSpent', label: 'Credits spent' },
            ]}
          />
          <h3 className="dashboard-block__subtitle">Top content</h3>
          {data.topContent.length === 0 ? (
            <p className="dashboard-muted">Nothing created in this period yet.</p>
          ) : (
            <ol className="top-content">
              {data.topContent.map((c) => (
                <li key={c.id}>
                  <Link to={`/content/${c.id}`}>{c.title}</Link>
                  <span className="dashboard-muted">
                    {CONTENT_TYPE_NAMES[c.contentType as ContentType] ?? c.contentType} · {formatNumber(c.likes)} likes
                    · {formatNumber(c.plays)} plays · {formatNumber(c.comments)} comments
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </DashboardBlock>
  );
}

function EngagementBlock({ range }: { range: RangeArgs }) {
  const [contentType, setContentType] = useState<ContentType | ''>('');
  const q = useGetContentEngagementQuery({ ...range, contentType });
  return (
    <DashboardBlock title="Content engagement" errorText={DASHBOARD_MSG.user.contentEngagement} {...blockState(q)}>
      {(data) => (
        <>
          <label className="dashboard-inline-field">
            Content type{' '}
            <Select value={contentType} onChange={(e) => setContentType(e.target.value as ContentType | '')}>
              <option value="">All types</option>
              {CONTENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CONTENT_TYPE_NAMES[t]}
                </option>
              ))}
            </Select>
          </label>
          <LineChart
            title="Likes, comments and plays by creation date"
            data={data.series}
            series={[
              { key: 'likes', label: 'Likes' },
              { key: 'comments', label: 'Comments' },
              { key: 'plays', label: 'Plays' },
            ]}
          />
          <BarChart
            title="Pieces by content type"
            data={data.byType.map((t) => ({
              label: CONTENT_TYPE_NAMES[t.contentType as ContentType] ?? t.contentType,
              value: t.count,
            }))}
            valueLabel="Pieces"
          />
        </>
      )}
    </DashboardBlock>
  );
}

function SocialBlock({ range }: { range: RangeArgs }) {
  const q = useGetSocialStatsQuery(range);
  return (
    <DashboardBlock title="Social" errorText={DASHBOARD_MSG.user.socialStats} {...blockState(q)}>
      {(data) => (
        <>
          <StatGrid
            items={[
              { label: 'Followers', value: formatNumber(data.followers) },
              { label: 'Following', value: formatNumber(data.following) },
              { label: 'Referrals', value: formatNumber(data.referrals) },
            ]}
          />
          <LineChart
            title="New followers"
            isArea
            data={data.newFollowers}
            series={[{ key: 'count', label: 'New followers' }]}
          />
        </>
      )}
    </DashboardBlock>
  );
}
