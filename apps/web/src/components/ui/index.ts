export { Badge, type BadgeTone } from './badge';
export {
  Button,
  ButtonLink,
  buttonClass,
  type ButtonProps,
  type ButtonLinkProps,
  type ButtonVariant,
  type ButtonSize,
} from './button';
export { Card, type CardProps } from './card';
export { cx } from './cx';
export { Dialog, type DialogProps } from './dialog';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Field, type FieldProps } from './field';
export { Checkbox, Input, Select, TextArea, type CheckboxProps } from './input';
export { Pager } from './pager';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { TableScroll, type TableScrollProps } from './table-scroll';
export * from './icons';
