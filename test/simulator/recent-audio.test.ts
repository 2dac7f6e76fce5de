// What the customer heard, kept for a listen: the last seconds in order, and a WAV any player reads.
import { describe, expect, it } from 'vitest';
import { JITTER_BUFFER_MS, RecentAudio, wavOf } from '../../simulator/media/recent-audio';
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

  it('plays a time without packets as silence, as a jitter buffer would, and absorbs lateness within its depth', () => {
    const recent = new RecentAudio(8_000);
    const frame = (): Int16Array => new Int16Array(160).fill(1_000); // 20 ms at 8 kHz
    recent.add(frame(), 0);
    recent.add(frame(), 20 + JITTER_BUFFER_MS - 1); // late, but within the buffer's depth: no silence
    recent.add(frame(), 40 + JITTER_BUFFER_MS + 300); // the sender stopped for 300 ms and more
    recent.add(frame(), 41 + JITTER_BUFFER_MS + 300); // bunched after the gap: no silence either
    const heard = [...recent.read()];
    const silent = heard.filter((sample) => sample === 0).length;
    expect(heard.length).toBe(4 * 160 + silent);
    expect(silent / 8).toBeGreaterThanOrEqual(300);
    expect(silent / 8).toBeLessThanOrEqual(300 + 2 * JITTER_BUFFER_MS);
    expect(heard.slice(0, 320).every((sample) => sample === 1_000)).toBe(true);
  });

  it('takes packets given without a time as back to back', () => {
    const recent = new RecentAudio(8);
    recent.add(ramp(1, 3));
    recent.add(ramp(4, 3));
    expect([...recent.read()]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes a WAV the test reader reads back sample for sample', () => {
    const samples = Int16Array.from([0, 16_384, -16_384, 32_767, -32_768]);
    const wav = readWav(wavOf(samples, 8_000));
    expect(wav.sampleRate).toBe(8_000);
    expect(Array.from(wav.samples, (s) => Math.round(s * 32_768))).toEqual([0, 16_384, -16_384, 32_767, -32_768]);
  });
});
