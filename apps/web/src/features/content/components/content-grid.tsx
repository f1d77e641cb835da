import { useDeferredValue, useEffect, useRef } from 'react';
import { FIRST_SCREEN_TILES, type Content } from '@atelier/shared';
import { ContentCard } from './content-card';
import { ContentWallSkeleton } from './content-wall-skeleton';

interface ContentGridProps {
  items: Content[];
  isLoading?: boolean;
  isFetchingMore?: boolean;
  hasMore?: boolean;
  onLoadMore?: () => void;
  label: string;
}

/**
 * A justified wall: each row is filled edge to edge by tiles at their own aspect ratio, in reading
 * order, with no holes (CSS only: every tile grows in proportion to its ratio). A sentinel under it
 * asks for the next page when it scrolls into view.
 */
export function ContentGrid({ items: latest, isLoading: loading, isFetchingMore, hasMore, onLoadMore, label }: ContentGridProps) {
  // A page of tiles is the heaviest thing the app draws. Its reply arrives as a store update, which
  // React renders at once and in one piece; deferred, the tiles are drawn in slices instead, with the
  // browser free in between (the old tiles, or the skeleton, stay until the new ones are ready).
  const items = useDeferredValue(latest);
  const isLoading = useDeferredValue(loading);
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

  if (isLoading && items.length === 0) return <ContentWallSkeleton label={label} />;
  return (
    <>
      <ul className="content-wall list-reset" aria-label={label}>
        {items.map((item, index) => (
          <ContentCard key={item.id} content={item} isFirstScreen={index < FIRST_SCREEN_TILES} />
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
