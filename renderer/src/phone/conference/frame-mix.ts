/**
 * The three-way call's mix, frame by frame, clocked by the agent's microphone.
 * Pure: samples in (mono, 48 kHz), samples out, times given by the caller.
 *
 *   microphone frame ─┬─ × agent→0 ─┐
 *                     │             + ─▶ output 0 (what party 0 hears)
 *   party 1's queue ──┼─ × 1 heard ─┘
 *                     └─ × agent→1 ─┐
 *   party 0's queue ──── × 0 heard ─+─▶ output 1 (what party 1 hears)
 *
 * Why the microphone is the clock: each output must leave at the pace of
 * real time, and the three inputs each keep their own (the capture device's,
 * and the playout clock that pulls the parties' audio out of WebRTC). Every
 * microphone frame (10 ms) makes one frame of each output at once, so the
 * agent's voice waits for nothing; what a party says waits in its queue for
 * the next microphone frame, 0–10 ms by the two clocks' phase. That is the
 * whole delay the mix adds (an AudioContext adds one to three 10 ms frames:
 * audio-mixer.ts).
 *
 * Keeping the queues short. Clocks drift (100 ppm is 10 ms in 100 s) and a
 * burst can leave a party's queue longer than it needs: every 200 ms, what the
 * queue never went below after a frame was taken is dropped from its oldest
 * end (a few samples at a time under drift, inaudible), all of it or all but
 * one frame of slack (trimming once a second kept a burst's 20 ms for up to a
 * second: clicks 25 ms late at p95 on a quiet machine, bench/conference.ts;
 * 200 ms is still 20 microphone frames, long enough to see a stall's catch-up):
 *   - all of it when, all that while, the party's latest frame had come at
 *     least `guardMs` before each microphone frame: the two clocks' phases
 *     are apart, the party's next frame will be there in time again;
 *   - all but one frame when a party frame came within `guardMs` of a
 *     microphone frame: the phases are close, and a frame a little late would
 *     miss its microphone frame and leave a 10 ms gap; the slack frame is the
 *     cushion against that jitter.
 * So a party waits for the microphone's next frame (0–10 ms) and for slack
 * only where it is needed: at most 10 ms + `guardMs` once trimmed. One frame
 * of slack everywhere (the first version of this mix) made it up to 20 ms,
 * and the start nearly always left that frame there (bench/conference.ts
 * measured 10–11 ms at p50 with it; docs/BENCHMARKS.md, "Issue 22").
 * A queue that runs dry is padded with silence for the rest of the frame.
 * When the microphone stops (unplugged, being switched), the parties' frames
 * must still reach each other: after `micSilentMs` without a microphone frame
 * (or since the start) each party frame is passed on as it comes.
 */
import type { PartyIndex } from './conference-mixer';

export const MIX_SAMPLE_RATE = 48_000;
/** One 10 ms frame at the mix rate: the slack a queue may keep, and the size of what it pads. */
const FRAME = MIX_SAMPLE_RATE / 100;
/** The longest a party's queue may grow to (1 s): beyond it the oldest audio goes (only when nothing takes it). */
const QUEUE_LIMIT = MIX_SAMPLE_RATE;

export interface FrameMixOptions {
  /** After this long without a microphone frame the parties' frames go out as they come (default 40 ms). */
  readonly micSilentMs?: number;
  /** How often a queue's unused backlog is trimmed (default 200 ms). */
  readonly trimEveryMs?: number;
  /** When the mix started: the microphone has `micSilentMs` from then to send its first frame. */
  readonly startedAtMs?: number;
  /** A party frame this close before a microphone frame means the phases are close: keep one frame of slack (default 2 ms). */
  readonly guardMs?: number;
}

export type EmitFrame = (output: PartyIndex, samples: Float32Array<ArrayBuffer>) => void;

/** A gain that moves to its target across one frame (a step would click). */
class RampedGain {
  private current = 1;
  private target = 1;

  set(on: boolean): void {
    this.target = on ? 1 : 0;
  }

  /** Adds `source` × this gain into `into`. */
  addInto(into: Float32Array, source: Float32Array): void {
    const { current, target } = this;
    const n = into.length;
    if (current === target) {
      if (current !== 0) for (let i = 0; i < n; i++) into[i] = (into[i] ?? 0) + (source[i] ?? 0) * current;
      return;
    }
    for (let i = 0; i < n; i++) into[i] = (into[i] ?? 0) + (source[i] ?? 0) * (current + ((target - current) * (i + 1)) / n);
    this.current = target;
  }
}

