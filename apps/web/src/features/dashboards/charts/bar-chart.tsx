import { ChartDataTable } from './chart-data-table';
import { CHART_COLORS, axisTicks, formatNumber, niceMax } from './chart-format';
import { useChartWidth } from './use-chart-width';
import './charts.css';

export interface BarChartProps {
  title: string;
  data: { label: string; value: number }[];
  valueLabel?: string;
  height?: number;
}

const PAD = { top: 12, right: 12, bottom: 36, left: 44 };

/** Vertical bars, one per category. */
export function BarChart({ title, data, valueLabel = 'Count', height = 220 }: BarChartProps) {
  const { ref, width: W } = useChartWidth<HTMLElement>();
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const slot = data.length ? innerW / data.length : innerW;
  const barW = Math.max(4, Math.min(56, slot * 0.6));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const summary =
    data.length === 0
      ? `${title}: no data.`
      : `${title}: ${data.map((d) => `${d.label} ${formatNumber(d.value)}`).join(', ')}.`;
  return (
    <figure className="chart" ref={ref}>
      <figcaption className="chart__title">{title}</figcaption>
      <svg className="chart__svg" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={summary}>
        {axisTicks(max).map((t) => (
          <g key={t}>
            <line className="chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart__tick" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={d.label}>
              <rect
                x={cx - barW / 2}
                y={y(d.value)}
                width={barW}
                height={Math.max(0, PAD.top + innerH - y(d.value))}
                rx={3}
                fill={CHART_COLORS[i % CHART_COLORS.length]}
              >
                <title>{`${d.label}: ${formatNumber(d.value)}`}</title>
              </rect>
              <text className="chart__tick" x={cx} y={height - 14} textAnchor="middle">
                {d.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartDataTable
        caption={title}
        columns={[
          { key: 'label', label: 'Category' },
          { key: 'value', label: valueLabel },
        ]}
        rows={data}
      />
    </figure>
  );
}
