// The viewer's own locale and time zone: dates read as they would anywhere else on their device.
// Made on first use: the first date format of a page loads the browser's locale data, which costs a
// phone about 100 ms, so a module that is only imported must not pay it.
let dateFormat: Intl.DateTimeFormat | null = null;

/** A date and time for lists and receipts; a dash when there is none or it does not parse. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}

/** Whether formatDate has already paid for the locale data on this page. */
export const isDateFormatReady = () => dateFormat !== null;

// The credits format lives in its own small file, so the header (first load) takes it without the date code.
export { formatCount, formatCredits } from './format-credits';
