import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG, OWNER_APPLICATION_STATUSES, type Application, type OwnerApplicationStatus } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { Button, Select } from '../../../components/ui';
import { openResume, useBulkUpdateApplicationsMutation, useUpdateApplicationMutation } from '../applications-api';
import { formatDate, statusLabel } from '../jobs-format';
import { MessageButton } from '../../messaging';
import { StatusBadge } from './status-badge';

function StatusSelect({ application }: { application: Application }) {
  const [update, { isLoading }] = useUpdateApplicationMutation();
  const isWithdrawn = application.status === 'withdrawn';
  const change = async (status: OwnerApplicationStatus) => {
    try {
      const reply = await update({ id: application.id, status }).unwrap();
      toast.success(reply.message || MSG.applications.updated);
    } catch (error) {
      toast.error(errorMessage(error, MSG.applications.updateFailed));
    }
  };
  return (
    <Select
      aria-label={`Status of ${application.name}`}
      value={isWithdrawn ? '' : application.status}
      disabled={isWithdrawn || isLoading}
      onChange={(e) => change(e.target.value as OwnerApplicationStatus)}
    >
      {isWithdrawn ? <option value="">Withdrawn</option> : null}
      {OWNER_APPLICATION_STATUSES.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </Select>
  );
}

async function showResume(id: string) {
  try {
    await openResume(id);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : MSG.applications.fetchOneFailed);
  }
}

/**
 * A job's applications with a checkbox per row, select-all, a bulk status change and a status
 * select per row. Withdrawn applications can be seen but not changed.
 */
export function ApplicationsTable({ applications }: { applications: Application[] }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<OwnerApplicationStatus>('reviewed');
  const [bulkUpdate, { isLoading }] = useBulkUpdateApplicationsMutation();
  const selectAllRef = useRef<HTMLInputElement>(null);

  const selectable = applications.filter((a) => a.status !== 'withdrawn');
  const visibleSelected = selectable.filter((a) => selected.has(a.id));
  const isAllSelected = selectable.length > 0 && visibleSelected.length === selectable.length;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = visibleSelected.length > 0 && !isAllSelected;
  }, [visibleSelected.length, isAllSelected]);

  // A page or filter change shows other rows; a selection nobody can see must not be changed.
  useEffect(() => {
    setSelected((current) => {
      const visible = new Set(applications.map((a) => a.id));
      const kept = [...current].filter((id) => visible.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [applications]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(isAllSelected ? new Set() : new Set(selectable.map((a) => a.id)));

  const applyBulk = async () => {
    const ids = visibleSelected.map((a) => a.id);
    if (!ids.length) return;
    try {
      const reply = await bulkUpdate({ ids, status: bulkStatus }).unwrap();
      toast.success(reply.message || MSG.applications.bulkUpdated(reply.data.updated, reply.data.status));
      setSelected(new Set());
    } catch (error) {
      toast.error(errorMessage(error, MSG.applications.bulkUpdateFailed));
    }
  };

  return (
    <div>
      <div className="applications-bulk" role="group" aria-label="Change selected applications">
        <span className="small muted" aria-live="polite">
          {visibleSelected.length} selected
        </span>
        <Select
          aria-label="New status for selected"
          value={bulkStatus}
          onChange={(e) => setBulkStatus(e.target.value as OwnerApplicationStatus)}
        >
          {OWNER_APPLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </Select>
        <Button onClick={applyBulk} disabled={visibleSelected.length === 0} isLoading={isLoading}>
          Update selected
        </Button>
      </div>
      <div className="applications-table-wrap">
        <table className="applications-table stack-table">
          <thead>
            <tr>
              <th scope="col">
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  aria-label="Select all"
                  checked={isAllSelected}
                  disabled={selectable.length === 0}
                  onChange={toggleAll}
                />
              </th>
              <th scope="col">Applicant</th>
              <th scope="col">Applied</th>
              <th scope="col">Status</th>
              <th scope="col">Change status</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((a) => (
              <tr key={a.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${a.name}`}
                    checked={selected.has(a.id)}
                    disabled={a.status === 'withdrawn'}
                    onChange={() => toggle(a.id)}
                  />
                </td>
                <td data-label="Applicant">
                  <div>{a.name}</div>
                  <a className="small" href={`mailto:${a.email}`}>
                    {a.email}
                  </a>
                </td>
                <td data-label="Applied">{formatDate(a.createdAt)}</td>
                <td data-label="Status">
                  <StatusBadge status={a.status} />
                </td>
                <td data-label="Change status">
                  <StatusSelect application={a} />
                </td>
                <td>
                  <div className="jobs-row-actions">
                    <MessageButton userId={a.applicant.id} name={a.name} variant="ghost" />
                    {a.hasResume ? (
                      <Button variant="ghost" size="sm" onClick={() => showResume(a.id)}>
                        Résumé
                      </Button>
                    ) : null}
                    {a.portfolioUrl ? (
                      <a href={a.portfolioUrl} target="_blank" rel="noopener noreferrer nofollow">
                        Portfolio
                      </a>
                    ) : null}
                  </div>
                  {a.coverLetter ? (
                    <details>
                      <summary>Cover letter</summary>
                      <p className="cover-letter">{a.coverLetter}</p>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
