import { describe, expect, it } from 'vitest';
import { estimateDelay } from '../../renderer/src/check/delay-estimate';

/** A beep every 26 samples (20 ms each), as Chromium's fake microphone gives, and the page's level samples. */
const beeps = (n: number, offset: number, jitter: (i: number) => number = () => 0): number[] =>
  Array.from({ length: n }, (_, i) => {
    const phase = (i - offset + jitter(i) + 26 * 100) % 26;
    return phase === 0 ? 0.4 : phase === 1 ? 0.3 : phase === 2 ? 0.05 : 0;
  });

describe('the round-trip delay heard on the echo test', () => {
  it('is the lag between what the microphone sent and what came back, despite a sample of timer jitter', () => {
    const sent = beeps(500, 3);
    const heard = beeps(500, 13, (i) => (i % 3 === 0 ? 1 : i % 5 === 0 ? -1 : 0));
    const estimate = estimateDelay(sent, heard, 20);
    // Within one sample (20 ms) of the 200 ms it was sent with: the timers' resolution.
    expect(estimate.delayMs).toBeGreaterThanOrEqual(180);
    expect(estimate.delayMs).toBeLessThanOrEqual(220);
    expect(estimate.confidence).toBeGreaterThan(0.5);
  });

  it('takes the first match of a periodic sound, not the same beep a period later', () => {
    // Beeps every 520 ms, heard 220 ms later: 740 ms matches as well (one period on).
    const estimate = estimateDelay(beeps(500, 0), beeps(500, 11, (i) => (i % 4 === 0 ? 1 : 0)), 20);
    expect(estimate.delayMs).toBeGreaterThanOrEqual(200);
    expect(estimate.delayMs).toBeLessThanOrEqual(240);
  });

  it('says nothing when the microphone was silent or nothing like it came back', () => {
    expect(estimateDelay(new Array(500).fill(0), beeps(500, 5), 20).delayMs).toBeNull();
    const noise = Array.from({ length: 500 }, (_, i) => ((i * 7919) % 13) / 100);
    expect(estimateDelay(beeps(500, 0), noise, 20).delayMs).toBeNull();
  });
});
