// Loudness of received audio as RMS of full scale (0 = silence, ~0.707 = full-scale sine).

export interface LevelReport {
  packets: number;
  /** RMS over the last second of packets. */
  rms: number;
  /** The loudest single packet (20 ms) so far: beeping sources are silent between beeps. */
  peakRms: number;
  /** RMS over the whole call. */
  meanRms: number;
}

export function rmsOf(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += (sample / 32768) ** 2;
  return Math.sqrt(sum / samples.length);
}

export class LevelMeter {
  private packets = 0;
  private peak = 0;
  private totalSquares = 0;
  private totalSamples = 0;
  private recent: number[] = [];

  constructor(private readonly windowPackets = 50) {}

  add(samples: Int16Array): void {
    const rms = rmsOf(samples);
    this.packets++;
    this.peak = Math.max(this.peak, rms);
    this.totalSquares += rms * rms * samples.length;
    this.totalSamples += samples.length;
    this.recent.push(rms);
    if (this.recent.length > this.windowPackets) this.recent.shift();
  }

  /** Counts a packet that carried no audio to measure (e.g. comfort noise). */
  countOnly(): void {
    this.packets++;
  }

  report(): LevelReport {
    const recentSquares = this.recent.reduce((sum, rms) => sum + rms * rms, 0);
    return {
      packets: this.packets,
      rms: round(this.recent.length ? Math.sqrt(recentSquares / this.recent.length) : 0),
      peakRms: round(this.peak),
      meanRms: round(this.totalSamples ? Math.sqrt(this.totalSquares / this.totalSamples) : 0),
    };
  }
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
