/**
 * One transfer of one customer call (blind, or an attended one completing):
 * what the phone reports about it (the `transfer` event) and the REFER it
 * follows (refer-follower.ts). The customer may hang up at any moment: before
 * the REFER is out, the REFER is never sent; after, the transfer fails as
 * `customer-gone`.
 */
import type { Spoken } from '../../../../common/i18n/say';
import type { PhoneCall } from '../call/phone-call';
import type { SipFailureKind } from '../call/sip-failure';
import type { Timers } from '../timers';
import { ReferFollower, type ReferBounds } from './refer-follower';
import { customerMoved, failed, isFinal, type TransferProgress, type TransferState } from './transfer-state';

/** What every transfer needs from the phone. */
export interface TransferContext {
  readonly timers: Timers;
  /** `<sip:1001@host>`: Referred-By. */
  readonly aor: string;
  readonly bounds: ReferBounds;
  /** Ask the platform for no progress reports (Refer-Sub: false). */
  readonly noSubscription: boolean;
  readonly report: (progress: TransferProgress) => void;
}

export class TransferAttempt {
  private follower: ReferFollower | null = null;
  private customerGone = false;
  private last: TransferState | null = null;
  private lastAt = 0;

  constructor(
    readonly call: PhoneCall,
    readonly kind: 'blind' | 'attended',
    /** The target as the agent chose it. */
    readonly target: string,
    private readonly ctx: TransferContext,
  ) {}

  get timers(): Timers {
    return this.ctx.timers;
  }

  /** How long the platform may take to hang up a consultation leg it replaced. */
  get replacedLegMs(): number {
    return this.ctx.bounds.replacedLegMs;
  }

  /** What was last reported and when (a page reloaded now hands an unfinished blind transfer to the next: issue 24). */
  get progress(): { readonly state: TransferState; readonly at: number } | null {
    return this.last ? { state: this.last, at: this.lastAt } : null;
  }

  report(reported: TransferState): TransferState {
    if (this.last?.stage === 'done' || this.last?.stage === 'failed') return this.last;
    const state = this.kind === 'blind' ? saidForBlind(reported, this.target) : reported;
    this.last = state;
    this.lastAt = this.ctx.timers.now();
    this.ctx.report({ ...state, callId: this.call.id, kind: this.kind, target: this.target, at: this.lastAt });
    return state;
  }

  fail(kind: SipFailureKind, cause?: Spoken): TransferState {
    return this.report(failed(kind, null, this.target, cause));
  }

  /** Sends the REFER and follows it to its result. */
  refer(referTo: string): Promise<TransferState> {
    if (this.customerGone || this.call.state.kind === 'ended') return Promise.resolve(this.fail('customer-gone'));
    const plan = { referTo, referredBy: this.ctx.aor, noSubscription: this.ctx.noSubscription, target: this.target };
    this.follower = new ReferFollower(plan, this.ctx.bounds, this.ctx.timers, (state) => this.report(state));
    // The result as reported (a blind failure may have been said anew: saidForBlind).
    return this.follower.run(this.call).then((state) => (this.last && isFinal(this.last) ? this.last : state));
  }

  /** Follows the REFER an earlier page sent on this call (issue 24), from the stage it had reached. */
  follow(from: TransferState): Promise<TransferState> {
    if (this.customerGone || this.call.state.kind === 'ended') return Promise.resolve(this.fail('customer-gone'));
    // No REFER goes out: the plan only names the target for the failure's words.
    const plan = { referTo: '', referredBy: this.ctx.aor, noSubscription: false, target: this.target };
    this.follower = new ReferFollower(plan, this.ctx.bounds, this.ctx.timers, (state) => this.report(state));
    return this.follower.follow(this.call, from).then((state) => (this.last && isFinal(this.last) ? this.last : state));
  }

  /** The customer's call ended. */
  customerLeft(): void {
    this.customerGone = true;
    this.follower?.fail('customer-gone');
  }
}

/** A blind transfer that failed after the platform had moved the customer says so, not that the customer is back. */
function saidForBlind(state: TransferState, target: string): TransferState {
  if (state.stage !== 'failed' || !customerMoved(state.failure.kind)) return state;
  const { cause } = state.failure.reason;
  return { ...state, failure: { ...state.failure, reason: { key: 'phone.transfer.customerLost', params: { target }, ...(cause ? { cause } : {}) } } };
}
