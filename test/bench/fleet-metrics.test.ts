// The figures bench/fleet-reconnect prints: the busiest one-second window
// slides (a burst across a second boundary is not split), and phones that
// never came back make the ranks they hold "never" (null), not a number.
import { describe, expect, it } from 'vitest';
import { meanRate, peakInWindow, returnFigures } from '../../bench/lib/fleet-metrics';

describe('fleet-reconnect figures', () => {
  it('finds the busiest 1 s window wherever it starts, inside [from, to) only', () => {
    const times = [900, 1_100, 1_200, 1_800, 1_850, 3_000];
    expect(peakInWindow(times, 0, 10_000)).toBe(5);
    expect(peakInWindow(times, 1_000, 10_000)).toBe(4);
    expect(peakInWindow(times, 0, 1_800)).toBe(3);
    expect(peakInWindow([], 0, 1_000)).toBe(0);
    expect(meanRate(times, 0, 2_000)).toBe(2.5);
  });

  it('ranks the return times and says never for the phones that did not come back', () => {
    const back = 10_000;
    const some = returnFigures([10_500, 11_000, null, 12_000], [10_500, 11_000, 12_000], back, 20_000);
    expect(some).toMatchObject({ registered: 3, p50Ms: 1_000, p95Ms: null, maxMs: null, peakPerSecond: 2 });
    expect(returnFigures([10_100, 10_300], [10_100, 10_300], back, 11_000)).toMatchObject({ p50Ms: 100, p95Ms: 300, maxMs: 300 });
  });
});
