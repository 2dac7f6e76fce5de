import { describe, expect, it } from 'vitest';
import { FRAME_MS, MAX_CATCH_UP_FRAMES, SendClock } from '../../../simulator/media/send-clock';

/** Runs the clock as a timer loop would, each wake-up `lateMs` after the wait it asked for. */
function framesSent(clock: SendClock, start: number, untilMs: number, lateMs: (tick: number) => number): number {
  let now = start;
  let sent = 0;
  for (let tick = 0; now - start < untilMs; tick += 1) {
    now += clock.msUntilNext(now) + lateMs(tick);
    sent += clock.due(now);
  }
  return sent;
}

describe('the simulator\'s RTP send clock', () => {
  it('sends 50 frames a second when every wake-up is a little late (a repeating timer would send fewer)', () => {
    const sent = framesSent(new SendClock(1_000), 1_000, 10_000, () => 1.3);
    expect(sent).toBeGreaterThanOrEqual(499);
    expect(sent).toBeLessThanOrEqual(500);
  });

  it('keeps the count through irregular lateness under load', () => {
    const sent = framesSent(new SendClock(0), 0, 10_000, (tick) => [0, 7, 2, 15, 4, 33, 1][tick % 7] ?? 0);
    expect(sent).toBeGreaterThanOrEqual(498);
    expect(sent).toBeLessThanOrEqual(500);
  });

  it('does not burst after a stall: it sends one frame and paces from there', () => {
    const clock = new SendClock(0);
    expect(clock.due(FRAME_MS)).toBe(1);
    expect(clock.due(FRAME_MS + 500)).toBe(1);
    expect(clock.msUntilNext(FRAME_MS + 500)).toBe(FRAME_MS);
    expect(clock.due(FRAME_MS + 500 + FRAME_MS * 2)).toBe(2);
  });

  it('catches up a short delay whole', () => {
    const clock = new SendClock(0);
    expect(clock.due(FRAME_MS * MAX_CATCH_UP_FRAMES)).toBe(MAX_CATCH_UP_FRAMES);
    expect(clock.due(FRAME_MS * MAX_CATCH_UP_FRAMES + 1)).toBe(0);
  });
});
