/**
 * When to send a REGISTER again after the registrar refused one with
 * something other than 401/403 (those are the credentials: no retry). Pure.
 *
 *   refused ─ Retry-After: s ──▶ wait s … s + max(2 s, s/2)     (s capped at 300 s)
 *           └ none ───────────▶ wait 2.5–5 s, 5–10 s, … up to 30–60 s (doubling, half jittered)
 *
 * A registrar that sheds load (Kamailio's ratelimit or pike, Asterisk's
 * taskprocessor overload) answers 503 with Retry-After to the whole floor in
 * the same second; honoured exactly, the floor would come back in the same
 * second again. So the wait never goes under what the server asked and is
 * spread over at least 2 s beyond it (no second holds more than about half
 * of those told to wait), and every retry without a Retry-After is random
 * and grows: the answer is the only measure of the floor a phone gets.
 * The cap keeps a misconfigured "Retry-After: 86400" from keeping an agent
 * off for a day; 5 minutes is as long as an agent would wait on an outage.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../../../common/backoff';

/** Retries without a Retry-After: 5 s doubling to 60 s ceilings, the lower half of each drawn at random. */
export const REFUSED_RETRY: BackoffPolicy = { firstMs: 5_000, factor: 2, capMs: 60_000, jitter: 0.5 };
/** The longest Retry-After honoured, in seconds. */
export const RETRY_AFTER_CAP_S = 300;
/** The spread beyond a Retry-After: at least this, or half the Retry-After when longer. */
export const RETRY_AFTER_SPREAD_MIN_MS = 2_000;

/** The delta-seconds of a Retry-After header value (RFC 3261 20.33: `120 (in a meeting);duration=60`); undefined when absent or not a number. */
export function parseRetryAfter(value: string | undefined): number | undefined {
  const match = /^\s*(\d{1,10})\b/.exec(value ?? '');
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The wait before the next REGISTER after `refusalsInARow` refusals (1 = the first), the last one carrying `retryAfter`. */
export function refusedRetryDelay(retryAfter: string | undefined, refusalsInARow: number, random: RandomSource = Math.random): number {
  const seconds = parseRetryAfter(retryAfter);
  const r = Math.min(1, Math.max(0, random()));
  if (seconds !== undefined) {
    const base = Math.min(seconds, RETRY_AFTER_CAP_S) * 1_000;
    return Math.round(base + r * Math.max(RETRY_AFTER_SPREAD_MIN_MS, base / 2));
  }
  return backoffDelay(REFUSED_RETRY, Math.max(0, refusalsInARow - 1), () => r);
}
