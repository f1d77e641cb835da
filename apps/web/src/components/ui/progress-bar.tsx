import { cx } from './cx';
import './ui.css';

export interface ProgressBarProps {
  /** 0–100; leave undefined while the amount of work is unknown. */
  value?: number | undefined;
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const isIndeterminate = value === undefined;
  const clamped = isIndeterminate ? 0 : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={cx('progress', isIndeterminate && 'progress--indeterminate', className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={isIndeterminate ? undefined : clamped}
    >
      <span className="progress__bar" style={isIndeterminate ? undefined : { width: `${clamped}%` }} />
    </div>
  );
}
