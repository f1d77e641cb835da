import { useEffect, useRef } from 'react';
import type { Content } from '@atelier/shared';
import { Skeleton } from '../../../components/ui';
import { ContentCard } from './content-card';

interface ContentGridProps {
  items: Content[];
  isLoading?: boolean;
  isFetchingMore?: boolean;
  hasMore?: boolean;
  onLoadMore?: () => void;
  label: string;
}

/** A responsive grid with a sentinel: when it scrolls into view, the next page is asked for. */
export function ContentGrid({ items, isLoading, isFetchingMore, hasMore, onLoadMore, label }: ContentGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current?.();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, items.length]);

  if (isLoading && items.length === 0) {
    return (
      <ul className="content-grid list-reset" aria-busy="true" aria-label={label}>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="content-card">
            <Skeleton className="content-card__skeleton" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <ul className="content-grid list-reset" aria-label={label}>
        {items.map((item) => (
          <ContentCard key={item.id} content={item} />
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="content-grid__more">
          <button
            type="button"
            className="btn btn--secondary btn--md"
            onClick={() => onLoadMore?.()}
            disabled={isFetchingMore}
          >
            {isFetchingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
