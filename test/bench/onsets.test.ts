// bench/conference's click timing: an onset is timed to its sample, whatever frame carries it, and
// each input click is paired with the output click that follows it.
import { describe, expect, it } from 'vitest';
import { OnsetDetector, pairDelays } from '../../bench/lib/onsets';

const RATE = 48_000;
/** 10 ms frames of a signal that is 0.5 from `clickAt` (a sample index) for 40 ms every 250 ms. */
function frames(clickAt: number, count: number, frameSize = 480): { at: number; samples: Float32Array }[] {
  const out: { at: number; samples: Float32Array }[] = [];
  for (let f = 0; f < count; f++) {
    const samples = new Float32Array(frameSize);
    for (let i = 0; i < frameSize; i++) {
      const t = f * frameSize + i - clickAt;
      samples[i] = t >= 0 && t % 12_000 < 1_920 ? 0.5 : 0;
    }
    // Each frame arrives when its last sample is ready.
    out.push({ at: ((f + 1) * frameSize * 1_000) / RATE, samples });
  }
  return out;
}

describe('OnsetDetector', () => {
  it('times each click to its first loud sample, with 10 ms and 128-sample frames alike', () => {
    for (const size of [480, 128]) {
      const detector = new OnsetDetector();
      for (const frame of frames(6_000, Math.ceil(60_000 / size), size)) detector.push(frame.at, RATE, frame.samples);
      // Sample 6000 is ready at (6000 + 1) / 48 ms; the clicks repeat every 250 ms.
      expect(detector.onsets.map((t) => Math.round(t * 100) / 100)).toEqual([125.02, 375.02, 625.02, 875.02, 1125.02]);
    }
  });

  it('does not count the middle of a click it joined, nor a click with too little quiet before it', () => {
    const detector = new OnsetDetector({ quietBeforeMs: 300 });
    for (const frame of frames(0, 100)) detector.push(frame.at, RATE, frame.samples);
    expect(detector.onsets).toEqual([]);
  });
});

describe('pairDelays', () => {
  it('pairs each input click with the next output click, skipping those lost on either side', () => {
    expect(pairDelays([100, 350, 600, 850], [112, 361, 862])).toEqual([12, 11, 12]);
    expect(pairDelays([100, 350], [98, 600])).toEqual([-2]);
    expect(pairDelays([100], [400])).toEqual([]);
  });
});
