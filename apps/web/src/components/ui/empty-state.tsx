import type { ReactNode } from 'react';
import { cx } from './cx';
import './ui.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links that get the person out of the empty state. */
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel: Heading = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div className={cx('empty-state', className)}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {description ? <div className="empty-state__description">{description}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
