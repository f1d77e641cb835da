import { useEffect, useState } from 'react';
import { formatDate, isDateFormatReady } from './format';

/**
 * A date and time as formatDate writes it, in a <time> element. On a page's first screen the
 * browser's first date format would be part of the app's start (about 100 ms on a phone), so there
 * the local form is written once the browser is idle, and the calendar date stands in until then.
 */
export function DateTime({ value }: { value: string }) {
  const [shown, setShown] = useState(() => ({ value, text: isDateFormatReady() ? formatDate(value) : null }));
  const text = shown.value === value ? shown.text : formatDate(value);
  useEffect(() => {
    if (text !== null) return;
    const write = () => setShown({ value, text: formatDate(value) });
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(write, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(write, 200);
    return () => window.clearTimeout(timer);
  }, [text, value]);
  return <time dateTime={value}>{text ?? value.slice(0, 10)}</time>;
}
