import type { ReactNode } from 'react';
import { cx } from './cx';
import './ui.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={cx('badge', `badge--${tone}`, className)}>{children}</span>;
}
