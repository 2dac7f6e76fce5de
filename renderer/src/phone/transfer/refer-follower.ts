/**
 * One REFER followed to its result (transfer-state.ts): sends it on the
 * customer's call, reads its answer and every NOTIFY about it, and bounds
 * the wait. Two bounds, because they measure different things:
 *
 *   answerMs   the platform accepts or refuses at once (Asterisk: 202 before
 *              any look-up); nothing within it = failed{timeout}
 *   resultMs   once accepted, the target may ring for a while; no final
 *              report within it = failed{timeout}
 *
 * With `noSubscription` (Refer-Sub: false) the REFER's answer itself is the
 * result, so it gets `resultMs` (sip.js's timer F still ends it at 32 s).
 * A report after the result (late, repeated) is answered 200 by the call and
 * changes nothing here.
 */
import type { PhoneCall } from '../call/phone-call';
import type { Timers } from '../timers';
import { afterAnswer, afterNotify, failed, isFinal, type TransferState } from './transfer-state';

export interface ReferBounds {
  readonly answerMs: number;
  readonly resultMs: number;
  /** After an attended transfer: how long the platform may take to hang up the consultation leg before the phone does. */
  readonly replacedLegMs: number;
}

export interface ReferPlan {
  /** The whole Refer-To (refer-to.ts). */
  readonly referTo: string;
  /** The agent's AOR, `<sip:1001@host>`. */
  readonly referredBy: string;
  readonly noSubscription: boolean;
  /** The target as the agent chose it, for the failure's words. */
  readonly target: string;
}

export class ReferFollower {
  private current: TransferState = { stage: 'requested' };
  private timer: unknown = null;
  private settle: ((state: TransferState) => void) | null = null;

  constructor(
    private readonly plan: ReferPlan,
    private readonly bounds: ReferBounds,
    private readonly timers: Timers,
    private readonly onChange: (state: TransferState) => void,
  ) {}

  get state(): TransferState {
    return this.current;
  }

  /** Sends the REFER on `call`; resolves with the final state. */
  run(call: PhoneCall): Promise<TransferState> {
    const result = new Promise<TransferState>((resolve) => (this.settle = resolve));
    const { referTo, referredBy, noSubscription, target } = this.plan;
    const sent = call.refer(
      { referTo, referredBy, noSubscription, onAnswer: (answer) => this.update(afterAnswer(this.current, answer, target)) },
      (notify) => this.update(afterNotify(this.current, notify, target)),
    );
    if (!sent) this.update(failed('no-connection', null, target));
    else this.arm(noSubscription ? this.bounds.resultMs : this.bounds.answerMs);
    return result;
  }

  /**
   * Follows a REFER an earlier page sent on `call` (issue 24), from the stage
   * it had reached: no REFER goes out; its NOTIFYs arrive in the dialog the
   * new page took over, and the result is bounded by `resultMs` from now.
   */
  follow(call: PhoneCall, from: TransferState): Promise<TransferState> {
    const result = new Promise<TransferState>((resolve) => (this.settle = resolve));
    this.current = from;
    call.followRefer((notify) => this.update(afterNotify(this.current, notify, this.plan.target)));
    this.arm(this.bounds.resultMs);
    return result;
  }

  /** Ends it from outside (the customer hung up, the connection is gone) unless it already has its result. */
  fail(kind: 'customer-gone' | 'no-connection'): void {
    this.update(failed(kind, null, this.plan.target));
  }

  private update(next: TransferState): void {
    if (next === this.current || isFinal(this.current)) return;
    const accepted = this.current.stage === 'requested';
    this.current = next;
    this.onChange(next);
    if (isFinal(next)) {
      this.timers.clearTimeout(this.timer);
      this.settle?.(next);
    } else if (accepted) this.arm(this.bounds.resultMs);
  }

  private arm(ms: number): void {
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.update(failed('timeout', null, this.plan.target)), ms);
  }
}
