// The echo test's two level envelopes — what the microphone sends and what
// comes back — read on the audio clock, not the page's timers: both tracks
// feed analysers of one AudioContext, and each read takes the last ~0.7 s of
// both and files its 20 ms blocks by their audio frame. A page too busy to
// read for half a second loses nothing (its timers once did: the delay heard
// matched too weakly to be told on a loaded machine), and both envelopes
// stay on one clock whatever the page's timers do. Browser-only (Web Audio).
import type { LevelReading } from './delay-estimate';

/** How much audio an analyser keeps: the longest stall of the page that loses nothing (32768 frames at 48 kHz ≈ 0.68 s). */
const HISTORY_FRAMES = 32_768;
const READ_EVERY_MS = 100;

export interface LevelRecording {
  /** Stops reading and gives the blocks read, each at its block's start in ms of audio time. */
  stop(): LevelReading[];
}

function blockRms(samples: Float32Array, from: number, length: number): number {
  let sum = 0;
  for (let i = from; i < from + length; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / length);
}

export function recordLevels(microphone: MediaStreamTrack, received: MediaStream, stepMs: number): LevelRecording {
  const ctx = new AudioContext();
  const analyserOf = (stream: MediaStream): { analyser: AnalyserNode; source: MediaStreamAudioSourceNode } => {
    const analyser = ctx.createAnalyser();
    analyser.fftSize = HISTORY_FRAMES;
    const source = ctx.createMediaStreamSource(stream);
    source.connect(analyser);
    return { analyser, source };
  };
  const sent = analyserOf(new MediaStream([microphone]));
  const heard = analyserOf(received);
  void ctx.resume().catch(() => undefined);
  const blockFrames = Math.round((ctx.sampleRate * stepMs) / 1_000);
  const sentBuffer = new Float32Array(HISTORY_FRAMES);
  const heardBuffer = new Float32Array(HISTORY_FRAMES);
  const blocks = new Map<number, LevelReading>();
  const read = (): void => {
    // Both analysers hold the frames up to the context's current time; reading them together keeps them aligned.
    const endFrame = Math.round(ctx.currentTime * ctx.sampleRate);
    sent.analyser.getFloatTimeDomainData(sentBuffer);
    heard.analyser.getFloatTimeDomainData(heardBuffer);
    const firstFrame = endFrame - HISTORY_FRAMES;
    for (let block = Math.ceil(Math.max(0, firstFrame) / blockFrames); (block + 1) * blockFrames <= endFrame; block += 1) {
      if (blocks.has(block)) continue;
      const at = block * blockFrames - firstFrame;
      blocks.set(block, { atMs: block * stepMs, sent: blockRms(sentBuffer, at, blockFrames), heard: blockRms(heardBuffer, at, blockFrames) });
    }
  };
  const timer = setInterval(read, READ_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      read();
      sent.source.disconnect();
      heard.source.disconnect();
      void ctx.close();
      return [...blocks.values()].sort((a, b) => a.atMs - b.atMs);
    },
  };
}
