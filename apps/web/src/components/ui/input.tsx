import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import './ui.css';

/*
 * The bare controls. React 19 passes `ref` as an ordinary prop, so react-hook-form's `register()`
 * spreads straight onto them. Wrap them in <Field> for the label, hint and error.
 */

export function Input({
  className,
  type = 'text',
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
  return <input type={type} className={cx('input', className)} {...rest} />;
}

export function TextArea({
  className,
  rows = 5,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return <textarea rows={rows} className={cx('input', 'input--textarea', className)} {...rest} />;
}

export function Select({
  className,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  return (
    <span className="select-wrap">
      <select className={cx('input', 'input--select', className)} {...rest}>
        {children}
      </select>
    </span>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, className, id, ...rest }: CheckboxProps) {
  return (
    <label className={cx('checkbox', className)} htmlFor={id}>
      <input type="checkbox" id={id} {...rest} />
      <span>
        <span className="checkbox__label">{label}</span>
        {hint ? <span className="checkbox__hint">{hint}</span> : null}
      </span>
    </label>
  );
}
