/** The card number as people read it: digits only, in groups of four (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as MM/YY while it is typed: `1230` becomes `12/30`, a month's two digits get their
 * slash, and a first digit above 1 is a month of its own (`4` → `04/`). Deleting (a shorter value
 * than before) never puts the slash back, so backspace works through it.
 */
export function formatExpiry(value: string, previous = ''): string {
  const isDeleting = value.length < previous.length;
  // A pasted or autofilled four-digit year: 12/2030 is 12/30.
  const full = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  if (full) return `${full[1]!.padStart(2, '0')}/${full[2]}`;
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1 && !isDeleting) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !isDeleting) return `${digits}/`;
  return digits;
}

/** The security code: three or four digits, nothing else. */
export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
