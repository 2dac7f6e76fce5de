// Where a click starts, per audio stream, and how much later it starts in
// another stream: bench/conference's measure of the delay a conference mixer
// adds. Pure: frames in, times out, the clock given by the caller.
//
// A frame reaches a tap (a MediaStreamTrackProcessor read) when its last
// sample is ready, so sample i of an n-sample frame that arrives at `at` was
// ready at at − (n − i) / rate: the onset is timed to the sample, not to the
// frame. That matters because the two mixers cut their output differently
// (the frame mixer in the microphone's 10 ms frames, Web Audio in what its
// destination hands on): timing frames alone would count the cut, not the
// delay.

export interface OnsetOptions {
  /** |sample| above this is sound (the clicks are sent at 0.5; silence between them is digital zero or codec residue). */
  readonly threshold?: number;
  /** At least this much quiet before a sound makes it a new click, ms (the clicks are 40 ms long and 250 ms apart). */
  readonly quietBeforeMs?: number;
}

/** Onsets of one stream, in the order they come. */
export class OnsetDetector {
  readonly onsets: number[] = [];
  /** Quiet samples seen since the last sound; none yet: a stream's first sound may be the middle of a click. */
  private quiet = 0;
  private readonly threshold: number;
  private readonly quietBeforeMs: number;

  constructor(options: OnsetOptions = {}) {
    this.threshold = options.threshold ?? 0.05;
    this.quietBeforeMs = options.quietBeforeMs ?? 100;
  }

  /** One frame's (mono) samples, which arrived at `atMs`. */
  push(atMs: number, sampleRate: number, samples: Float32Array): void {
    const n = samples.length;
    const quietNeeded = (this.quietBeforeMs * sampleRate) / 1_000;
    for (let i = 0; i < n; i++) {
      if (Math.abs(samples[i] ?? 0) <= this.threshold) {
        this.quiet += 1;
        continue;
      }
      if (this.quiet >= quietNeeded) this.onsets.push(atMs - ((n - 1 - i) * 1_000) / sampleRate);
      this.quiet = 0;
    }
  }
}

/**
 * For each onset of the input, the first unused onset of the output from `earliestMs` before it to
 * `latestMs` after it: the delays (ms), one per click found at both ends. An input click with no
 * output click in that window is left out (counted by the caller as missing).
 */
export function pairDelays(inputs: readonly number[], outputs: readonly number[], latestMs = 150, earliestMs = 5): number[] {
  const delays: number[] = [];
  let next = 0;
  for (const at of inputs) {
    while (next < outputs.length && (outputs[next] ?? 0) < at - earliestMs) next += 1;
    const out = outputs[next];
    if (out === undefined) break;
    if (out <= at + latestMs) {
      delays.push(out - at);
      next += 1;
    }
  }
  return delays;
}
