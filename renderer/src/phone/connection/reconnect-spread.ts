/**
 * How long a phone waits, after main's probe found the SIP server back,
 * before it opens its WebSocket: nothing after a blip, a random wait of up to
 * `capMs` after an outage as long as a PBX restart. Pure.
 *
 *   ceiling
 *   capMs ┤                ┌──────────────────
 *         │               ╱
 *       0 ┼──────────────╯
 *         0           quietUpToMs   fullFromMs          outage (ms)
 *
 *   wait = uniform in [0, ceiling(outage)]
 *
 * Why the ceiling grows with the outage: a phone cannot see how many others
 * lost the server with it. A blip of a few seconds is one agent's network or
 * a switch port, and an agent waiting for it wants no extra wait (single-agent
 * target: registered p95 ≤ 1 s after 0.3–3 s). An outage past ~5 s is what a
 * PBX restart looks like, and then the whole floor comes back at once: spread
 * over 2.5 s, no second of the return takes more than about 45 % of the floor
 * (target: ≤ half), and 95 % are registered within ~2.7 s (target: ≤ 3 s).
 * The figures and the reasoning: docs/ASSUMPTIONS.md, "A floor of phones".
 */
import type { RandomSource } from '../../../../common/backoff';

export interface ReturnSpread {
  /** Outages up to this long get no wait. */
  readonly quietUpToMs: number;
  /** Outages from this long get the whole `capMs`; in between the ceiling grows linearly. */
  readonly fullFromMs: number;
  /** The largest ceiling. */
  readonly capMs: number;
}

export const RETURN_SPREAD: ReturnSpread = { quietUpToMs: 3_000, fullFromMs: 4_500, capMs: 2_500 };

/** The ceiling of the wait after an outage of `outageMs`. */
export function returnSpreadCeiling(outageMs: number, spread: ReturnSpread = RETURN_SPREAD): number {
  if (!(outageMs > spread.quietUpToMs)) return 0;
  if (outageMs >= spread.fullFromMs || spread.fullFromMs <= spread.quietUpToMs) return spread.capMs;
  return (spread.capMs * (outageMs - spread.quietUpToMs)) / (spread.fullFromMs - spread.quietUpToMs);
}

/** The wait itself: uniform in [0, ceiling], whole milliseconds. */
export function returnSpreadDelay(outageMs: number, random: RandomSource = Math.random, spread: ReturnSpread = RETURN_SPREAD): number {
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(returnSpreadCeiling(outageMs, spread) * r);
}
