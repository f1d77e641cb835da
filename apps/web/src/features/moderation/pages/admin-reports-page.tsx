import { useState } from 'react';
import '../moderation.css';
import { Link } from 'react-router';
import {
  REPORT_ACTIONS,
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type ReportAction,
  type ReportGroup,
  type ReportStatus,
  type ReportTargetType,
} from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { AdminOnly } from '../../../components/admin-only';
import { DateTime } from '../../../components/date-time';
import { Badge, Button, EmptyState, Pager, Spinner } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { useActOnReportsMutation, useGetAdminReportsQuery } from '../moderation-api';

const ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  delete: 'Delete',
  warn: 'Warn',
  suspend: 'Suspend owner',
};
const HIDEABLE: ReportTargetType[] = ['content', 'comment', 'job'];
const PAGE_SIZE = 20;

/** /admin/reports — the moderation queue: reports grouped by what they point at. */
export function AdminReportsPage() {
  return (
    <AdminOnly page="/admin/reports" description="Reports from the community, grouped by what they point at.">
      <ReportsQueue />
    </AdminOnly>
  );
}

function targetLink(g: ReportGroup): string | null {
  if (g.targetType === 'content') return `/content/${g.targetId}`;
  if (g.targetType === 'job') return `/careers/${g.targetId}`;
  if (g.targetType === 'user' && g.targetUser) return `/u/${encodeURIComponent(g.targetUser.username)}`;
  return null;
}

function ReportsQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [targetType, setTargetType] = useState<ReportTargetType | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { data, error, isFetching, refetch } = useGetAdminReportsQuery({
    status,
    page,
    pageSize: PAGE_SIZE,
    ...(targetType ? { targetType } : {}),
  });
  const [act, { isLoading: isActing }] = useActOnReportsMutation();

  const run = async (ids: string[], action: ReportAction) => {
    if (ids.length === 0) return;
    if ((action === 'delete' || action === 'suspend') && !window.confirm(`${ACTION_LABELS[action]}? This cannot be undone from here.`)) return;
    try {
      const res = await act({ ids, action }).unwrap();
      toast.success(`${res.data.closed} report${res.data.closed === 1 ? '' : 's'} closed`);
      setSelected(new Set());
    } catch (err) {
      toast.error(errorMessage(err, 'That action failed'));
    }
  };
  const firstIds = (groups: ReportGroup[]) => groups.filter((g) => selected.has(g.targetId)).map((g) => g.reports[0]!.id);

  return (
    <>
      <h1>Reports</h1>
      <div className="admin-filters" role="group" aria-label="Filter reports">
        <label>
          Status{' '}
          <select value={status} onChange={(e) => { setStatus(e.target.value as ReportStatus); setPage(1); }}>
            {REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type{' '}
          <select value={targetType} onChange={(e) => { setTargetType(e.target.value as ReportTargetType | ''); setPage(1); }}>
            <option value="">all</option>
            {REPORT_TARGET_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        {status === 'open' && data && data.data.length > 0 && (
          <span className="admin-filters__bulk">
            <Button size="sm" variant="secondary" disabled={selected.size === 0 || isActing} onClick={() => void run(firstIds(data.data), 'dismiss')}>
              Dismiss selected
            </Button>
            <Button size="sm" variant="secondary" disabled={selected.size === 0 || isActing} onClick={() => void run(firstIds(data.data), 'hide')}>
              Hide selected
            </Button>
          </span>
        )}
      </div>
      {error ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, 'Failed to fetch the reports')}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading reports" />
      ) : data.data.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Nothing to review' : `No ${status} reports`} description="Reports people send appear here." />
      ) : (
        <ul className="report-queue" aria-busy={isFetching}>
          {data.data.map((g) => {
            const link = targetLink(g);
            const first = g.reports[0]!;
            return (
              <li key={`${g.targetType}:${g.targetId}`} className="report-queue__group">
                <header>
                  {status === 'open' && (
                    <input
                      type="checkbox"
                      aria-label={`Select the reports on this ${g.targetType}`}
                      checked={selected.has(g.targetId)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.target.checked) next.add(g.targetId);
                        else next.delete(g.targetId);
                        setSelected(next);
                      }}
                    />
                  )}
                  <Badge>{g.targetType}</Badge>
                  <strong>{link ? <Link to={link}>{g.summary ?? 'Open'}</Link> : (g.summary ?? 'No longer there')}</strong>
                  {g.targetUser && <span> by @{g.targetUser.username}</span>}
                  {g.isHidden && <Badge tone="warning">hidden</Badge>}
                  <span className="report-queue__count">
                    {g.count} report{g.count === 1 ? '' : 's'}: {g.reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')}
                  </span>
                </header>
                {g.messages && (
                  <ol className="report-queue__messages" aria-label="The reported message and the ones before it">
                    {g.messages.map((msg) => (
                      <li key={msg.id} className={msg.isReported ? 'is-reported' : undefined}>
                        <strong>@{msg.sender?.username ?? 'deleted'}</strong>: {msg.content}
                      </li>
                    ))}
                  </ol>
                )}
                <ul className="report-queue__reports">
                  {g.reports.map((r) => (
                    <li key={r.id}>
                      {REPORT_REASON_LABELS[r.reason]} from @{r.reporter?.username ?? 'deleted'}, <DateTime value={r.createdAt} />
                      {r.details && <q> {r.details}</q>}
                      {r.action && <em> — {ACTION_LABELS[r.action]}{r.note ? `: ${r.note}` : ''}</em>}
                    </li>
                  ))}
                </ul>
                {status === 'open' && (
                  <div className="report-queue__actions">
                    {REPORT_ACTIONS.filter((a) => (a === 'hide' || a === 'delete' ? HIDEABLE.includes(g.targetType) : true)).map((a) => (
                      <Button
                        key={a}
                        size="sm"
                        variant={a === 'delete' || a === 'suspend' ? 'danger' : 'secondary'}
                        disabled={isActing}
                        onClick={() => void run([first.id], a)}
                      >
                        {ACTION_LABELS[a]}
                      </Button>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data && <Pager pagination={data.pagination} onPage={setPage} label="Report pages" />}
    </>
  );
}
