/** Short axis label for a bucket: "Mar 3" for days, "14:00" for hours. */
export function shortDate(label: string): string {
  if (label.includes('T')) return label.slice(11, 16);
  const d = new Date(`${label}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return label;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function formatPercent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** A round-ish top for the y axis so ticks read well. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Axis ticks at 0, half and the top; on a whole-number axis a fractional half (0.5 of a count) is left out. */
export function axisTicks(max: number): number[] {
  const half = max / 2;
  return Number.isInteger(max) && !Number.isInteger(half) ? [0, max] : [0, half, max];
}

export const CHART_COLORS = ['#6d28d9', '#0e7490', '#c2410c', '#15803d', '#be185d', '#4338ca', '#a16207', '#475569'];
