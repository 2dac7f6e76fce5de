// bench/conference's taps, off the page's thread: the page hands over the
// frame streams (MediaStreamTrackProcessor readables) of the tracks to time;
// this worker reads them all as frames come, times each frame by its arrival
// on one clock (this worker's performance.now()), and finds the clicks'
// onsets (onsets.ts). A page thread busy with the bench's own polling would
// otherwise delay some reads and not others.
//
// What the processors queued before the first reads would arrive all at once,
// timed wrong: frames read in the first `warmupMs` are not looked at (and the
// detector then needs real quiet before its first click).
import { OnsetDetector } from './onsets';

export interface TapStart {
  readonly type: 'tap';
  readonly streams: readonly ReadableStream<AudioData>[];
  readonly warmupMs: number;
}
export interface TapStop {
  readonly type: 'stop';
}
export interface TapResult {
  /** Per stream, the onsets found (this worker's ms) and the frames read. */
  readonly onsets: number[][];
  readonly frames: number[];
}

let running: { stop(): Promise<TapResult> } | null = null;

function tap(streams: readonly ReadableStream<AudioData>[], warmupMs: number): { stop(): Promise<TapResult> } {
  const started = performance.now();
  const detectors = streams.map(() => new OnsetDetector());
  const frames = streams.map(() => 0);
  const readers = streams.map((stream) => stream.getReader());
  const loops = readers.map(async (reader, index) => {
    let plane = new Float32Array(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      try {
        frames[index] = (frames[index] ?? 0) + 1;
        if (plane.length !== value.numberOfFrames) plane = new Float32Array(value.numberOfFrames);
        // Channel 0 is enough: the clicks are mono, and a stereo track carries them on both.
        value.copyTo(plane, { planeIndex: 0, format: 'f32-planar' });
        if (at - started >= warmupMs) detectors[index]?.push(at, value.sampleRate, plane);
      } finally {
        value.close();
      }
    }
  });
  return {
    async stop() {
      for (const reader of readers) await reader.cancel().catch(() => undefined);
      await Promise.allSettled(loops);
      return { onsets: detectors.map((d) => d.onsets), frames };
    },
  };
}

addEventListener('message', (event: MessageEvent<TapStart | TapStop>) => {
  const message = event.data;
  if (message.type === 'tap') {
    running = tap(message.streams, message.warmupMs);
    return;
  }
  const stopping = running;
  running = null;
  void (stopping?.stop() ?? Promise.resolve<TapResult>({ onsets: [], frames: [] })).then((result) => postMessage(result));
});
