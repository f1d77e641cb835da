// Dates are written in English, in the viewer's own time zone, like every other word and number of
// the app ("Mar 4, 2025, 6:45 PM", as en-US writes them). They are written by hand: a browser's
// first Intl date format builds its locale's date patterns, which costs a phone about 100 ms of one
// task, on the page's first screen or just after it.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (date: Date) => `${MONTHS[date.getMonth()]!} ${date.getDate()}, ${date.getFullYear()}`;

/** A date and time for lists and receipts ("Mar 4, 2025, 6:45 PM"); a dash when there is none or it does not parse. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${day(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date ("Mar 4, 2025"); a dash when there is none or it does not parse. */
export function formatDay(value: string | null | undefined): string {
  const date = parse(value);
  return date ? day(date) : '—';
}

// The credits format lives in its own small file, so the header (first load) takes it without the date code.
export { formatCount, formatCredits } from './format-credits';
