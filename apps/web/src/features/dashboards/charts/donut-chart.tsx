import { ChartDataTable } from './chart-data-table';
import { CHART_COLORS, formatNumber, formatPercent } from './chart-format';
import './charts.css';

export interface DonutChartProps {
  title: string;
  data: { label: string; count: number; share: number }[];
}

const R = 60;
const C = 2 * Math.PI * R;

/** Shares of a whole as a ring; each slice is a dashed stroke of one circle. */
export function DonutChart({ title, data }: DonutChartProps) {
  const total = data.reduce((s, d) => s + d.count, 0);
  const summary =
    total === 0
      ? `${title}: no data.`
      : `${title}, ${formatNumber(total)} in all: ${data
          .map((d) => `${d.label} ${formatNumber(d.count)} (${formatPercent(d.share)})`)
          .join(', ')}.`;
  let offset = 0;
  return (
    <figure className="chart chart--donut">
      <figcaption className="chart__title">{title}</figcaption>
      <div className="chart__donut-row">
        <svg className="chart__donut" viewBox="0 0 160 160" role="img" aria-label={summary}>
          <circle cx={80} cy={80} r={R} fill="none" className="chart__donut-track" strokeWidth={22} />
          {total > 0 &&
            data.map((d, i) => {
              const len = (d.count / total) * C;
              const slice = (
                <circle
                  key={d.label}
                  cx={80}
                  cy={80}
                  r={R}
                  fill="none"
                  stroke={CHART_COLORS[i % CHART_COLORS.length]}
                  strokeWidth={22}
                  strokeDasharray={`${len} ${C - len}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 80 80)"
                >
                  <title>{`${d.label}: ${formatNumber(d.count)} (${formatPercent(d.share)})`}</title>
                </circle>
              );
              offset += len;
              return slice;
            })}
          <text x={80} y={86} textAnchor="middle" className="chart__donut-total">
            {formatNumber(total)}
          </text>
        </svg>
        <ul className="chart__legend chart__legend--column" aria-hidden="true">
          {data.map((d, i) => (
            <li key={d.label}>
              <span className="chart__swatch" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
              {d.label} — {formatNumber(d.count)} ({formatPercent(d.share)})
            </li>
          ))}
        </ul>
      </div>
      <ChartDataTable
        caption={title}
        columns={[
          { key: 'label', label: 'Category' },
          { key: 'count', label: 'Count' },
          { key: 'percent', label: 'Share' },
        ]}
        rows={data.map((d) => ({ label: d.label, count: d.count, percent: formatPercent(d.share) }))}
      />
    </figure>
  );
}
