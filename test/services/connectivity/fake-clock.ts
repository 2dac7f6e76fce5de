import type { Clock, TimerHandle } from '../../../main/services/connectivity/clock';

/** A clock that moves only when the test says so; timers fire in due order. */
export class FakeClock implements Clock {
  private t = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  /** Delays asked for, in order (what a backoff schedule looked like). */
  readonly requested: number[] = [];

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.requested.push(ms);
    this.timers.set(id, { at: this.t + ms, fn });
    return { cancel: () => this.timers.delete(id) };
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, v]) => v.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
}
