/**
 * Mono audio from one sample rate to another, block after block, by linear
 * interpolation between neighbouring samples. Pure.
 *
 * The frame mixer (frame-mix.ts) mixes at 48 kHz, the rate WebRTC's audio runs
 * at inside Chromium; its tracks arrive at 48 kHz on every machine measured,
 * but a headset's microphone may capture at 16 or 44.1 kHz. Linear
 * interpolation is enough for that: what leaves is a telephone call (G.711 at
 * 8 kHz, or Opus' voice band), so the images it leaves above the source's
 * band are cut by the encoder's own low-pass. It has no anti-alias filter for
 * going down, which only a capture above 48 kHz would need.
 */
export class LinearResampler {
  /** Where the next output sample falls, in input samples from the start of the next block (-1 = the last sample of the previous one). */
  private next = 0;
  private last = 0;
  private readonly step: number;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError(`Sample rates must be positive: ${fromRate} → ${toRate}.`);
    this.step = fromRate / toRate;
  }

  process(input: Float32Array): Float32Array {
    if (this.fromRate === this.toRate) return input;
    const length = input.length;
    if (length === 0) return new Float32Array(0);
    const out: number[] = [];
    let at = this.next;
    while (at <= length - 1) {
      const index = Math.floor(at);
      const fraction = at - index;
      const before = index < 0 ? this.last : (input[index] ?? 0);
      const after = input[index + 1] ?? before;
      out.push(before + (after - before) * fraction);
      at += this.step;
    }
    this.next = at - length;
    this.last = input[length - 1] ?? 0;
    return Float32Array.from(out);
  }
}
