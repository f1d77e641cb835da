import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';
import { Spinner } from './spinner';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isFullWidth?: boolean;
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
}

export function buttonClass({
  variant = 'primary',
  size = 'md',
  isFullWidth = false,
  className,
}: ButtonStyleProps & { className?: string | undefined }): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, isFullWidth && 'btn--block', className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  /** Shows a spinner, disables the button and announces the busy state; the label stays readable. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  isFullWidth,
  iconStart,
  iconEnd,
  isLoading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, isFullWidth, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <Spinner size="sm" decorative /> : iconStart}
      {children}
      {iconEnd}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, ButtonStyleProps {}

/** A router link that looks like a button, for navigation that should read as an action. */
export function ButtonLink({
  variant,
  size,
  isFullWidth,
  iconStart,
  iconEnd,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, isFullWidth, className })} {...rest}>
      {iconStart}
      {children}
      {iconEnd}
    </Link>
  );
}
