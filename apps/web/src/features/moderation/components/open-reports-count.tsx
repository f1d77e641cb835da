import { Badge } from '../../../components/ui';
import { useGetAdminReportsQuery } from '../moderation-api';

/** How many reports wait in the queue, for the admin area's link to it. */
export function OpenReportsCount() {
  const { data } = useGetAdminReportsQuery({ status: 'open', pageSize: 1 });
  if (!data || data.openCount === 0) return null;
  return (
    <Badge tone="warning" className="admin-nav__count">
      <span aria-hidden="true">{data.openCount}</span>
      <span className="visually-hidden">{`${data.openCount} open reports`}</span>
    </Badge>
  );
}
