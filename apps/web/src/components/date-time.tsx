import { formatDate } from './format';

/** A date and time as formatDate writes it, in a <time> element. */
export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>;
}
