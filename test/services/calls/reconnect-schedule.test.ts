// The phone's page-side retry schedule (after its quick tries, when main
// cannot probe the server): 1 s doubling to 30 s, jittered, so a page that
// keeps failing stays under Chromium's WebSocket throttle.
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffSchedule, SIP_RECONNECT_BACKOFF, type BackoffPolicy } from '../../../common/backoff';

describe('SIP reconnect schedule', () => {
  it('doubles from 1 s to 30 s with up to half of each wait random', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 500].map((n) => backoffCeiling(SIP_RECONNECT_BACKOFF, n))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    const early = backoffSchedule(SIP_RECONNECT_BACKOFF, 1, () => 0.999)[0]!;
    expect(early).toBeGreaterThanOrEqual(500);
    expect(early).toBeLessThanOrEqual(1_000);
  });

  it('a policy grows from the first retry', () => {
    const policy: BackoffPolicy = { firstMs: 100, factor: 2, capMs: 1_000, jitter: 0 };
    expect([0, 1, 2, 3, 4].map((n) => backoffCeiling(policy, n))).toEqual([100, 200, 400, 800, 1000]);
  });
});
