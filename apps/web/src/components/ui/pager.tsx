import type { Pagination } from '@atelier/shared';
import { Button } from './button';

/** Previous / next through a paged list; nothing when there is only one page. */
export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
        Previous
      </Button>
      <span className="small muted">
        Page {pagination.page} of {pagination.totalPages}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={pagination.page >= pagination.totalPages}
        onClick={() => onPage(pagination.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
