// The phone's reconnect schedule holds its fast first step through a short
// outage (bench/reregister's p95 target), then backs off to the cap.
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffSchedule, SIP_RECONNECT_BACKOFF, type BackoffPolicy } from '../../../common/backoff';

describe('SIP reconnect schedule', () => {
  it('keeps retrying every 100–200 ms for the first 50 tries, then doubles to 30 s', () => {
    const ceilings = Array.from({ length: 60 }, (_, n) => backoffCeiling(SIP_RECONNECT_BACKOFF, n));
    expect(ceilings.slice(0, 51).every((c) => c === 200)).toBe(true);
    expect(ceilings.slice(51, 55)).toEqual([400, 800, 1600, 3200]);
    expect(backoffCeiling(SIP_RECONNECT_BACKOFF, 500)).toBe(30_000);
    const fast = backoffSchedule(SIP_RECONNECT_BACKOFF, 50, () => 0.999);
    expect(Math.min(...fast)).toBeGreaterThanOrEqual(100);
    expect(fast.reduce((a, b) => a + b, 0)).toBeLessThan(10_000);
  });

  it('a policy without holdAttempts grows from the first retry, as before', () => {
    const policy: BackoffPolicy = { firstMs: 100, factor: 2, capMs: 1_000, jitter: 0 };
    expect([0, 1, 2, 3, 4].map((n) => backoffCeiling(policy, n))).toEqual([100, 200, 400, 800, 1000]);
  });
});
