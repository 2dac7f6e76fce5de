// What the customer heard, kept for a listen: the last seconds in order, and a WAV any player reads.
import { describe, expect, it } from 'vitest';
import { RecentAudio, wavOf } from '../../simulator/media/recent-audio';
import { readWav } from '../interop/media/wav';

const ramp = (from: number, count: number): Int16Array => Int16Array.from({ length: count }, (_, i) => from + i);

describe('recent audio of a leg', () => {
  it('holds nothing before the first packet', () => {
    expect(new RecentAudio(8).read()).toEqual(new Int16Array(0));
  });

  it('keeps what came, in order, until it is full', () => {
    const recent = new RecentAudio(8);
    recent.add(ramp(1, 3));
    recent.add(ramp(4, 2));
    expect([...recent.read()]).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps only the newest samples once it has wrapped, oldest first', () => {
    const recent = new RecentAudio(8);
    for (let start = 1; start <= 19; start += 3) recent.add(ramp(start, 3)); // 1..21
    expect([...recent.read()]).toEqual([14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('takes a packet longer than itself', () => {
    const recent = new RecentAudio(4);
    recent.add(ramp(1, 10));
    expect([...recent.read()]).toEqual([7, 8, 9, 10]);
  });

  it('writes a WAV the test reader reads back sample for sample', () => {
    const samples = Int16Array.from([0, 16_384, -16_384, 32_767, -32_768]);
    const wav = readWav(wavOf(samples, 8_000));
    expect(wav.sampleRate).toBe(8_000);
    expect(Array.from(wav.samples, (s) => Math.round(s * 32_768))).toEqual([0, 16_384, -16_384, 32_767, -32_768]);
  });
});
