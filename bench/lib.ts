/** Small helpers shared by the benchmark scenarios: bounded concurrency and latency percentiles. */

export interface Sample {
  latenciesMs: number[];
  wallMs: number;
}

/** Runs `count` operations with at most `concurrency` in flight; returns each latency and the wall time. */
export async function runPool(count: number, concurrency: number, op: (i: number) => Promise<void>): Promise<Sample> {
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await op(i);
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latenciesMs, wallMs: performance.now() - started };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function summarise(name: string, s: Sample) {
  return {
    scenario: name,
    operations: s.latenciesMs.length,
    perSecond: Number(((s.latenciesMs.length / s.wallMs) * 1000).toFixed(1)),
    p50Ms: Number(percentile(s.latenciesMs, 50).toFixed(2)),
    p95Ms: Number(percentile(s.latenciesMs, 95).toFixed(2)),
    p99Ms: Number(percentile(s.latenciesMs, 99).toFixed(2)),
  };
}
