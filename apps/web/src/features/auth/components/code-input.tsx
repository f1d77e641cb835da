import { useEffect, useId, useRef, type ClipboardEvent, type ChangeEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@atelier/shared';

export const CODE_LENGTH = LIMITS.resetCodeLength;

export function emptyCode(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '');
}

export function isCodeComplete(digits: string[]): boolean {
  return digits.length === CODE_LENGTH && digits.every((d) => /^\d$/.test(d));
}

interface CodeInputProps {
  label: string;
  digits: string[];
  onChange: (digits: string[]) => void;
  error?: string | null;
  /** Focus the first box on mount, for a step whose only task is entering the code. */
  autoFocus?: boolean;
  /** Submit the surrounding form once the last digit is in (typed, pasted or autofilled). Default on. */
  submitOnComplete?: boolean;
}

/**
 * Six single-digit boxes for a one-time code. Typing moves forward, the arrow keys move between boxes,
 * Backspace in an empty box goes back and clears it, and a pasted code fills the boxes. The sixth
 * digit submits the form the boxes sit in.
 */
export function CodeInput({
  label,
  digits,
  onChange,
  error,
  autoFocus = false,
  submitOnComplete = true,
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // The sixth digit sends the code: after the render that holds it, so the form reads all six.
  const complete = isCodeComplete(digits);
  const wasComplete = useRef(complete);
  useEffect(() => {
    if (complete && !wasComplete.current && submitOnComplete) boxes.current[0]?.form?.requestSubmit();
    wasComplete.current = complete;
  }, [complete, submitOnComplete]);
  const id = useId();
  const errorId = `${id}-error`;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, incoming: string) => {
    const next = [...digits];
    let index = start;
    for (const digit of incoming) {
      if (index >= CODE_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(Math.min(index, CODE_LENGTH - 1));
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next);
  };

  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const typed = raw.replace(/\D/g, '');
    const previous = digits[index] ?? '';
    if (raw === '') {
      setDigit(index, '');
      return;
    }
    // A letter or a repeat of what is already there changes nothing.
    if (typed === '' || typed === previous) return;
    if (typed.length === 1) {
      setDigit(index, typed);
      if (index < CODE_LENGTH - 1) focusBox(index + 1);
      return;
    }
    // Typing into a filled box leaves the old digit beside the new one; keep the new one.
    if (typed.length === 2 && previous && typed.includes(previous)) {
      setDigit(index, typed[0] === previous ? typed[1]! : typed[0]!);
      if (index < CODE_LENGTH - 1) focusBox(index + 1);
      return;
    }
    // Autofill of a whole code lands in one box.
    fillFrom(typed.length >= CODE_LENGTH ? 0 : index, typed.slice(0, CODE_LENGTH));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        if (!digits[index] && index > 0) {
          event.preventDefault();
          setDigit(index - 1, '');
          focusBox(index - 1);
        }
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(CODE_LENGTH - 1);
        return;
      default:
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    if (pasted.length >= CODE_LENGTH) fillFrom(0, pasted.slice(0, CODE_LENGTH));
    else fillFrom(index, pasted);
  };

  return (
    <div className="code-input">
      <div role="group" aria-labelledby={`${id}-label`} className="code-input__group">
        <span id={`${id}-label`} className="code-input__label">
          {label}
        </span>
        <div className="code-input__boxes">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(el) => {
                boxes.current[index] = el;
              }}
              className="input code-input__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus={autoFocus && index === 0}
              value={digit}
              onChange={(event) => handleChange(index, event)}
              onKeyDown={(event) => handleKeyDown(index, event)}
              onPaste={(event) => handlePaste(index, event)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </div>
      </div>
      {error && (
        <p id={errorId} className="code-input__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
