import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { Button, Spinner, TableScroll } from '../../../components/ui';
import { formatDate } from '../../../components/format';
import { useGetAdminAuditQuery } from '../admin-api';
import { AdminOnly } from '../../../components/admin-only';
import { AdminPager } from '../components/admin-pager';

const TYPE_LABELS = {
  credit_add: 'Credits added',
  credit_deduct: 'Credits deducted',
  role_change: 'Role changed',
  api_key_revoke: 'API key revoked',
  report_action: 'Report acted on',
  suspend: 'Account suspended',
  unsuspend: 'Suspension lifted',
  set_rating: 'Rating set',
} as const;

/** /admin/credits — who changed whose credits or role, when and why. */
export function AdminCreditsPage() {
  return (
    <AdminOnly page="/admin/credits">
      <AuditTrail />
    </AdminOnly>
  );
}

function AuditTrail() {
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useGetAdminAuditQuery({ page, pageSize: 25 });
  return (
    <>
      <h1>Credit audit</h1>
      <p className="dashboard-muted">
        Every credit adjustment made by an administrator, every role change and every API key an administrator revoked.
      </p>
      {error ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, 'Failed to fetch the audit trail')}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading audit trail" />
      ) : data.data.length === 0 ? (
        <p className="dashboard-muted">No administrative changes yet.</p>
      ) : (
        <>
          <TableScroll label="Administrative changes">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">By</th>
                  <th scope="col">User</th>
                  <th scope="col" className="num">
                    Change
                  </th>
                  <th scope="col">Reason / details</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((e) => (
                  <tr key={`${e.type}:${e.id}`}>
                    <td>{formatDate(e.createdAt)}</td>
                    <td>{TYPE_LABELS[e.type]}</td>
                    <td>{e.actor ? <Link to={`/admin/users/${e.actor.id}`}>{e.actor.username}</Link> : '—'}</td>
                    <td>{e.target ? <Link to={`/admin/users/${e.target.id}`}>{e.target.username}</Link> : '—'}</td>
                    <td className="num">{e.delta === null ? '—' : e.delta > 0 ? `+${e.delta}` : e.delta}</td>
                    <td>
                      {e.reason ??
                        (e.details && 'from' in e.details
                          ? `${String(e.details.from)} → ${String(e.details.to)}`
                          : e.details && 'prefix' in e.details
                            ? `${String(e.details.name)} (${String(e.details.prefix)}…)`
                            : '—')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <AdminPager pagination={data.pagination} noun="entries" onPage={setPage} />
        </>
      )}
    </>
  );
}
