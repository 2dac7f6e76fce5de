/**
 * WebCodecs AudioData in and out of the frame mix (frame-mix.ts), which works
 * on mono 48 kHz samples: a frame of any layout is averaged down to one
 * channel and brought to 48 kHz; the mix's samples go out as mono f32 frames
 * with a running timestamp.
 */
import { LinearResampler } from './linear-resampler';
import { MIX_SAMPLE_RATE } from './frame-mix';

/** Turns one input's frames into mix samples; keeps the resampler's state from frame to frame. */
export class FrameReader {
  private resampler: LinearResampler | null = null;

  /** The frame's samples, mono at the mix rate. Does not close the frame. */
  samples(frame: AudioData): Float32Array {
    const n = frame.numberOfFrames;
    const channels = Math.max(1, frame.numberOfChannels);
    const mono = new Float32Array(n);
    const plane = channels > 1 ? new Float32Array(n) : mono;
    for (let channel = 0; channel < channels; channel++) {
      frame.copyTo(plane, { planeIndex: channel, format: 'f32-planar' });
      if (channels > 1) for (let i = 0; i < n; i++) mono[i] = (mono[i] ?? 0) + (plane[i] ?? 0) / channels;
    }
    if (frame.sampleRate === MIX_SAMPLE_RATE) return mono;
    // A rate that changed (another microphone) starts a fresh resampler.
    if (this.resampler?.fromRate !== frame.sampleRate) this.resampler = new LinearResampler(frame.sampleRate, MIX_SAMPLE_RATE);
    return this.resampler.process(mono);
  }
}

/** Makes one output's frames, timestamped back to back from the first (µs). */
export class FrameWriter {
  private startUs: number | null = null;
  private written = 0;

  frame(samples: Float32Array<ArrayBuffer>, nowUs: number): AudioData {
    this.startUs ??= nowUs;
    const timestamp = this.startUs + Math.round((this.written * 1_000_000) / MIX_SAMPLE_RATE);
    this.written += samples.length;
    return new AudioData({ format: 'f32-planar', sampleRate: MIX_SAMPLE_RATE, numberOfFrames: samples.length, numberOfChannels: 1, timestamp, data: samples });
  }
}
