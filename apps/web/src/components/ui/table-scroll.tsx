import type { ReactNode } from 'react';
import { cx } from './cx';

export interface TableScrollProps {
  /** Names the region for screen readers, e.g. "Recent users". */
  label: string;
  children: ReactNode;
  className?: string;
  'aria-busy'?: boolean;
}

/**
 * The horizontal scroller around a wide table. It can take keyboard focus and is a named region, so
 * someone without a mouse can scroll it with the arrow keys and knows what it holds.
 */
export function TableScroll({ label, children, className, 'aria-busy': busy }: TableScrollProps) {
  return (
    <div
      className={cx('data-table-wrap', className)}
      role="region"
      aria-label={label}
      tabIndex={0}
      aria-busy={busy || undefined}
    >
      {children}
    </div>
  );
}
