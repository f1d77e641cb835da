import type { CSSProperties } from 'react';
import { Skeleton } from '../../../components/ui';

const SKELETON_RATIOS = [1, 1.5, 0.75, 1.33, 1, 0.8, 1.78, 1];

/** A wall of tiles still loading: the shape of a content grid's first row, without its code or data. */
export function ContentWallSkeleton({ label }: { label: string }) {
  return (
    <ul className="content-wall list-reset" aria-busy="true" aria-label={label}>
      {SKELETON_RATIOS.map((ratio, i) => (
        <li key={i} className="content-card" style={{ '--tile-ratio': ratio } as CSSProperties}>
          <Skeleton className="content-card__skeleton" width="100%" height="auto" />
        </li>
      ))}
    </ul>
  );
}
