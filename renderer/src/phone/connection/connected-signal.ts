/**
 * "The phone's WebSocket is connected", for whoever must send something as
 * soon as it is (a take-over after a reload, issue 24, goes before the
 * REGISTER is through: an in-dialog request needs no binding), with a bound:
 * a wait never outlives its time-out.
 */
import type { Timers } from '../timers';

export class ConnectedSignal {
  private readonly waiters = new Set<(connected: boolean) => void>();

  constructor(private readonly isConnected: () => boolean, private readonly timers: Timers) {}

  /** The transport connected: every wait ends with true. */
  connected(): void {
    for (const waiter of [...this.waiters]) waiter(true);
  }

  /** True once connected (at once if it is), false after `timeoutMs` without a connection. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.isConnected()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (connected: boolean): void => {
        this.waiters.delete(done);
        this.timers.clearTimeout(timer);
        resolve(connected);
      };
      const timer = this.timers.setTimeout(() => done(false), timeoutMs);
      this.waiters.add(done);
    });
  }
}
