// Make Call answered with a GUID, but the platform's call to her phone never came. The platform places a
// Make Call by ringing the agent's phone first, and when that fails (a registrar that lost the phone's
// binding while the connection stayed, an originate that failed there) the API's caller hears nothing.
// Without this the number field emptied and nothing else happened.

/** How long after Make Call's answer her phone should have rung: the platform's INVITE comes within a second or two. */
export const MAKE_CALL_RING_WAIT_MS = 10_000;

export class MakeCallRingWait {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last call was offered to her phone (epoch ms). */
  private lastOfferAt = 0;

  /** A call came to her phone (whichever: while one rings, the agent is not left wondering). */
  offered(): void {
    this.lastOfferAt = Date.now();
    this.stop();
  }

  /** Make Call was sent at `sentAt` and answered: `silent` runs if no call has come MAKE_CALL_RING_WAIT_MS later. */
  start(sentAt: number, silent: () => void): void {
    this.stop();
    if (this.lastOfferAt >= sentAt) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.lastOfferAt < sentAt) silent();
    }, MAKE_CALL_RING_WAIT_MS);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
