import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Button, Card, Skeleton } from '../../../components/ui';

export interface DashboardBlockProps<T> {
  title: string;
  /** The spec's text for this block's failure, used when the server sent none. */
  errorText: string;
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  isFetching?: boolean;
  onRetry: () => void;
  children: (data: T) => ReactNode;
  className?: string;
}

/**
 * One independently loaded part of a dashboard: its own skeleton, its own error with a retry, so a
 * failing block never takes the others down. Loading again clears the error; Dismiss clears it
 * without asking the server again (spec §4 Dashboards: loading clears the previous error, a
 * clear-error action clears errors), leaving the block empty with a way to load it.
 */
export function DashboardBlock<T>({
  title,
  errorText,
  data,
  error,
  isLoading,
  isFetching = false,
  onRetry,
  children,
  className,
}: DashboardBlockProps<T>) {
  const headingId = `block-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // The error object that was dismissed: a new failure (a new object) shows again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const isDismissed = Boolean(error) && dismissed === error;
  return (
    <Card
      as="section"
      className={`dashboard-block ${className ?? ''}`}
      aria-labelledby={headingId}
      aria-busy={isFetching}
    >
      <h2 id={headingId} className="dashboard-block__title">
        {title}
      </h2>
      {isDismissed && !isFetching ? (
        <div className="dashboard-block__dismissed">
          <p className="dashboard-muted">Not loaded.</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Load
          </Button>
        </div>
      ) : error && !isFetching ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, errorText)}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDismissed(error)}>
            Dismiss
          </Button>
        </div>
      ) : isLoading || (isFetching && !data) ? (
        <div aria-label={`Loading ${title.toLowerCase()}`} role="status">
          <Skeleton height={120} />
        </div>
      ) : data !== undefined ? (
        children(data)
      ) : null}
    </Card>
  );
}

export function StatGrid({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="stat-grid">
      {items.map((item) => (
        <div key={item.label} className="stat-grid__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface QueryLike<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The parts of an RTK Query result a block needs. */
export function blockState<T>(q: QueryLike<T>) {
  return {
    data: q.data,
    error: q.error,
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    onRetry: () => void q.refetch(),
  };
}
