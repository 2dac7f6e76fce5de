// The last few seconds of what a leg received, decoded, so a person (or a test)
// can listen to what the customer heard: a fixed ring buffer, allocated on the
// first packet, so a floor of silent legs costs nothing. A time without
// packets is heard as silence, as a phone's jitter buffer plays it: packets
// given with their arrival time that come later than a jitter buffer's depth
// after the last one's audio ran out leave that much silence before them
// (a sender whose track ended sends nothing, and that gap is what the
// customer heard).
import { SAMPLE_RATE } from './tone';

/** Seconds of received audio a leg keeps (8 kHz, 16 bit: 48 KB). */
export const RECENT_AUDIO_SECONDS = 3;
/** Lateness a jitter buffer absorbs without playing silence, ms. */
export const JITTER_BUFFER_MS = 60;

export class RecentAudio {
  private buffer: Int16Array | undefined;
  private written = 0;
  /** When the audio received so far runs out, ms on the arrival clock. */
  private audioEndsAt: number | undefined;

  constructor(private readonly capacity = RECENT_AUDIO_SECONDS * SAMPLE_RATE) {}

  /** `arrivedAtMs`: when the packet came (a monotonic clock); without it, packets are taken as back to back. */
  add(samples: Int16Array, arrivedAtMs?: number): void {
    if (arrivedAtMs !== undefined) {
      const late = this.audioEndsAt === undefined ? 0 : arrivedAtMs - this.audioEndsAt;
      if (late > JITTER_BUFFER_MS) this.write(new Int16Array(Math.min(this.capacity, Math.round((late * SAMPLE_RATE) / 1_000))));
      this.audioEndsAt = Math.max(arrivedAtMs, this.audioEndsAt ?? arrivedAtMs) + (samples.length * 1_000) / SAMPLE_RATE;
    }
    this.write(samples);
  }

  private write(samples: Int16Array): void {
    const buffer = (this.buffer ??= new Int16Array(this.capacity));
    for (const sample of samples.length > this.capacity ? samples.subarray(samples.length - this.capacity) : samples) {
      buffer[this.written % this.capacity] = sample;
      this.written += 1;
    }
  }

  /** What was received, oldest first (at most the capacity). */
  read(): Int16Array {
    if (!this.buffer) return new Int16Array(0);
    if (this.written <= this.capacity) return this.buffer.slice(0, this.written);
    const start = this.written % this.capacity;
    const out = new Int16Array(this.capacity);
    out.set(this.buffer.subarray(start));
    out.set(this.buffer.subarray(0, start), this.capacity - start);
    return out;
  }
}

/** 16-bit mono PCM as a WAV file. */
export function wavOf(samples: Int16Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  samples.forEach((sample, i) => wav.writeInt16LE(sample, 44 + i * 2));
  return wav;
}
