/**
 * Runs the frame mix (frame-mix.ts) over the Breakout Box's streams: reads
 * every frame of the microphone and of both parties as it comes, feeds the
 * mix, and writes what it makes to the two generators. The same code runs in
 * the mixer's worker (mix-worker.ts) and, if that cannot start, on the page.
 * Times are the thread's performance.now(); frames are stamped in microseconds
 * on the same clock, as Chromium stamps the frames it delivers.
 *
 * A party's input that gives no frame for `STALL_MS` while the microphone's
 * flow is reported (once per input) so the host can open it again: a remote
 * track's frames come every 10 ms for as long as its call plays, so a silent
 * input is a broken one, and it would leave the other party not hearing this
 * one for the rest of the conference (the app's three-way E2E saw that
 * twice in ten runs, cause not found; docs/BENCHMARKS.md, "Issue 22").
 */
import type { PartyIndex } from './conference-mixer';
import { FrameReader, FrameWriter } from './audio-frames';
import { FrameMix } from './frame-mix';
import { pumpFrames } from './frame-pump';
import type { MixCommand, MixStreams } from './mix-messages';

/** A party input without a frame for this long, while the microphone's come, has stalled. */
export const STALL_MS = 1_000;

export class MixLoop {
  private readonly mix: FrameMix;
  private readonly writers: readonly [WritableStreamDefaultWriter<AudioData>, WritableStreamDefaultWriter<AudioData>];
  private readonly frameWriters = [new FrameWriter(), new FrameWriter()] as const;
  private readonly readers = new Set<ReadableStreamDefaultReader<AudioData>>();
  private microphone: ReadableStreamDefaultReader<AudioData> | null = null;
  private readonly partyReaders: [ReadableStreamDefaultReader<AudioData> | null, ReadableStreamDefaultReader<AudioData> | null] = [null, null];
  /** When each party's input last gave a frame (or was opened), and whether its stall was reported. */
  private readonly partyFrameAt: [number, number];
  private readonly stallReported = [false, false];
  private stopped = false;

  /** `onStalled`: a party's input gave no frame for STALL_MS while the microphone's came. */
  constructor(
    streams: MixStreams,
    private readonly onStalled: (party: PartyIndex) => void = () => undefined,
  ) {
    this.writers = [streams.outputs[0].getWriter(), streams.outputs[1].getWriter()];
    const now = performance.now();
    this.partyFrameAt = [now, now];
    this.mix = new FrameMix((output, samples) => this.write(output, samples), { startedAtMs: now });
    this.useMicrophone(streams.microphone);
    for (const party of [0, 1] as const) this.useParty(party, streams.parties[party]);
  }

  handle(command: MixCommand): void {
    if (command.type === 'agent-audible') this.mix.setAgentAudible(command.output, command.audible);
    else if (command.type === 'party-heard') this.mix.setPartyHeard(command.party, command.heard);
    else if (command.type === 'party') this.useParty(command.party, command.stream);
    else this.useMicrophone(command.microphone);
  }

  stop(): void {
    this.stopped = true;
    for (const reader of this.readers) void reader.cancel().catch(() => undefined);
    this.readers.clear();
    for (const writer of this.writers) void writer.close().catch(() => undefined);
  }

  private useMicrophone(stream: ReadableStream<AudioData>): void {
    this.cancel(this.microphone);
    this.microphone = this.pump(stream, (samples, now) => {
      this.mix.microphone(samples, now);
      this.checkStalls(now);
    });
  }

  private useParty(party: PartyIndex, stream: ReadableStream<AudioData>): void {
    this.cancel(this.partyReaders[party]);
    this.partyFrameAt[party] = performance.now();
    this.stallReported[party] = false;
    this.partyReaders[party] = this.pump(stream, (samples, now) => {
      this.partyFrameAt[party] = now;
      this.mix.party(party, samples, now);
    });
  }

  /** Stops reading an input that another stream replaces. */
  private cancel(reader: ReadableStreamDefaultReader<AudioData> | null): void {
    if (!reader) return;
    this.readers.delete(reader);
    void reader.cancel().catch(() => undefined);
  }

  private checkStalls(now: number): void {
    for (const party of [0, 1] as const) {
      if (this.stallReported[party] || now - this.partyFrameAt[party] < STALL_MS) continue;
      this.stallReported[party] = true;
      this.onStalled(party);
    }
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
