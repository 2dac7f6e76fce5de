// Tells which tone a phone hears: the share of the last half second's energy
// at one frequency (Goertzel). A pure tone there gives about 1; a tone of
// another pitch, or silence, about 0. Each party of these tests speaks at its
// own pitch, so "B hears the customer" is "B's audio is 440 Hz".

const SAMPLE_RATE = 8000;
/** Half a second of 20 ms frames. */
const WINDOW_FRAMES = 25;

export class ToneProbe {
  private frames: Int16Array[] = [];
  private heardFrames = 0;

  hear(samples: Int16Array): void {
    this.frames.push(samples);
    this.heardFrames++;
    if (this.frames.length > WINDOW_FRAMES) this.frames.shift();
  }

  /** Frames heard so far. */
  get frameCount(): number {
    return this.heardFrames;
  }

  /** RMS of the window (0 = silence, 1 = full scale square). */
  rms(): number {
    const samples = this.window();
    if (samples.length === 0) return 0;
    let sum = 0;
    for (const sample of samples) sum += (sample / 32768) ** 2;
    return Math.sqrt(sum / samples.length);
  }

  /** The share of the window's energy at `frequencyHz` (0..1). */
  share(frequencyHz: number): number {
    const samples = this.window();
    const n = samples.length;
    if (n === 0) return 0;
    const coefficient = 2 * Math.cos((2 * Math.PI * frequencyHz) / SAMPLE_RATE);
    let previous = 0;
    let beforePrevious = 0;
    let energy = 0;
    for (const sample of samples) {
      const current = sample + coefficient * previous - beforePrevious;
      beforePrevious = previous;
      previous = current;
      energy += sample * sample;
    }
    if (energy === 0) return 0;
    const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
    return Math.min(1, power / ((n / 2) * energy));
  }

  private window(): Int16Array {
    const total = this.frames.reduce((sum, frame) => sum + frame.length, 0);
    const joined = new Int16Array(total);
    let offset = 0;
    for (const frame of this.frames) {
      joined.set(frame, offset);
      offset += frame.length;
    }
    return joined;
  }
}
