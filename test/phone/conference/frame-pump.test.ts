// The frame mixer's reading of one input (renderer/src/phone/conference/frame-pump.ts), in plain
// Node: a real ReadableStream of frames, the clock given. The two faults it guards against each
// left a party unheard for the rest of a three-way call.
import { describe, expect, it } from 'vitest';
import { pumpFrames, type PumpCounts } from '../../../renderer/src/phone/conference/frame-pump';

class TestFrame {
  closed = false;
  constructor(readonly value: number) {}
  close(): void {
    this.closed = true;
  }
}

/** A stream of `n` frames, all queued before the first read (every read finds its frame waiting). */
function queuedStream(n: number): { stream: ReadableStream<TestFrame>; frames: TestFrame[] } {
  const frames = Array.from({ length: n }, (_, i) => new TestFrame(i));
  const stream = new ReadableStream<TestFrame>({
    start(controller) {
      for (const frame of frames) controller.enqueue(frame);
      controller.close();
    },
  });
  return { stream, frames };
}

/** The clock: each read of it moves 0.1 ms on, so no read ever seems to wait. */
function busyClock(): () => number {
  let t = 0;
  return () => (t += 0.1);
}

async function pump(stream: ReadableStream<TestFrame>, samples: (frame: TestFrame) => Float32Array, maxBacklogFrames?: number): Promise<{ used: number[]; counts: PumpCounts }> {
  const used: number[] = [];
  const counts = await pumpFrames(stream.getReader(), () => false, {
    samples,
    use: (s) => used.push(s[0] ?? NaN),
    now: busyClock(),
    ...(maxBacklogFrames === undefined ? {} : { maxBacklogFrames }),
  });
  return { used, counts };
}

const asSamples = (frame: TestFrame): Float32Array => Float32Array.of(frame.value);

describe('frame pump', () => {
  it('drops at most the bounded backlog when every read finds a frame waiting, then uses the rest', async () => {
    const { stream, frames } = queuedStream(80);
    const { used, counts } = await pump(stream, asSamples, 50);
    expect(counts).toEqual({ used: 30, droppedBacklog: 50, bad: 0 });
    expect(used).toEqual(Array.from({ length: 30 }, (_, i) => 50 + i));
    expect(frames.every((frame) => frame.closed)).toBe(true);
  });

  it('stops dropping at the first read that had to wait', async () => {
    let t = 0;
    let waited = false;
    const frames = Array.from({ length: 6 }, (_, i) => new TestFrame(i));
    let next = 0;
    const stream = new ReadableStream<TestFrame>({
      pull(controller) {
        const frame = frames[next++];
        if (!frame) return controller.close();
        if (next === 4) waited = true; // the 4th frame was not there yet: its read waits 10 ms
        controller.enqueue(frame);
      },
    });
    const used: number[] = [];
    const counts = await pumpFrames(stream.getReader(), () => false, {
      samples: asSamples,
      use: (s) => used.push(s[0] ?? NaN),
      now: () => {
        if (waited) {
          waited = false;
          t += 10;
        }
        return (t += 0.1);
      },
    });
    expect(used).toEqual([3, 4, 5]);
    expect(counts.droppedBacklog).toBe(3);
  });

  it('skips a frame it cannot read and goes on with the next ones', async () => {
    const { stream, frames } = queuedStream(5);
    const bad: unknown[] = [];
    const used: number[] = [];
    const counts = await pumpFrames(stream.getReader(), () => false, {
      samples: (frame) => {
        if (frame.value === 1) throw new TypeError('unsupported layout');
        return asSamples(frame);
      },
      use: (s) => used.push(s[0] ?? NaN),
      now: busyClock(),
      maxBacklogFrames: 0,
      onBadFrame: (error) => bad.push(error),
    });
    expect(used).toEqual([0, 2, 3, 4]);
    expect(counts).toEqual({ used: 4, droppedBacklog: 0, bad: 1 });
    expect(bad).toHaveLength(1);
    expect(frames.every((frame) => frame.closed)).toBe(true);
  });

  it('stops when told to, without reading on', async () => {
    const { stream } = queuedStream(10);
    let reads = 0;
    const counts = await pumpFrames(stream.getReader(), () => reads >= 3, {
      samples: (frame) => {
        reads += 1;
        return asSamples(frame);
      },
      use: () => undefined,
      now: busyClock(),
      maxBacklogFrames: 0,
    });
    expect(counts.used).toBe(3);
  });
});
