// Whether the SIP listeners accept new connections. Two independent reasons to
// refuse them — paused (until resume) and refusing (for a while) — and the
// listeners listen exactly when neither holds and the endpoint is not closed.
// Changes are applied one at a time, in order.
//
//   listening ──pause()──▶ paused ──resume()──▶ listening
//   listening ──refuse(ms)──▶ refusing ──ms elapse──▶ listening
//   paused and refusing together: listening again once both are over
//   any ──close()──▶ closed (for good; a pending refusal's timer is cleared)
//
// Refusing touches no existing connection; what pause() does to them is the
// endpoint's business.

export interface ListenerIo {
  listen(): Promise<void>;
  /** Stops accepting; must not close connections already accepted. */
  stopListening(): Promise<void>;
}

export class ListenerGate {
  private paused = false;
  private closed = false;
  private refusingUntil: number | undefined;
  private refuseTimer: NodeJS.Timeout | undefined;
  private listening = true;
  private applying: Promise<void> = Promise.resolve();

  /** `io` starts out listening; `onError` hears a listen that failed (the gate then stays closed until the next change). */
  constructor(
    private readonly io: ListenerIo,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  isPaused(): boolean {
    return this.paused;
  }

  /** When a refusal ends, or undefined when none is in force. */
  refusingUntilMs(): number | undefined {
    return this.refusingUntil;
  }

  pause(): Promise<void> {
    this.paused = true;
    return this.apply();
  }

  resume(): Promise<void> {
    this.paused = false;
    return this.apply();
  }

  /** Refuses connections for `ms` from now (a longer refusal in force is kept); resolves once no longer listening. */
  refuse(ms: number): Promise<void> {
    const until = this.now() + ms;
    if (this.refusingUntil !== undefined && this.refusingUntil >= until) return this.apply();
    this.refusingUntil = until;
    if (this.refuseTimer) clearTimeout(this.refuseTimer);
    this.refuseTimer = setTimeout(() => {
      this.refuseTimer = undefined;
      this.refusingUntil = undefined;
      void this.apply();
    }, ms);
    this.refuseTimer.unref();
    return this.apply();
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.refuseTimer) clearTimeout(this.refuseTimer);
    this.refuseTimer = undefined;
    this.refusingUntil = undefined;
    return this.apply();
  }

  private apply(): Promise<void> {
    this.applying = this.applying.then(async () => {
      const wanted = !this.closed && !this.paused && this.refusingUntil === undefined;
      if (wanted === this.listening) return;
      try {
        if (wanted) await this.io.listen();
        else await this.io.stopListening();
        this.listening = wanted;
      } catch (error) {
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return this.applying;
  }
}
