// The reconnect curve: its interval, its count of looks and the inverse, and
// what a floor does on it — the rate in any second, the averages over 20, 60
// and 120 s outages, and how soon 95 % of the floor looks after the server is
// back (a Monte Carlo of 2,000 phones with a seeded random source).
import { describe, expect, it } from 'vitest';
import { curveAttempts, curveInterval, curveTime, firstSlotFrom, slotTime } from '../../common/reconnect-curve';

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every look of `phones` phones over `untilMs`, as main's prober makes them (a phase each, a fresh jitter per look). */
function floorLooks(phones: number, untilMs: number, random: () => number): number[][] {
  return Array.from({ length: phones }, () => {
    const phase = Math.min(0.999_999, random());
    const looks: number[] = [];
    for (let k = firstSlotFrom(0, phase); looks.length < 200; k++) {
      const at = slotTime(k, phase, random);
      if (at > untilMs) break;
      looks.push(at);
    }
    return looks;
  });
}

describe('reconnect curve', () => {
  it('holds 2.6 s for 20 s, grows linearly to 6 s at 36 s and stays there', () => {
    expect(curveInterval(0)).toBe(2_600);
    expect(curveInterval(20_000)).toBe(2_600);
    expect(curveInterval(28_000)).toBeCloseTo(4_300);
    expect(curveInterval(36_000)).toBe(6_000);
    expect(curveInterval(600_000)).toBe(6_000);
  });

  it('counts looks as the integral of 1/interval, and curveTime inverts it', () => {
    expect(curveAttempts(2_600)).toBeCloseTo(1);
    expect(curveAttempts(20_000)).toBeCloseTo(20_000 / 2_600);
    for (const t of [0, 1_000, 19_999, 25_000, 36_000, 60_000, 120_000]) expect(curveTime(curveAttempts(t))).toBeCloseTo(t, 6);
    expect(curveAttempts(66_000) - curveAttempts(60_000)).toBeCloseTo(1);
  });

  it('a floor of 2,000 makes at most 0.5 N looks in any second, and on average 0.385 / 0.26 / 0.21 per phone per s over 20 / 60 / 120 s', () => {
    const looks = floorLooks(2_000, 120_000, seeded(23));
    const all = looks.flat().sort((a, b) => a - b);
    let peak = 0;
    for (let first = 0, last = 0; last < all.length; last++) {
      while ((all[last] ?? 0) - (all[first] ?? 0) >= 1_000) first++;
      peak = Math.max(peak, last - first + 1);
    }
    expect(peak).toBeLessThanOrEqual(1_000);
    expect(peak).toBeGreaterThan(700); // ~0.385 N plus chance: the bound is not loose by design
    const rate = (untilMs: number): number => all.filter((t) => t < untilMs).length / 2_000 / (untilMs / 1_000);
    expect(rate(20_000)).toBeCloseTo(0.385, 1);
    expect(rate(60_000)).toBeCloseTo(0.26, 1);
    expect(rate(120_000)).toBeCloseTo(0.214, 1);
    // No look at the instant of the loss: the first is anywhere in the first interval.
    expect(all.filter((t) => t < 100).length).toBeLessThan(2_000 * 0.1);
  });

  it('95 % of the floor looks within 3 s after a 20 s outage and within 6 s after 60 and 120 s ones', () => {
    const looks = floorLooks(2_000, 130_000, seeded(7));
    const p95 = (backAt: number): number => {
      const waits = looks.map((own) => (own.find((t) => t >= backAt) ?? Number.POSITIVE_INFINITY) - backAt).sort((a, b) => a - b);
      return waits[Math.ceil(0.95 * waits.length) - 1] ?? Number.POSITIVE_INFINITY;
    };
    expect(p95(20_000)).toBeLessThanOrEqual(2_900);
    expect(p95(60_000)).toBeLessThanOrEqual(5_900);
    expect(p95(120_000)).toBeLessThanOrEqual(5_900);
    expect(p95(5_000)).toBeGreaterThan(2_000); // the price of no more than half the floor in a second
  });

  it('every look is moved by a fresh jitter of at most ± 10 % of a slot', () => {
    const nominal = curveTime(0.5 + 3);
    expect(slotTime(3, 0.5, () => 0)).toBe(Math.round(curveTime(3.4)));
    expect(slotTime(3, 0.5, () => 0.5)).toBe(Math.round(nominal));
    expect(slotTime(3, 0.5, () => 1)).toBe(Math.round(curveTime(3.6)));
  });
});
