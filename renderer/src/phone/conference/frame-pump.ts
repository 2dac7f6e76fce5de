/**
 * Reads one input of the frame mix (a microphone, or a party's received
 * audio) to its end: each frame's samples to the mix, every frame closed
 * once read. Generic over the frame type so that it runs in plain Node
 * tests; the mix loop (mix-loop.ts) gives it AudioData and FrameReader.
 *
 * Two things it must never do, since either leaves a party unheard for the
 * rest of the call:
 *   - drop frames for ever. What queued up before the loop first read (the
 *     processor keeps frames from its creation: while the worker loaded, or
 *     a new microphone's stream was on its way) is dropped, since written at
 *     once it would put every later frame that much ahead of real time. A
 *     frame was queued when the read gave it without waiting. But on a
 *     loaded machine, or with a track that delivers in bursts, every read may
 *     find a frame waiting: so at most `maxBacklogFrames` are dropped, and
 *     what is left is the mix queue's own trim's (frame-mix.ts) to cut.
 *   - stop on one bad frame. A frame that cannot be read (a layout the copy
 *     refuses) is skipped and counted; the next one is read as usual.
 */

export interface ClosableFrame {
  close(): void;
}

export interface FramePumpOptions<F extends ClosableFrame> {
  /** The frame's samples, mono at the mix rate (throws on a frame it cannot read). */
  readonly samples: (frame: F) => Float32Array;
  /** Where the samples go, with the time they were read. */
  readonly use: (samples: Float32Array, nowMs: number) => void;
  /** The thread's clock (performance.now()). */
  readonly now: () => number;
  /** A read that resolved faster than this found its frame already queued (default 1 ms; frames come every 10 ms). */
  readonly queuedReadMs?: number;
  /** The most queued frames dropped at the start (default 50: half a second). */
  readonly maxBacklogFrames?: number;
  /** Told of each frame that could not be read (for a bounded log line). */
  readonly onBadFrame?: (error: unknown) => void;
}

/** What a pump did (for tests and logs). */
export interface PumpCounts {
  used: number;
  droppedBacklog: number;
  bad: number;
}

/** Pumps until the stream ends, `stopped()` says so, or the reader is cancelled; resolves with its counts. */
export async function pumpFrames<F extends ClosableFrame>(
  reader: ReadableStreamDefaultReader<F>,
  stopped: () => boolean,
  options: FramePumpOptions<F>,
): Promise<PumpCounts> {
  const queuedReadMs = options.queuedReadMs ?? 1;
  const maxBacklog = options.maxBacklogFrames ?? 50;
  const counts: PumpCounts = { used: 0, droppedBacklog: 0, bad: 0 };
  let backlog = true;
  while (!stopped()) {
    const asked = options.now();
    const { value, done } = await reader.read();
    if (done) break;
    backlog &&= options.now() - asked < queuedReadMs && counts.droppedBacklog < maxBacklog;
    if (backlog) {
      counts.droppedBacklog += 1;
      value.close();
      continue;
    }
    try {
      const samples = options.samples(value);
      if (samples.length > 0) {
        options.use(samples, options.now());
        counts.used += 1;
      }
    } catch (error) {
      counts.bad += 1;
      options.onBadFrame?.(error);
    } finally {
      value.close();
    }
  }
  return counts;
}
