import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';
import './ui.css';

export interface FieldProps {
  label: ReactNode;
  /** One control (Input, TextArea, Select…); it receives the id and the ARIA links to hint and error. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  error?: string | undefined;
  isRequired?: boolean;
  /** Shown at the end of the label row, e.g. a character counter. */
  aside?: ReactNode;
  id?: string;
  className?: string;
}

/** Label, control, hint and error wired together so assistive technology reads them as one. */
export function Field({ label, children, hint, error, isRequired = false, aside, id, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? (children.props.id as string | undefined) ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': isRequired || undefined,
      })
    : children;

  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <div className="field__top">
        <label className="field__label" htmlFor={controlId}>
          {label}
          {isRequired ? (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
        {aside ? <span className="field__aside">{aside}</span> : null}
      </div>
      {control}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
