/**
 * Runs the frame mix (frame-mix.ts) over the Breakout Box's streams: reads
 * every frame of the microphone and of both parties as it comes, feeds the
 * mix, and writes what it makes to the two generators. The same code runs in
 * the mixer's worker (mix-worker.ts) and, if that cannot start, on the page.
 * Times are the thread's performance.now(); frames are stamped in microseconds
 * on the same clock, as Chromium stamps the frames it delivers.
 */
import type { PartyIndex } from './conference-mixer';
import { FrameReader, FrameWriter } from './audio-frames';
import { FrameMix } from './frame-mix';
import { pumpFrames } from './frame-pump';
import type { MixCommand, MixStreams } from './mix-messages';

export class MixLoop {
  private readonly mix: FrameMix;
  private readonly writers: readonly [WritableStreamDefaultWriter<AudioData>, WritableStreamDefaultWriter<AudioData>];
  private readonly frameWriters = [new FrameWriter(), new FrameWriter()] as const;
  private readonly readers = new Set<ReadableStreamDefaultReader<AudioData>>();
  private microphone: ReadableStreamDefaultReader<AudioData> | null = null;
  private stopped = false;

  constructor(streams: MixStreams) {
    this.writers = [streams.outputs[0].getWriter(), streams.outputs[1].getWriter()];
    this.mix = new FrameMix((output, samples) => this.write(output, samples), { startedAtMs: performance.now() });
    this.useMicrophone(streams.microphone);
    for (const party of [0, 1] as const) this.pump(streams.parties[party], (samples, now) => this.mix.party(party, samples, now));
  }

  handle(command: MixCommand): void {
    if (command.type === 'agent-audible') this.mix.setAgentAudible(command.output, command.audible);
    else if (command.type === 'party-heard') this.mix.setPartyHeard(command.party, command.heard);
    else this.useMicrophone(command.microphone);
  }

  stop(): void {
    this.stopped = true;
    for (const reader of this.readers) void reader.cancel().catch(() => undefined);
    this.readers.clear();
    for (const writer of this.writers) void writer.close().catch(() => undefined);
  }

  private useMicrophone(stream: ReadableStream<AudioData>): void {
    const old = this.microphone;
    if (old) {
      this.readers.delete(old);
      void old.cancel().catch(() => undefined);
    }
    this.microphone = this.pump(stream, (samples, now) => this.mix.microphone(samples, now));
  }

  /** Reads `stream` to its end (or stop()), each frame's samples to `use` (frame-pump.ts). */
  private pump(stream: ReadableStream<AudioData>, use: (samples: Float32Array, nowMs: number) => void): ReadableStreamDefaultReader<AudioData> {
    const reader = stream.getReader();
    this.readers.add(reader);
    const frames = new FrameReader();
    const pumped = pumpFrames(reader, () => this.stopped, { samples: (frame) => frames.samples(frame), use, now: () => performance.now() });
    // A track that ends (a microphone unplugged, a call gone) ends its stream; the mix goes on without it.
    void pumped.catch(() => undefined).finally(() => this.readers.delete(reader));
    return reader;
  }

  private write(output: PartyIndex, samples: Float32Array<ArrayBuffer>): void {
    if (this.stopped || samples.length === 0) return;
    const frame = this.frameWriters[output].frame(samples, performance.now() * 1_000);
    // The generator takes the frame over (and closes it); a write that fails means its track was stopped.
    void this.writers[output].write(frame).catch(() => frame.close());
  }
}
