import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import './ui.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Lifts on hover; use when the whole card is a target. */
  isInteractive?: boolean;
  children?: ReactNode;
}

export function Card({
  as: Tag = 'div',
  padding = 'md',
  isInteractive = false,
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Tag className={cx('card', `card--pad-${padding}`, isInteractive && 'card--interactive', className)} {...rest}>
      {children}
    </Tag>
  );
}
