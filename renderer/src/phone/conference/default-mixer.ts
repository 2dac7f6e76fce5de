/**
 * The conference mixer the phone uses when the app names none
 * (docs/ASSUMPTIONS.md "Which mixer a three-way call uses"): the frame mixer
 * (frame-mixer.ts, the Breakout Box in a worker) wherever the browser has
 * the Breakout Box (Chromium: Electron and the browser host's usual
 * browser), else Web Audio (audio-mixer.ts: Firefox, Safari).
 *
 * Why the frame mixer first: bench/conference.ts measured both in the same
 * runs (docs/BENCHMARKS.md, "Issue 22"). Per conference, the frame mixer
 * kept what a party says 2–17 ms late (it waits for the microphone's next
 * frame, and for one frame of slack only where the clocks' phases are
 * close) and the agent's voice 0–3 ms; Web Audio 17–107 ms on either path,
 * set by its clocks' phase when it starts: over the bound of one
 * 20 ms packet in most conferences. The price is CPU: its frames cross to a
 * worker and back, 3.7–6 CPU seconds per minute of conference against Web
 * Audio's 0–1.
 */
import { createAudioMixer } from './audio-mixer';
import { breakoutBox } from './breakout-box';
import type { ConferenceMixer } from './conference-mixer';
import { createFrameMixer, type FrameMixerOptions } from './frame-mixer';

/** `scope` is where the Breakout Box is looked up (the page; tests pass one without it). */
export function createDefaultMixer(options: FrameMixerOptions = {}, scope: object = globalThis): ConferenceMixer {
  const box = breakoutBox(scope);
  return box ? createFrameMixer(box, options) : createAudioMixer();
}
