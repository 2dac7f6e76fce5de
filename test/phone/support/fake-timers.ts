import type { Timers } from '../../../renderer/src/phone/timers';

/** Timers that move only when the test advances them. */
export class FakeTimers implements Timers {
  private t = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void; every: number | null }>();
  readonly delays: number[] = [];

  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    this.delays.push(ms);
    this.due.set(++this.seq, { at: this.t + ms, fn, every: null });
    return this.seq;
  }
  clearTimeout(h: unknown): void {
    this.due.delete(h as number);
  }
  setInterval(fn: () => void, ms: number): unknown {
    this.due.set(++this.seq, { at: this.t + ms, fn, every: ms });
    return this.seq;
  }
  clearInterval(h: unknown): void {
    this.due.delete(h as number);
  }
  get pending(): number {
    return this.due.size;
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.due.entries()].filter(([, d]) => d.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      const [id, d] = next;
      this.t = d.at;
      if (d.every === null) this.due.delete(id);
      else d.at += d.every;
      d.fn();
    }
    this.t = end;
  }
}
