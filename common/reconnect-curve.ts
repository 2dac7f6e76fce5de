/**
 * When a phone looks for its SIP server while it is away: the one schedule
 * for main's probes (main/services/connectivity/reachability-prober.ts) and
 * for the page's own tries when no main can probe (reconnector.ts). Pure.
 *
 *   interval between looks
 *   maxIntervalMs ┤                        ┌────────────
 *      (6 s)      │                      ╱
 *   intervalMs    ┼─────────────────────╯
 *      (2.6 s)    0                 holdMs  maxFromMs        time since the connection was lost
 *                                   (20 s)   (36 s)
 *
 * A(t) = ∫₀ᵗ dt / interval(t) is how many looks a phone has made by t. Each
 * phone draws a phase u ∈ [0, 1) once per outage and makes look k when
 * A(t) = u + k + δ (δ uniform in ±slotJitter, drawn per look). So:
 * - a floor that lost the server in the same instant looks at a rate of
 *   N / interval(t) at any moment (≤ 0.39 N per second, never N at once: the
 *   first look is anywhere in the first interval, not at t = 0);
 * - when the server returns at T, the phones find it spread evenly over the
 *   next interval(T): that interval IS the return's spread, and it grows with
 *   the outage, the only measure of the floor's size a phone has;
 * - p95 of the wait for the next look ≈ 0.95 × interval(T) + jitter.
 * Why these numbers (docs/ASSUMPTIONS.md, "A floor of phones", issue 23):
 * 2.6 s keeps the return after outages up to 20 s (a PBX restart) under 3 s at
 * p95 and the busiest second under 0.4 N; 6 s keeps it under 6 s after long
 * ones. Between 20 and 36 s the interval grows linearly. Average looks per
 * phone per second: 0.385 over 20 s, 0.26 over 60 s, 0.21 over 120 s: the
 * issue's 0.2 for 60 s cannot be met together with its two return targets by
 * any schedule whose interval never shrinks, and the return targets won.
 */

export interface ReconnectCurve {
  /** Interval between looks at the start of an outage. */
  readonly intervalMs: number;
  /** The first interval holds this long after the connection was lost. */
  readonly holdMs: number;
  /** The largest interval, reached at `maxFromMs` (linear growth from `holdMs`). */
  readonly maxIntervalMs: number;
  readonly maxFromMs: number;
  /** Each look moves by up to ± this fraction of an interval, drawn per look. */
  readonly slotJitter: number;
}

export const RECONNECT_CURVE: ReconnectCurve = { intervalMs: 2_600, holdMs: 20_000, maxIntervalMs: 6_000, maxFromMs: 36_000, slotJitter: 0.1 };

/** The interval between looks at `tMs` into an outage. */
export function curveInterval(tMs: number, c: ReconnectCurve = RECONNECT_CURVE): number {
  const t = Math.max(0, tMs);
  if (t <= c.holdMs) return c.intervalMs;
  if (t >= c.maxFromMs || c.maxFromMs <= c.holdMs) return c.maxIntervalMs;
  return c.intervalMs + ((c.maxIntervalMs - c.intervalMs) * (t - c.holdMs)) / (c.maxFromMs - c.holdMs);
}

function slope(c: ReconnectCurve): number {
  return c.maxFromMs > c.holdMs ? (c.maxIntervalMs - c.intervalMs) / (c.maxFromMs - c.holdMs) : 0;
}

/** Looks made by `tMs` into an outage: A(t). */
export function curveAttempts(tMs: number, c: ReconnectCurve = RECONNECT_CURVE): number {
  const t = Math.max(0, tMs);
  const a0 = c.holdMs / c.intervalMs;
  if (t <= c.holdMs) return t / c.intervalMs;
  const s = slope(c);
  const a1 = s > 0 ? a0 + Math.log(c.maxIntervalMs / c.intervalMs) / s : a0;
  if (t >= c.maxFromMs || s <= 0) return a1 + (t - Math.max(c.holdMs, c.maxFromMs)) / c.maxIntervalMs;
  return a0 + Math.log(curveInterval(t, c) / c.intervalMs) / s;
}

/** When A(t) reaches `attempts`: the inverse of curveAttempts. */
export function curveTime(attempts: number, c: ReconnectCurve = RECONNECT_CURVE): number {
  const a = Math.max(0, attempts);
  const a0 = c.holdMs / c.intervalMs;
  if (a <= a0) return a * c.intervalMs;
  const s = slope(c);
  const a1 = s > 0 ? a0 + Math.log(c.maxIntervalMs / c.intervalMs) / s : a0;
  if (a >= a1 || s <= 0) return Math.max(c.holdMs, c.maxFromMs) + (a - a1) * c.maxIntervalMs;
  return c.holdMs + (c.intervalMs * Math.exp(s * (a - a0)) - c.intervalMs) / s;
}

/** The first look index whose nominal time is not before `tMs` for this phase. */
export function firstSlotFrom(tMs: number, phase: number, c: ReconnectCurve = RECONNECT_CURVE): number {
  return Math.max(0, Math.ceil(curveAttempts(tMs, c) - phase - 1e-9));
}

/** When look `k` happens (ms into the outage), its jitter drawn from `random`. */
export function slotTime(k: number, phase: number, random: () => number, c: ReconnectCurve = RECONNECT_CURVE): number {
  const jitter = (2 * Math.min(1, Math.max(0, random())) - 1) * c.slotJitter;
  return Math.round(curveTime(Math.max(0, phase + k + jitter), c));
}
