import type { CSSProperties } from 'react';
import { cx } from './cx';
import './ui.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  /** Several text-like bars, the last one shorter. */
  lines?: number;
  className?: string;
}

/** A shimmering placeholder; hidden from assistive technology, which hears the surrounding busy state. */
export function Skeleton({ width, height = '1em', radius, lines, className }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span className={cx('skeleton-lines', className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className="skeleton"
            style={{ width: i === lines - 1 ? '60%' : '100%', height, borderRadius: radius }}
          />
        ))}
      </span>
    );
  }
  return (
    <span className={cx('skeleton', className)} style={{ width, height, borderRadius: radius }} aria-hidden="true" />
  );
}
