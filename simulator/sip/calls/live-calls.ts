// Every call that lives now, by GUID, and the legs that belong to no call any
// more (a transferring agent's leg waiting for its BYE). Hang Up Call, the
// customer hanging up, reset and restart reach calls through here; the
// agent picker asks here whether a phone is still on a leg.
import type { CallRecord } from '../../state/records';
import type { SimState } from '../../state/sim-state';
import type { CallLeg, PlatformEnd } from '../call-leg';
import { LiveCall } from './live-call';

export class LiveCalls {
  private readonly calls = new Map<string, LiveCall>();
  private readonly endListeners = new Set<(call: CallRecord) => void>();
  /** Legs alone (no call's party), by the phone on them. */
  private readonly parked = new Map<CallLeg, string>();

  constructor(
    private readonly state: SimState,
    private readonly levelRefreshMs?: number,
  ) {}

  create(guid: string): LiveCall {
    const call = new LiveCall(guid, {
      state: this.state,
      ...(this.levelRefreshMs !== undefined ? { levelRefreshMs: this.levelRefreshMs } : {}),
      onEnded: (ended) => {
        if (this.calls.get(guid) === ended) this.calls.delete(guid);
        this.announceEnded(guid);
      },
    });
    this.calls.set(guid, call);
    return call;
  }

  get(guid: string): LiveCall | undefined {
    return this.calls.get(guid);
  }

  all(): LiveCall[] {
    return [...this.calls.values()];
  }

  /** The call a leg is a party of, if any. */
  callOfLeg(leg: CallLeg): LiveCall | undefined {
    return this.all().find((call) => call.partyOfLeg(leg) !== undefined);
  }

  /** Called when any call ends (the dialer offers the next record). */
  onCallEnded(listener: (call: CallRecord) => void): void {
    this.endListeners.add(listener);
  }

  /** Tells the listeners that the record `guid` ended (also one that never got a live call: its phone was not registered). */
  announceEnded(guid: string): void {
    const record = this.state.calls.get(guid);
    if (record) for (const listener of this.endListeners) listener(record);
  }

  /** A leg left alone (a transferring agent's): counted as the phone being busy, ended by reset and restart. */
  park(leg: CallLeg, phone: string): void {
    if (!leg.isEnded()) this.parked.set(leg, phone);
  }

  unpark(leg: CallLeg): void {
    this.parked.delete(leg);
  }

  /** Whether `phone` is on any leg the platform still has (a call's party, a call's target, a parked leg). */
  isPhoneBusy(phone: string): boolean {
    for (const [leg, owner] of this.parked) if (owner === phone && !leg.isEnded()) return true;
    return this.all().some((call) => (call.record()?.parties ?? []).some((party) => party.phone === phone));
  }

  async hangup(guid: string, endedBy: PlatformEnd, options: { byeLost?: boolean } = {}): Promise<boolean> {
    const call = this.calls.get(guid);
    if (!call) return false;
    await call.hangup(endedBy, undefined, options);
    return true;
  }

  /** Copies the audio levels of a live call into its record; any record as it is. */
  refreshLevels(guid: string): CallRecord | undefined {
    return this.calls.get(guid)?.refreshLevels() ?? this.state.calls.get(guid);
  }

  /** The last seconds the customer of a live call heard; undefined when the call is not live. */
  customerHeard(guid: string): Int16Array | undefined {
    return this.calls.get(guid)?.customerHeard();
  }

  async closeAll(): Promise<void> {
    await Promise.all([
      ...this.all().map((call) => call.hangup('api').catch(() => undefined)),
      ...[...this.parked.keys()].map((leg) => leg.hangup('api').catch(() => undefined)),
    ]);
    this.parked.clear();
  }

  /**
   * Ends every live call and parked leg as failed with `cause`: with
   * BYE/CANCEL (`signal`), or without a word (`drop`, a crash).
   */
  async endAll(cause: string, how: 'signal' | 'drop'): Promise<void> {
    const legs = [...this.parked.keys()];
    this.parked.clear();
    if (how === 'drop') {
      for (const call of this.all()) call.drop(cause);
      for (const leg of legs) leg.drop(cause);
      return;
    }
    await Promise.all([
      ...this.all().map((call) => call.hangup('failed', cause).catch(() => undefined)),
      ...legs.map((leg) => leg.hangup('failed', cause).catch(() => undefined)),
    ]);
  }
}
