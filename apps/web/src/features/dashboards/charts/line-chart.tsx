import { useId, useState, type MouseEvent } from 'react';
import { ChartDataTable } from './chart-data-table';
import { CHART_COLORS, axisTicks, formatNumber, niceMax, shortDate } from './chart-format';
import { useChartWidth } from './use-chart-width';
import './charts.css';

export interface LineSeries {
  key: string;
  label: string;
  color?: string;
}

export interface LineChartProps {
  title: string;
  data: ({ date: string } & Record<string, number | string>)[];
  series: LineSeries[];
  /** Fills the area under each line. */
  isArea?: boolean;
  height?: number;
}

const PAD = { top: 12, right: 16, bottom: 28, left: 44 };

export function summarizeSeries(title: string, data: LineChartProps['data'], series: LineSeries[]): string {
  if (data.length === 0) return `${title}: no data.`;
  const parts = series.map((s) => {
    const values = data.map((d) => Number(d[s.key] ?? 0));
    const total = values.reduce((a, b) => a + b, 0);
    const peak = Math.max(...values);
    const at = data[values.indexOf(peak)]?.date ?? '';
    return peak > 0
      ? `${s.label} total ${formatNumber(total)}, peak ${formatNumber(peak)} on ${at}`
      : `${s.label} total 0`;
  });
  return `${title}, ${data.length} points from ${data[0]?.date} to ${data[data.length - 1]?.date}: ${parts.join('; ')}.`;
}

/** A line (or area) chart in plain SVG, with axes and a hover tooltip. */
export function LineChart({ title, data, series, isArea = false, height = 220 }: LineChartProps) {
  const { ref, width: W } = useChartWidth<HTMLElement>();
  const gradientId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? CHART_COLORS[i % CHART_COLORS.length]! }));
  const max = niceMax(Math.max(0, ...data.flatMap((d) => colored.map((s) => Number(d[s.key] ?? 0)))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (data.length <= 1 ? innerW / 2 : (i / (data.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = axisTicks(max);
  const xLabels = data.length ? Array.from(new Set([0, Math.floor((data.length - 1) / 2), data.length - 1])) : [];
  const summary = summarizeSeries(title, data, colored);

  const onMove = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const rel = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
    setHover(Math.max(0, Math.min(data.length - 1, Math.round(rel * (data.length - 1)))));
  };
  const point = hover !== null ? data[hover] : undefined;
  const tipX = hover !== null ? Math.min(x(hover) + 8, W - 150) : 0;

  return (
    <figure className="chart" ref={ref}>
      <figcaption className="chart__title">{title}</figcaption>
      <ul className="chart__legend" aria-hidden="true">
        {colored.map((s) => (
          <li key={s.key}>
            <span className="chart__swatch" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <svg className="chart__svg" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={summary}>
        <defs>
          {colored.map((s, i) => (
            <linearGradient key={s.key} id={`${gradientId}-${i}`} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor={s.color} stopOpacity={0.28} />
              <stop offset="100%" stopColor={s.color} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart__tick" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {xLabels.map((i) => (
          <text key={i} className="chart__tick" x={x(i)} y={height - 8} textAnchor="middle">
            {shortDate(data[i]!.date)}
          </text>
        ))}
        {colored.map((s, si) => {
          const pts = data.map((d, i) => `${x(i)},${y(Number(d[s.key] ?? 0))}`);
          if (pts.length === 0) return null;
          return (
            <g key={s.key}>
              {isArea && (
                <polygon
                  fill={`url(#${gradientId}-${si})`}
                  points={`${x(0)},${y(0)} ${pts.join(' ')} ${x(data.length - 1)},${y(0)}`}
                />
              )}
              <polyline fill="none" stroke={s.color} strokeWidth={2} points={pts.join(' ')} />
            </g>
          );
        })}
        {point && hover !== null && (
          <g className="chart__hover" aria-hidden="true">
            <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={PAD.top + innerH} className="chart__cursor" />
            {colored.map((s) => (
              <circle key={s.key} cx={x(hover)} cy={y(Number(point[s.key] ?? 0))} r={3.5} fill={s.color} />
            ))}
            <rect x={tipX} y={PAD.top} width={142} height={20 + colored.length * 16} rx={6} className="chart__tip" />
            <text x={tipX + 8} y={PAD.top + 15} className="chart__tip-text chart__tip-text--strong">
              {point.date}
            </text>
            {colored.map((s, i) => (
              <text key={s.key} x={tipX + 8} y={PAD.top + 31 + i * 16} className="chart__tip-text" fill={s.color}>
                {s.label}: {formatNumber(Number(point[s.key] ?? 0))}
              </text>
            ))}
          </g>
        )}
        <rect
          x={PAD.left}
          y={PAD.top}
          width={innerW}
          height={innerH}
          fill="transparent"
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          data-testid="chart-hover-area"
        />
      </svg>
      <ChartDataTable
        caption={title}
        columns={[{ key: 'date', label: 'Date' }, ...colored.map((s) => ({ key: s.key, label: s.label }))]}
        rows={data}
      />
    </figure>
  );
}
