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
}

/** A random source returning a number in [0, 1), like Math.random. */
export type RandomSource = () => number;

export function backoffCeiling(policy: BackoffPolicy, attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
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
 * SIP WebSocket reconnects once the phone's quick tries failed: the wait
 * between the page's own tries when main cannot probe the server, and the
 * pause after a try that failed although main's probe said the server was
 * back (renderer/src/phone/reconnector.ts). 1 s doubling to 30 s: a page
 * that keeps failing is throttled by Chromium, so fewer tries come back sooner.
 */
export const SIP_RECONNECT_BACKOFF: BackoffPolicy = { firstMs: 1_000, factor: 2, capMs: 30_000, jitter: 0.5 };
