import type { Pagination } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { formatNumber } from '../../dashboards';

/** Previous / Next under an admin table, with where you are and how many rows there are in all. */
export function AdminPager({
  pagination,
  noun,
  onPage,
}: {
  pagination: Pagination;
  noun: string;
  onPage: (page: number) => void;
}) {
  const { page, totalPages, total } = pagination;
  return (
    <div className="admin-toolbar">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {totalPages} · {formatNumber(total)} {noun}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