/** A party's audio waiting for the microphone's next frame. */
class PartyQueue {
  private buffer = new Float32Array(FRAME * 8);
  private size = 0;
  /** The least it held just after a frame was taken, since the last trim. */
  private lowest = Number.POSITIVE_INFINITY;
  /** When the latest frame came in, and the least time from it to a take since the last trim. */
  private lastPushAt = Number.NEGATIVE_INFINITY;
  private closestBeforeTake = Number.POSITIVE_INFINITY;

  get length(): number {
    return this.size;
  }

  push(samples: Float32Array, nowMs: number): void {
    this.lastPushAt = nowMs;
    if (this.size + samples.length > QUEUE_LIMIT) this.drop(this.size + samples.length - QUEUE_LIMIT);
    if (this.size + samples.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.buffer.length * 2, this.size + samples.length));
      grown.set(this.buffer.subarray(0, this.size));
      this.buffer = grown;
    }
    this.buffer.set(samples, this.size);
    this.size += samples.length;
  }

  /** `n` samples, the oldest first, padded with silence when fewer wait; a take for the microphone's frame at `nowMs`. */
  take(n: number, nowMs?: number): Float32Array {
    if (nowMs !== undefined) this.closestBeforeTake = Math.min(this.closestBeforeTake, nowMs - this.lastPushAt);
    const out = new Float32Array(n);
    const k = Math.min(n, this.size);
    out.set(this.buffer.subarray(0, k));
    this.drop(k);
    this.lowest = Math.min(this.lowest, this.size);
    return out;
  }

  takeAll(): Float32Array {
    return this.take(this.size);
  }

  /** Drops what was never needed since the last trim: all of it when the phases were apart, else beyond one frame of slack. */
  trim(guardMs: number): void {
    const slack = this.closestBeforeTake >= guardMs ? 0 : FRAME;
    if (Number.isFinite(this.lowest) && this.lowest > slack) this.drop(Math.min(this.size, this.lowest - slack));
    this.lowest = Number.POSITIVE_INFINITY;
    this.closestBeforeTake = Number.POSITIVE_INFINITY;
  }

  private drop(n: number): void {
    this.buffer.copyWithin(0, n, this.size);
    this.size -= n;
  }
}

export class FrameMix {
  private readonly queues = [new PartyQueue(), new PartyQueue()] as const;
  /** agentTo[o]: the agent's voice in output o; heard[p]: party p's voice in the other's output. */
  private readonly agentTo = [new RampedGain(), new RampedGain()] as const;
  private readonly heard = [new RampedGain(), new RampedGain()] as const;
  private lastMicAt: number;
  private lastTrimAt: number | null = null;
  private readonly micSilentMs: number;
  private readonly trimEveryMs: number;
  private readonly guardMs: number;

  constructor(
    private readonly emit: EmitFrame,
    options: FrameMixOptions = {},
  ) {
    this.micSilentMs = options.micSilentMs ?? 40;
    this.trimEveryMs = options.trimEveryMs ?? 200;
    this.guardMs = options.guardMs ?? 2;
    this.lastMicAt = options.startedAtMs ?? Number.NEGATIVE_INFINITY;
  }

  /** A microphone frame at `nowMs`: one frame of each output. */
  microphone(samples: Float32Array, nowMs: number): void {
    this.lastMicAt = nowMs;
    for (const output of [0, 1] as const) {
      const from = other(output);
      const mixed = new Float32Array(samples.length);
      this.agentTo[output].addInto(mixed, samples);
      this.heard[from].addInto(mixed, this.queues[from].take(samples.length, nowMs));
      this.emit(output, mixed);
    }
    this.lastTrimAt ??= nowMs;
    if (nowMs - this.lastTrimAt >= this.trimEveryMs) {
      for (const queue of this.queues) queue.trim(this.guardMs);
      this.lastTrimAt = nowMs;
    }
  }

  /** What party `party` said, at `nowMs`: queued for the other's next frame, or passed on now if the microphone is silent. */
  party(party: PartyIndex, samples: Float32Array, nowMs: number): void {
    const queue = this.queues[party];
    queue.push(samples, nowMs);
    if (nowMs - this.lastMicAt < this.micSilentMs) return;
    const waiting = queue.takeAll();
    const mixed = new Float32Array(waiting.length);
    this.heard[party].addInto(mixed, waiting);
    this.emit(other(party), mixed);
  }

  setAgentAudible(output: PartyIndex, audible: boolean): void {
    this.agentTo[output].set(audible);
  }

  setPartyHeard(party: PartyIndex, heard: boolean): void {
    this.heard[party].set(heard);
  }

  /** How many samples of each party wait (for tests and the bench). */
  queued(): readonly [number, number] {
    return [this.queues[0].length, this.queues[1].length];
  }
}

const other = (index: PartyIndex): PartyIndex => (index === 0 ? 1 : 0);
