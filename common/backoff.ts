/**
 * Exponential backoff with jitter, shared by the outbox (main) and the phone's
 * re-registration (renderer). Pure: the random source is injected so that a
 * schedule can be checked exactly in tests.
 *
 *   attempt:  0      1      2      3   ...   n
 *   ceiling:  first  first·f  first·f²  ...  min(cap, first·fⁿ)
 *   delay:    uniform in [ceiling·(1 − jitter), ceiling]
 *
 * "Equal-ish" jitter (a fraction of the ceiling is randomised) keeps the first
 * retry fast while spreading a crowd of clients that lost the server together.
 */

export interface BackoffPolicy {
  /** Ceiling of the first delay in ms. */
  readonly firstMs: number;
  /** Multiplier per attempt (≥ 1). */
  readonly factor: number;
  /** Largest ceiling in ms. */
  readonly capMs: number;
  /** Fraction of the ceiling that is randomised, 0 (none) … 1 (full jitter). */
  readonly jitter: number;
  /** The first this-many attempts keep the first ceiling before it grows (default 0: it grows at once). */
  readonly holdAttempts?: number;
}

/** A random source returning a number in [0, 1), like Math.random. */
export type RandomSource = () => number;

export function backoffCeiling(policy: BackoffPolicy, attempt: number): number {
  const n = Math.max(0, Math.floor(attempt) - (policy.holdAttempts ?? 0));
  // Past ~60 doublings the product is Infinity; min() makes that the cap.
  return Math.min(policy.capMs, policy.firstMs * Math.pow(Math.max(1, policy.factor), n));
}

/** The delay before retry number `attempt` (0 = the first retry). */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: RandomSource = Math.random): number {
  const ceiling = backoffCeiling(policy, attempt);
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling * (1 - jitter * r));
}

/** The first `count` delays of a policy: handy for logs and tests. */
export function backoffSchedule(policy: BackoffPolicy, count: number, random: RandomSource = Math.random): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, attempt) => backoffDelay(policy, attempt, random));
}

/** Outbox retries: 1 s, 2 s, 4 s … up to 5 min. */
export const OUTBOX_BACKOFF: BackoffPolicy = { firstMs: 1_000, factor: 2, capMs: 300_000, jitter: 0.5 };

/**
 * SIP WebSocket reconnects, tuned for a fast return: every 100–200 ms for the
 * first 50 tries (about 7.5 s, so a server that restarts within that is back
 * in use within ~200 ms: bench/reregister), then doubling from 400 ms to 30 s.
 */
export const SIP_RECONNECT_BACKOFF: BackoffPolicy = { firstMs: 200, factor: 2, capMs: 30_000, jitter: 0.5, holdAttempts: 50 };
