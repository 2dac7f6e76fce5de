// The frame mixer's mix (renderer/src/phone/conference/frame-mix.ts), pure: who hears whom, the
// gains, and how the parties' queues follow the microphone's clock. Times are given, not waited for.
import { describe, expect, it } from 'vitest';
import type { PartyIndex } from '../../../renderer/src/phone/conference/conference-mixer';
import { FrameMix } from '../../../renderer/src/phone/conference/frame-mix';

const FRAME = 480;
const frame = (value: number, n = FRAME): Float32Array => new Float32Array(n).fill(value);

function mixKit(options = {}) {
  const out: [Float32Array[], Float32Array[]] = [[], []];
  const mix = new FrameMix((output: PartyIndex, samples) => out[output].push(samples), options);
  return { mix, out, last: (output: PartyIndex) => [...(out[output].at(-1) ?? [])] };
}

describe('frame mix: who hears whom', () => {
  it('each party hears the agent and the other party, never itself; one frame of each output per microphone frame', () => {
    const { mix, out, last } = mixKit();
    mix.microphone(frame(0), 0); // the clock starts
    mix.party(0, frame(0.25), 5);
    mix.party(1, frame(0.5), 6);
    expect(out.map((o) => o.length)).toEqual([1, 1]); // party frames wait for the microphone
    mix.microphone(frame(0.125), 10);
    expect(new Set(last(0))).toEqual(new Set([0.125 + 0.5])); // party 0 hears the agent and party 1
    expect(new Set(last(1))).toEqual(new Set([0.125 + 0.25])); // party 1 hears the agent and party 0
  });

  it('a party that has said nothing yet adds silence, not the other party', () => {
    const { mix, last } = mixKit();
    mix.microphone(frame(0), 0);
    mix.party(0, frame(0.25), 1);
    mix.microphone(frame(0.125), 10);
    expect(new Set(last(0))).toEqual(new Set([0.125]));
    expect(new Set(last(1))).toEqual(new Set([0.375]));
  });

  it('pads a short queue with silence for the rest of the frame, keeping what there was first', () => {
    const { mix, last } = mixKit();
    mix.microphone(frame(0), 0);
    mix.party(1, frame(0.5, 100), 1);
    mix.microphone(frame(0), 10);
    expect(last(0).slice(0, 100).every((v) => v === 0.5)).toBe(true);
    expect(last(0).slice(100).every((v) => v === 0)).toBe(true);
    expect(mix.queued()).toEqual([0, 0]);
  });
});

describe('frame mix: gains', () => {
  it("the agent muted toward one party: gone from that party's mix after one ramped frame, still in the other's", () => {
    const { mix, last } = mixKit();
    mix.microphone(frame(1), 0);
    mix.setAgentAudible(0, false);
    mix.microphone(frame(1), 10);
    const ramp = last(0);
    expect(ramp[0]).toBeGreaterThan(0.99); // no step: it fades over the frame
    expect(ramp.at(-1)).toBe(0);
    expect(ramp.every((v, i) => i === 0 || v <= (ramp[i - 1] ?? 1))).toBe(true);
    mix.microphone(frame(1), 20);
    expect(new Set(last(0))).toEqual(new Set([0]));
    expect(new Set(last(1))).toEqual(new Set([1]));
    mix.setAgentAudible(0, true);
    mix.microphone(frame(1), 30);
    mix.microphone(frame(1), 40);
    expect(new Set(last(0))).toEqual(new Set([1]));
  });

  it('a party not heard reaches nobody; heard again, it is back', () => {
    const { mix, last } = mixKit();
    mix.microphone(frame(0), 0);
    mix.setPartyHeard(1, false);
    for (const at of [10, 20]) {
      mix.party(1, frame(0.5), at - 5);
      mix.microphone(frame(0.125), at);
    }
    expect(new Set(last(0))).toEqual(new Set([0.125]));
    mix.setPartyHeard(1, true);
    for (const at of [30, 40]) {
      mix.party(1, frame(0.5), at - 5);
      mix.microphone(frame(0.125), at);
    }
    expect(new Set(last(0))).toEqual(new Set([0.625]));
  });
});

/**
 * The clock starts, then a burst: `frames` frames of party 1 at once. The tick it returns is one party frame
 * 1 ms before each microphone frame (the phases close), as the party goes on steadily.
 */
function burstThenSteady(mix: FrameMix, frames: number): (t: number) => void {
  mix.microphone(frame(0), 0);
  for (let i = 0; i < frames; i++) mix.party(1, frame(0.5), 1);
  return (t) => {
    mix.party(1, frame(0.5), t - 1);
    mix.microphone(frame(0), t);
  };
}

