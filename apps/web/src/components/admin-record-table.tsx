import type { ReactNode } from 'react';

export interface RecordColumn<T> {
  header: string;
  /** Right-aligned, tabular figures. */
  isNumber?: boolean;
  cell: (row: T) => ReactNode;
}

interface AdminRecordTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: RecordColumn<T>[];
  /** The buttons of the last column, one cluster per row. */
  actions: (row: T) => ReactNode;
}

/** An admin list of records (plans, credit packs): its columns, then an Actions column. */
export function AdminRecordTable<T>({ rows, rowKey, columns, actions }: AdminRecordTableProps<T>) {
  return (
    <div className="billing-table-wrap">
      <table className="billing-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.isNumber ? 'billing-number' : undefined}>
                {c.header}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.isNumber ? 'billing-number' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
              <td className="cluster">{actions(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
