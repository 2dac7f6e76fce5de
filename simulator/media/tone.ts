// The "customer" voice: a continuous sine tone cut into 20 ms frames at 8 kHz.

export const SAMPLE_RATE = 8000;
export const FRAME_SAMPLES = 160; // 20 ms at 8 kHz

export class ToneGenerator {
  private phase = 0;

  /** amplitude: 0..1 of full scale (0.3 ≈ -10 dBFS, clearly audible). */
  constructor(
    private readonly frequencyHz = 440,
    private readonly amplitude = 0.3,
  ) {}

  nextFrame(samples = FRAME_SAMPLES): Int16Array {
    const frame = new Int16Array(samples);
    const step = (2 * Math.PI * this.frequencyHz) / SAMPLE_RATE;
    for (let i = 0; i < samples; i++) {
      frame[i] = Math.round(Math.sin(this.phase) * this.amplitude * 32767);
      this.phase = (this.phase + step) % (2 * Math.PI);
    }
    return frame;
  }
}
