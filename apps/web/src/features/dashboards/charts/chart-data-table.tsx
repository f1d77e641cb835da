import { formatNumber } from './chart-format';

export interface DataTableProps {
  caption: string;
  columns: { key: string; label: string }[];
  rows: Record<string, string | number>[];
}

/**
 * The chart's numbers for screen readers; hidden visually, read in full by assistive technology.
 * The wrapper is what is hidden: a table grows to its content whatever width it is given, and
 * would widen the page on a phone.
 */
export function ChartDataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => {
                const v = row[c.key];
                return <td key={c.key}>{typeof v === 'number' ? formatNumber(v) : v}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
