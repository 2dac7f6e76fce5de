/**
 * Keeps each live call honest after trouble, so the screen never shows a
 * call that is gone (a "zombie": the platform ended it while its BYE could
 * not reach the phone). It asks the platform whether it still has the call
 * (PhoneCall.refresh, a re-INVITE) when:
 *
 *   registered again   after the connection was lost or the network changed
 *                      (ICE restart when the network changed or the media path broke)
 *   audio stopped      no inbound RTP for 3 s: first check the connection (a
 *                      keep-alive now); a live one refreshes the call
 *   media path broken  the peer connection went `failed`, or stayed
 *                      `disconnected` for a moment: refresh with an ICE restart
 *   offered while busy the platform offers another call, so it believes the
 *                      agent is free: the call on screen may be a zombie
 *
 * A call is not refreshed again within `minGapMs` of the last refresh for the
 * same reason family, and never twice at once. A refresh a proxy could not
 * pass on (5xx, 477) is asked again twice, `retryAfterMs` apart.
 */
import type { MediaHealth } from '../media/media-watch';
import type { PhoneCall } from './phone-call';
import type { RegisteredAgain } from '../connection/registration-keeper';
import type { Timers } from '../timers';
import type { ConnectionLoss } from './connection-loss';

export interface CallWatchdogOptions {
  readonly timers: Timers;
  readonly isRegistered: () => boolean;
  /** A keep-alive now; false (and the connection dropped) when nothing answered. */
  readonly checkConnection: (answerMs: number) => Promise<boolean>;
  /** Between two refreshes of one call caused by its media (default 10 s). */
  readonly minGapMs?: number;
  /** How long a `disconnected` path may last before the ICE restart (default 1 s). */
  readonly disconnectedGraceMs?: number;
  /** Between tries of a refresh a proxy could not pass on (default 2 s). */
  readonly retryAfterMs?: number;
}

const REFRESH_RETRIES = 2;

const brokenPath = (state: RTCPeerConnectionState | null): boolean => state === 'disconnected' || state === 'failed';

export class CallWatchdog {
  private readonly refreshing = new WeakSet<PhoneCall>();
  /** A refresh asked for while one was under way (its ICE restart wish), run after it when that one could not tell. */
  private readonly queued = new WeakMap<PhoneCall, boolean>();
  private readonly lastMediaRefresh = new WeakMap<PhoneCall, number>();
  private readonly graceTimers = new WeakMap<PhoneCall, unknown>();

  constructor(private readonly opts: CallWatchdogOptions) {}

  /** The phone registered again: refresh every answered call within the same tick; `loss` (what took the connection) names a call found gone. */
  registeredAgain(calls: readonly PhoneCall[], again: RegisteredAgain, loss: ConnectionLoss): void {
    for (const call of calls) {
      if (!answered(call)) continue;
      void this.refresh(call, again.cause === 'network-changed' || brokenPath(call.pathState), REFRESH_RETRIES, loss);
    }
  }

  /** A call's audio started or stopped arriving. */
  media(call: PhoneCall, health: MediaHealth): void {
    if (health.kind !== 'silent' || !answered(call) || this.tooSoon(call)) return;
    this.lastMediaRefresh.set(call, this.opts.timers.now());
    void (async () => {
      // No audio is the first sign of a dead path; a dead connection reconnects, then registeredAgain refreshes.
      const alive = await this.opts.checkConnection(2_000);
      if (alive && this.opts.isRegistered()) await this.refresh(call, brokenPath(call.pathState));
    })();
  }

  /** A call's peer connection changed state. */
  path(call: PhoneCall, state: RTCPeerConnectionState): void {
    const pending = this.graceTimers.get(call);
    if (pending !== undefined) this.opts.timers.clearTimeout(pending);
    this.graceTimers.delete(call);
    if (!brokenPath(state) || !answered(call)) return;
    const restart = (): void => {
      this.graceTimers.delete(call);
      if (!brokenPath(call.pathState) || !this.opts.isRegistered() || this.tooSoon(call)) return;
      this.lastMediaRefresh.set(call, this.opts.timers.now());
      void this.refresh(call, true);
    };
    if (state === 'failed') restart();
    else this.graceTimers.set(call, this.opts.timers.setTimeout(restart, this.opts.disconnectedGraceMs ?? 1_000));
  }

  /** Another call is offered while these are live: the platform thinks the agent is free. */
  offeredWhileBusy(calls: readonly PhoneCall[]): void {
    if (!this.opts.isRegistered()) return;
    for (const call of calls) if (answered(call)) void this.refresh(call, brokenPath(call.pathState));
  }

  private tooSoon(call: PhoneCall): boolean {
    const last = this.lastMediaRefresh.get(call);
    return last !== undefined && this.opts.timers.now() - last < (this.opts.minGapMs ?? 10_000);
  }

  private async refresh(call: PhoneCall, iceRestart: boolean, retriesLeft = REFRESH_RETRIES, loss: ConnectionLoss | null = null): Promise<void> {
    if (this.refreshing.has(call)) {
      this.queued.set(call, (this.queued.get(call) ?? false) || iceRestart);
      return;
    }
    this.refreshing.add(call);
    const result = await call.refresh(iceRestart, loss).finally(() => this.refreshing.delete(call));
    const again = this.queued.get(call);
    this.queued.delete(call);
    // The first one went out on a connection that died meanwhile: the newer request still needs its answer.
    if (again !== undefined && (result === 'unknown' || result === 'retry') && this.opts.isRegistered()) return this.refresh(call, again, retriesLeft, loss);
    if (result === 'retry' && retriesLeft > 0) {
      await new Promise<void>((resolve) => this.opts.timers.setTimeout(() => resolve(), this.opts.retryAfterMs ?? 2_000));
      if (answered(call) && this.opts.isRegistered()) await this.refresh(call, iceRestart, retriesLeft - 1, loss);
    }
  }
}

function answered(call: PhoneCall): boolean {
  return call.state.kind === 'active' || call.state.kind === 'held';
}
