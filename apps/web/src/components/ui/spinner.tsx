import { cx } from './cx';
import './ui.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers while it spins. */
  label?: string;
  /** Inside a control that already announces its busy state, the spinner is only visual. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  if (decorative) return <span className={cx('spinner', `spinner--${size}`, className)} aria-hidden="true" />;
  return (
    <span role="status" className={cx('spinner-wrap', className)}>
      <span className={cx('spinner', `spinner--${size}`)} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