describe("frame mix: the parties' queues", () => {
  it('drops, once a second, the backlog a burst left beyond one frame of slack when the phases are close, and nothing of a steady one-frame cushion', () => {
    const { mix } = mixKit({ trimEveryMs: 1_000 });
    const tick = burstThenSteady(mix, 4);
    for (let t = 10; t <= 1_990; t += 10) tick(t);
    // The first second saw the queue empty (before the burst): nothing to drop yet.
    expect(mix.queued()[1]).toBe(4 * FRAME);
    tick(2_000); // the second one never went below four frames: three go, one is kept as slack
    expect(mix.queued()[1]).toBe(FRAME);
    for (let t = 2_010; t <= 4_500; t += 10) tick(t);
    expect(mix.queued()[1]).toBe(FRAME);
  });

  it('by default a burst\'s backlog is gone within two trims of 200 ms, so a party is not kept 20 ms late for a second', () => {
    const { mix } = mixKit();
    const tick = burstThenSteady(mix, 3);
    for (let t = 10; t <= 390; t += 10) tick(t);
    expect(mix.queued()[1]).toBe(3 * FRAME);
    tick(400);
    expect(mix.queued()[1]).toBe(FRAME);
  });

  it("drops all of a cushion nobody needs when the party's frames come well before the microphone's: a party waits only for the next microphone frame", () => {
    const { mix, last } = mixKit({ trimEveryMs: 1_000, guardMs: 2 });
    mix.microphone(frame(0), 0);
    mix.party(1, frame(0.5), 1); // one frame more than the clock needs: 10 ms of slack
    const tick = (t: number): void => {
      mix.party(1, frame(0.5), t - 5); // 5 ms before each microphone frame: the phases are apart
      mix.microphone(frame(0), t);
    };
    for (let t = 10; t <= 1_990; t += 10) tick(t);
    expect(mix.queued()[1]).toBe(FRAME);
    tick(2_000);
    expect(mix.queued()[1]).toBe(0);
    for (let t = 2_010; t <= 3_000; t += 10) {
      tick(t);
      expect(new Set(last(0))).toEqual(new Set([0.5])); // and no gap: each frame is there in time
    }
  });

  it('keeps one frame of slack when the phases are close, so a party frame a little late leaves no gap', () => {
    const { mix, last } = mixKit({ trimEveryMs: 1_000, guardMs: 2 });
    mix.microphone(frame(0), 0);
    for (let i = 0; i < 3; i++) mix.party(1, frame(0.5), 1);
    const tick = (t: number, late = false): void => {
      if (!late) mix.party(1, frame(0.5), t - 1); // 1 ms before the microphone frame: close
      mix.microphone(frame(0), t);
      if (late) mix.party(1, frame(0.5), t + 1);
    };
    for (let t = 10; t <= 2_000; t += 10) tick(t);
    expect(mix.queued()[1]).toBe(FRAME);
    tick(2_010, true); // this one comes 1 ms after its microphone frame: the slack covers it
    expect(new Set(last(0))).toEqual(new Set([0.5]));
  });

  it('passes the parties on as they come while the microphone is silent, and queues them again when it is back', () => {
    const { mix, out } = mixKit({ micSilentMs: 40 });
    mix.microphone(frame(0), 0);
    mix.party(0, frame(0.25), 20);
    expect(out[1]).toHaveLength(1);
    mix.party(0, frame(0.25), 50); // 50 ms without the microphone: it went out
    expect(out[1]).toHaveLength(2);
    expect(new Set(out[1].at(-1))).toEqual(new Set([0.25]));
    expect(out[1].at(-1)).toHaveLength(2 * FRAME); // the one that waited, then this one
    mix.microphone(frame(0), 55);
    mix.party(0, frame(0.25), 60);
    expect(out[1]).toHaveLength(3);
  });

  it('gives the microphone its time to start, then lets the parties hear each other without it', () => {
    const { mix, out } = mixKit({ startedAtMs: 100, micSilentMs: 40 });
    mix.party(1, frame(0.5), 110);
    expect(out[0]).toHaveLength(0); // waiting for the microphone's first frame
    mix.party(1, frame(0.5), 145);
    expect(out[0].at(-1)).toHaveLength(2 * FRAME);
    expect(new Set(out[0].at(-1))).toEqual(new Set([0.5]));
    expect(out[1]).toHaveLength(0);
  });

  it('keeps at most one second of a party while nothing takes it', () => {
    const { mix } = mixKit({ micSilentMs: Number.POSITIVE_INFINITY });
    mix.microphone(frame(0), 0);
    for (let i = 0; i < 150; i++) mix.party(0, frame(i), i);
    expect(mix.queued()[0]).toBe(48_000);
  });
});
