import { APPLICATION_STATUSES, type ApplicationStatusCounts } from '@atelier/shared';
import { statusLabel } from '../jobs-format';

/** Counts of applications by status, with the total first. */
export function StatusCounts({ counts, label }: { counts: ApplicationStatusCounts; label: string }) {
  return (
    <dl className="status-counts" aria-label={label}>
      <div className="status-counts__item">
        <dt>Total</dt>
        <dd>{counts.total}</dd>
      </div>
      {APPLICATION_STATUSES.map((status) => (
        <div className="status-counts__item" key={status}>
          <dt>{statusLabel(status)}</dt>
          <dd>{counts.byStatus[status] ?? 0}</dd>
        </div>
      ))}
    </dl>
  );
}
