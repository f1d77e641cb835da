import type { ReactNode } from 'react';
import { errorMessage } from '../../../app/errors';
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
 * failing block never takes the others down.
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
      {error && !isFetching ? (
        <div className="dashboard-block__error" role="alert">
          <p>{errorMessage(error, errorText)}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
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
