// Small statistics for benchmark results.

/** Nearest-rank percentile of the values (0 < p ≤ 100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Distribution {
  readonly count: number;
  readonly min: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export function distribution(values: readonly number[]): Distribution {
  const count = values.length;
  const mean = count === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / count;
  return {
    count,
    min: count === 0 ? Number.NaN : Math.min(...values),
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: count === 0 ? Number.NaN : Math.max(...values),
    mean,
  };
}

export const MIB = 1024 * 1024;

export function toMiB(bytes: number, digits = 1): number {
  return Number((bytes / MIB).toFixed(digits));
}

export function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}

/** The run with the median `seconds` (the lower middle of an even count), with the fastest and slowest beside it. */
export function medianBySeconds<R extends { readonly seconds: number }>(runs: readonly R[]): { median: R; minSeconds: number; maxSeconds: number } {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (median === undefined) throw new Error('no run to take the median of');
  return { median, minSeconds: sorted[0]?.seconds ?? median.seconds, maxSeconds: sorted.at(-1)?.seconds ?? median.seconds };
}
