import { describe, expect, it } from 'vitest';
import { estimateDelay, estimateDelayOverTime, levelsOnGrid, type LevelReading } from '../../renderer/src/check/delay-estimate';

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

  it('is the peak of the match, not the first lag nearly as good (a smoothed beep matches over several lags)', () => {
    const wide = (offset: number): number[] => Array.from({ length: 500 }, (_, i) => ((i - offset + 2_600) % 26 < 8 ? 0.4 : 0));
    expect(estimateDelay(wide(0), wide(10), 20).delayMs).toBe(200);
  });

  it('says nothing when the microphone was silent or nothing like it came back', () => {
    expect(estimateDelay(new Array(500).fill(0), beeps(500, 5), 20).delayMs).toBeNull();
    const noise = Array.from({ length: 500 }, (_, i) => ((i * 7919) % 13) / 100);
    expect(estimateDelay(beeps(500, 0), noise, 20).delayMs).toBeNull();
  });
});

describe('level readings placed by when they were taken', () => {
  /** A 40 ms beep every 500 ms, read at `times`, heard back `delayMs` later. */
  const readingsAt = (times: readonly number[], delayMs: number): LevelReading[] => {
    const beep = (t: number): number => (t >= 0 && t % 500 < 40 ? 0.4 : 0);
    return times.map((atMs) => ({ atMs, sent: beep(atMs), heard: beep(atMs - delayMs) }));
  };

  it('keeps the delay when the page\'s timer slows to every 40 ms for half the test (counted in readings it would not)', () => {
    const times: number[] = [];
    for (let t = 0; t < 10_000; t += t < 5_000 ? 20 : 40) times.push(t);
    const readings = readingsAt(times, 200);
    const { sent, heard } = levelsOnGrid(readings, 20);
    const onGrid = estimateDelay(sent, heard, 20);
    expect(onGrid.delayMs).toBeGreaterThanOrEqual(180);
    expect(onGrid.delayMs).toBeLessThanOrEqual(220);
    // The same readings taken as one every 20 ms: the second half's delay counts as 100 ms.
    const byCount = estimateDelay(readings.map((r) => r.sent), readings.map((r) => r.heard), 20);
    expect(byCount.confidence).toBeLessThan(onGrid.confidence);
  });

  it('draws a cell no timer fired in between its neighbours, and keeps the loudest of two readings in one cell', () => {
    const grid = levelsOnGrid([{ atMs: 0, sent: 0, heard: 1 }, { atMs: 60, sent: 0.3, heard: 0 }, { atMs: 65, sent: 0.6, heard: 0.2 }], 20);
    expect(grid.sent.map((v) => Math.round(v * 100) / 100)).toEqual([0, 0.2, 0.4, 0.6]);
    expect(grid.heard.map((v) => Math.round(v * 100) / 100)).toEqual([1, 0.73, 0.47, 0.2]);
    expect(levelsOnGrid([], 20)).toEqual({ sent: [], heard: [] });
  });
});

describe('the delay heard when it changes during the test', () => {
  /** A 40 ms beep every 500 ms, sampled every 20 ms, heard `before` ms later until `atMs`, then `after` ms later. */
  const levels = (before: number, after: number, atMs: number): { sent: number[]; heard: number[] } => {
    const beep = (t: number): number => (t >= 0 && t % 500 < 40 ? 0.4 : 0);
    const times = Array.from({ length: 500 }, (_, i) => i * 20);
    return { sent: times.map(beep), heard: times.map((t) => beep(t - (t < atMs ? before : after))) };
  };

  it('is what was heard most of the test when a jitter buffer grew its delay halfway (one lag for the whole test matches too weakly)', () => {
    const { sent, heard } = levels(100, 360, 4_000);
    const whole = estimateDelay(sent, heard, 20);
    const overTime = estimateDelayOverTime(sent, heard, 20);
    console.log(`delay changing from 100 to 360 ms at 4 s: one lag ${JSON.stringify(whole)}, over time ${JSON.stringify(overTime)}`);
    expect(overTime.delayMs).toBe(360);
    expect(overTime.confidence).toBeGreaterThan(whole.confidence);
    expect(overTime.confidence).toBeGreaterThan(0.8);
  });

  it('is the same as one estimate when the delay holds, and none when nothing like the beeps came back', () => {
    const steady = levels(200, 200, 0);
    expect(estimateDelayOverTime(steady.sent, steady.heard, 20).delayMs).toBe(200);
    expect(estimateDelayOverTime(steady.sent, new Array<number>(500).fill(0), 20).delayMs).toBeNull();
  });
});
