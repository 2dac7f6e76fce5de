// Just enough WAV for the media tests: write a mono 16-bit tone, read the
// samples of a recording that may still be open (its header's sizes not yet
// written), and tell whose signal a recording holds (Goertzel).
import { wavOf } from '../../../simulator/media/recent-audio';

export interface Tone {
  frequency: number;
  seconds: number;
  sampleRate: number;
  /** Peak amplitude, 0–1. */
  amplitude: number;
  /** ±Hz the pitch wanders, four times a second, as a voice does: Chromium's noise suppression removes a steady sine in ~3 s. */
  vibratoHz?: number;
}

/** A mono 16-bit PCM WAV file's bytes holding a sine tone. */
export function toneWav(tone: Tone): Buffer {
  let phase = 0;
  const samples = Int16Array.from({ length: Math.round(tone.seconds * tone.sampleRate) }, (_, i) => {
    const frequency = tone.frequency + (tone.vibratoHz ?? 0) * Math.sin((2 * Math.PI * 4 * i) / tone.sampleRate);
    phase += (2 * Math.PI * frequency) / tone.sampleRate;
    return Math.round(Math.sin(phase) * tone.amplitude * 32_767);
  });
  return wavOf(samples, tone.sampleRate);
}

export interface WavSamples {
  sampleRate: number;
  channels: number;
  /** The first channel, -1..1. */
  samples: Float32Array;
}

/** 16-bit PCM samples of a WAV file; takes every byte after the data chunk's header, so a file still being written reads too. */
export function readWav(bytes: Buffer): WavSamples {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(body + 2);
      sampleRate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channels < 1) throw new Error(`only 16-bit PCM is read here (this one: ${bits}-bit, ${channels} channel(s))`);
      const frames = Math.floor((bytes.length - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i += 1) samples[i] = bytes.readInt16LE(body + i * 2 * channels) / 32_768;
      return { sampleRate, channels, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('the WAV file has no data chunk');
}

export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

/** Goertzel: the power of one frequency in the samples, normalised so a full-scale sine at it gives ~0.5 … independent of length. */
export function tonePower(samples: Float32Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return samples.length === 0 ? 0 : (2 * power) / (samples.length * samples.length);
}

/**
 * The share of the signal's power at `frequency` (0–1): ~1 for a clean tone at
 * it, ~0 for silence or another tone. Measured in 100 ms blocks, so a phase
 * jump (a lost packet, a pause on hold, two recordings joined) cannot cancel it.
 * With `spreadHz`, the power of every 10 Hz bin within ±spreadHz of it counts
 * (a tone with vibrato, whose pitch wanders), each block under a Hann window:
 * by Parseval the bins' powers add up to the windowed block's, and the window
 * keeps a loud voice elsewhere from leaking into the band (a plain block leaks
 * ~-35 dB of a tone 500 Hz away, enough to fake a quiet voice).
 */
export function toneShare(samples: Float32Array, sampleRate: number, frequency: number, spreadHz = 0): number {
  const block = Math.max(1, Math.round(sampleRate / 10));
  const bins = spreadHz > 0 ? bandBins(frequency, spreadHz, sampleRate / block) : [frequency];
  const window = spreadHz > 0 ? hann(block) : null;
  let tone = 0;
  let total = 0;
  for (let start = 0; start + block <= samples.length; start += block) {
    const part = window ? samples.slice(start, start + block).map((sample, i) => sample * window[i]!) : samples.subarray(start, start + block);
    for (const bin of bins) tone += tonePower(part, sampleRate, bin) * part.length;
    total += rms(part) ** 2 * part.length;
  }
  return total === 0 ? 0 : Math.min(1, tone / total);
}

/** The DFT bin frequencies (multiples of binHz, above 0) within frequency ± spreadHz. */
function bandBins(frequency: number, spreadHz: number, binHz: number): number[] {
  const bins: number[] = [];
  for (let k = Math.max(1, Math.ceil((frequency - spreadHz) / binHz)); k * binHz <= frequency + spreadHz; k += 1) bins.push(k * binHz);
  return bins;
}

function hann(length: number): Float32Array {
  return new Float32Array(length).map((_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / length));
}
