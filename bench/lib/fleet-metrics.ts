// Figures of one outage in bench/fleet-reconnect, from the times the bench
// recorded (ms): how many events fell in the busiest second (a sliding
// window, not calendar seconds, so no burst hides across a boundary), the
// mean rate, and how long each phone took to register after the server was
// back.
import { percentile, round } from './stats';

/** The most events in any window [t, t + windowMs) inside [from, to). */
export function peakInWindow(times: readonly number[], from: number, to: number, windowMs = 1_000): number {
  const inside = times.filter((t) => t >= from && t < to).sort((a, b) => a - b);
  let peak = 0;
  let first = 0;
  for (let last = 0; last < inside.length; last++) {
    while ((inside[last] ?? 0) - (inside[first] ?? 0) >= windowMs) first++;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

/** Events per second over [from, to). */
export function meanRate(times: readonly number[], from: number, to: number): number {
  const seconds = (to - from) / 1_000;
  if (seconds <= 0) return 0;
  return times.filter((t) => t >= from && t < to).length / seconds;
}

export interface ReturnFigures {
  /** Phones registered again before the deadline. */
  readonly registered: number;
  /** ms from the server back to the phone registered: p50 / p95 / max over all N, null when that rank never registered. */
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
  readonly maxMs: number | null;
  /** Registrations in the busiest second after the server was back. */
  readonly peakPerSecond: number;
}

/** `firstAfter[i]`: when phone i registered first after `backAt` (null: not before the deadline). */
export function returnFigures(firstAfter: readonly (number | null)[], allAfter: readonly number[], backAt: number, endAt: number): ReturnFigures {
  const delays = firstAfter.map((t) => (t === null ? Number.POSITIVE_INFINITY : t - backAt));
  const rank = (p: number): number | null => {
    const v = percentile(delays, p);
    return Number.isFinite(v) ? round(v, 0) : null;
  };
  return {
    registered: firstAfter.filter((t) => t !== null).length,
    p50Ms: rank(50),
    p95Ms: rank(95),
    maxMs: rank(100),
    peakPerSecond: peakInWindow(allAfter, backAt, endAt + 1),
  };
}
