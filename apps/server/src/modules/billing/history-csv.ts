import type { Db } from '../../platform/db/db.js';
import { allEntriesOf } from '../credits/index.js';

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet does not run it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function historyCsv(db: Db, userId: string): Promise<string> {
  const rows = await allEntriesOf(db, userId);
  const lines = [['date', 'kind', 'change', 'balance_after', 'reason', 'reference'].join(',')];
  for (const r of rows) {
    lines.push([r.createdAt.toISOString(), r.kind, r.delta, r.balanceAfter, r.reason, r.reference].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
