// The RTP-inactivity timeout in force (Asterisk's `rtp_timeout`; 0 = off):
// the option's value at start, changed at runtime by POST /__sim/sip/settings,
// back to the option's value on POST /__sim/reset. Live calls read it at every
// check, so a change applies to them too.

/** Asterisk ships `rtp_timeout=0` (off); platforms set one, commonly 15–60 s (field notes): 30 s here. */
export const DEFAULT_RTP_TIMEOUT_MS = 30_000;
/** One hour: past that the timeout is off in all but name. */
export const MAX_RTP_TIMEOUT_MS = 3_600_000;

export class RtpTimeoutSetting {
  private current: number;
  private readonly initial: number;

  constructor(initialMs: number = DEFAULT_RTP_TIMEOUT_MS) {
    this.initial = checkRtpTimeoutMs(initialMs, 'rtpTimeoutMs');
    this.current = this.initial;
  }

  timeoutMs(): number {
    return this.current;
  }

  set(ms: number): void {
    this.current = checkRtpTimeoutMs(ms, 'the RTP timeout');
  }

  /** Back to the value the simulator started with. */
  reset(): void {
    this.current = this.initial;
  }
}

/** A whole number of milliseconds from 0 (off) to one hour, or a RangeError that says so. */
export function checkRtpTimeoutMs(ms: number, what: string): number {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_RTP_TIMEOUT_MS) {
    throw new RangeError(`${what} must be a whole number of milliseconds from 0 (off) to ${MAX_RTP_TIMEOUT_MS} (got ${ms}).`);
  }
  return ms;
}
