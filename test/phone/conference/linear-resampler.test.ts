// The frame mixer's resampler (renderer/src/phone/conference/linear-resampler.ts): a microphone at
// another rate than 48 kHz, block by block, continuous across blocks.
import { describe, expect, it } from 'vitest';
import { LinearResampler } from '../../../renderer/src/phone/conference/linear-resampler';

/** `seconds` of a sine at `hz`, sampled at `rate`, cut into blocks of 10 ms. */
function sineBlocks(hz: number, rate: number, seconds: number): Float32Array[] {
  const block = Math.round(rate / 100);
  const blocks: Float32Array[] = [];
  for (let start = 0; start < rate * seconds; start += block) blocks.push(Float32Array.from({ length: block }, (_, i) => Math.sin((2 * Math.PI * hz * (start + i)) / rate)));
  return blocks;
}

const joined = (parts: Float32Array[]): number[] => parts.flatMap((part) => [...part]);

describe('linear resampler', () => {
  it('hands back the same block when the rates are equal', () => {
    const block = new Float32Array([0.1, 0.2]);
    expect(new LinearResampler(48_000, 48_000).process(block)).toBe(block);
  });

  it.each([
    [16_000, 48_000],
    [44_100, 48_000],
    [8_000, 48_000],
  ])('turns %i Hz into %i Hz: as many samples as the time takes, and the same sine, across block edges', (from, to) => {
    const resampler = new LinearResampler(from, to);
    const out = joined(sineBlocks(300, from, 1).map((block) => resampler.process(block)));
    // The last outputs wait for the next block's first sample (interpolation needs both neighbours).
    expect(Math.abs(out.length - to)).toBeLessThanOrEqual(Math.ceil(to / from));
    // Output sample k is the input at time k / to.
    const worst = Math.max(...out.map((v, k) => Math.abs(v - Math.sin((2 * Math.PI * 300 * k) / to))));
    expect(worst).toBeLessThan(0.02);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new LinearResampler(0, 48_000)).toThrow(RangeError);
  });
});
