// The 20 ms clock a leg sends RTP on. Node's timers run late and a repeating
// one adds each lateness to the next (about a millisecond a tick here, more
// under load), so a leg paced by `setInterval(…, 20)` sent fewer than 50
// packets a second: the phone's jitter buffer saw a slow clock, and on the
// echo test the frames waiting to go back piled up to the queue's bound
// (the delay heard crept from 80 to 300 ms within seconds). A PBX paces on
// its timing source (Asterisk: timerfd), so this clock counts the frames due
// since it started: a tick that runs late sends what is due, and a stall
// longer than MAX_CATCH_UP_FRAMES starts the count over rather than bursting.
export const FRAME_MS = 20;
export const MAX_CATCH_UP_FRAMES = 5;

export class SendClock {
  private next: number;

  constructor(startedAt: number) {
    this.next = startedAt + FRAME_MS;
  }

  /** How many frames are due at `now` (0 to MAX_CATCH_UP_FRAMES), counted as sent. */
  due(now: number): number {
    if (now < this.next) return 0;
    const frames = Math.floor((now - this.next) / FRAME_MS) + 1;
    if (frames > MAX_CATCH_UP_FRAMES) {
      this.next = now + FRAME_MS;
      return 1;
    }
    this.next += frames * FRAME_MS;
    return frames;
  }

  /** How long to wait before the next frame is due. */
  msUntilNext(now: number): number {
    return Math.max(0, this.next - now);
  }
}
