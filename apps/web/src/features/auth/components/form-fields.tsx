import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { Button, Field, Input } from '../../../components/ui';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

interface TextFieldProps extends InputProps {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, required, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} isRequired={required}>
      <Input required={required} {...input} />
    </Field>
  );
}

/** Field clones its child with the id and ARIA links; this passes them on to the real input. */
function PasswordInput({ toggleLabel, ...input }: InputProps & { toggleLabel: string }) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="auth-password">
      <Input {...input} type={isVisible ? 'text' : 'password'} className="auth-password__input" />
      <button
        type="button"
        className="auth-password__toggle"
        aria-label={`${isVisible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-pressed={isVisible}
        onClick={() => setIsVisible((v) => !v)}
      >
        {isVisible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

/** A password input with a show/hide toggle, so people can check what they typed. */
export function PasswordField({ label, error, hint, required, ...input }: Omit<TextFieldProps, 'type'>) {
  return (
    <Field label={label} error={error} hint={hint} isRequired={required}>
      <PasswordInput required={required} toggleLabel={label.toLowerCase()} {...input} />
    </Field>
  );
}

interface SubmitButtonProps {
  isLoading: boolean;
  label: string;
  loadingLabel: string;
}

/** The primary action of a form; says what it is doing while the request runs. */
export function SubmitButton({ isLoading, label, loadingLabel }: SubmitButtonProps) {
  return (
    <Button type="submit" isFullWidth isLoading={isLoading}>
      {isLoading ? loadingLabel : label}
    </Button>
  );
}
