// Timings of call benches by path and step, in the order first seen: each
// row gives how many were measured, how many could not be (NaN: the step
// never came), p50 / p95, the first (a page's first call is slower) and max.
import type { Cell } from './report';
import { percentile, round } from './stats';

export class StepSamples {
  private readonly byKey = new Map<string, { path: string; step: string; values: number[] }>();

  add(path: string, step: string, ms: number): void {
    const key = `${path}\u0000${step}`;
    const entry = this.byKey.get(key) ?? { path, step, values: [] };
    entry.values.push(ms);
    this.byKey.set(key, entry);
  }

  values(path: string, step: string): number[] {
    return (this.byKey.get(`${path}\u0000${step}`)?.values ?? []).filter((v) => Number.isFinite(v));
  }

  rows(): Record<string, Cell>[] {
    return [...this.byKey.values()].map(({ path, step, values }) => {
      const measured = values.filter((v) => Number.isFinite(v));
      return {
        path, step, measured: measured.length, missing: values.length - measured.length,
        p50ms: round(percentile(measured, 50), 1), p95ms: round(percentile(measured, 95), 1),
        firstMs: round(values[0] ?? Number.NaN, 1), maxMs: round(measured.length ? Math.max(...measured) : Number.NaN, 1),
      };
    });
  }

  /** One step's p50 and p95 read against another's (the baseline), and how many times longer the p50 is. */
  compare(path: string, step: string, baselinePath: string, baselineStep: string): Record<string, number> {
    const [measured, baseline] = [this.values(path, step), this.values(baselinePath, baselineStep)];
    const p50 = percentile(measured, 50);
    const baselineP50 = percentile(baseline, 50);
    return {
      p50: round(p50, 1), p95: round(percentile(measured, 95), 1),
      baselineP50: round(baselineP50, 1), baselineP95: round(percentile(baseline, 95), 1),
      addedP50: round(p50 - baselineP50, 1), ratio: round(p50 / baselineP50, 2),
    };
  }
}
