import { describe, expect, it } from 'vitest';
import { CLEAR_AFTER_MS, SILENT_LEVEL, SilentMicrophoneWatch, WARN_AFTER_MS } from '../../renderer/src/audio/silent-microphone';

const SOUND = 0.02;
const SILENCE = 0;

/** Feeds one reading a second from `from` for `seconds`; returns the warnings seen. */
function feed(watch: SilentMicrophoneWatch, level: number, from: number, seconds: number, sending = true): boolean[] {
  return Array.from({ length: seconds }, (_, i) => watch.sample(level, sending, from + i * 1_000));
}

describe('the silent-microphone warning', () => {
  it('warns after WARN_AFTER_MS of digital silence while the agent sends, not before', () => {
    const watch = new SilentMicrophoneWatch();
    const seen = feed(watch, SILENCE, 0, WARN_AFTER_MS / 1_000 + 1);
    expect(seen.slice(0, -1).every((w) => !w)).toBe(true);
    expect(seen.at(-1)).toBe(true);
  });

  it('never warns on a live microphone in a speech pause (its own noise is far above digital silence)', () => {
    const watch = new SilentMicrophoneWatch();
    expect(feed(watch, SILENT_LEVEL * 10, 0, 60).some(Boolean)).toBe(false);
  });

  it('never warns while muted or on hold, and a mute starts the wait again', () => {
    const watch = new SilentMicrophoneWatch();
    expect(feed(watch, SILENCE, 0, 30, false).some(Boolean)).toBe(false);
    feed(watch, SILENCE, 30_000, 3);
    watch.sample(SILENCE, false, 33_000);
    expect(feed(watch, SILENCE, 34_000, WARN_AFTER_MS / 1_000).some(Boolean)).toBe(false);
  });

  it('takes the warning back only after CLEAR_AFTER_MS of sound, and does not flap on a single click of sound', () => {
    const watch = new SilentMicrophoneWatch();
    feed(watch, SILENCE, 0, 6);
    expect(watch.sample(SOUND, true, 6_000)).toBe(true);
    expect(watch.sample(SILENCE, true, 7_000)).toBe(true);
    expect(watch.sample(SOUND, true, 8_000)).toBe(true);
    expect(watch.sample(SOUND, true, 8_000 + CLEAR_AFTER_MS)).toBe(false);
    // Silent again: a fresh WARN_AFTER_MS before it is said again.
    expect(feed(watch, SILENCE, 10_000, WARN_AFTER_MS / 1_000).some(Boolean)).toBe(false);
    expect(watch.sample(SILENCE, true, 10_000 + WARN_AFTER_MS)).toBe(true);
  });
});
