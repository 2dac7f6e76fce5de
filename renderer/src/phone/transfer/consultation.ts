/**
 * A consultation: the agent holds a customer's call and calls a colleague
 * (or a campaign, or a number) about it, then transfers the customer there
 * (attended transfer), brings all three together (conference/), or goes
 * back. Its state comes from the two calls' own states (SIP) and from what
 * the platform answers a completion; the agent's actions only start things.
 *
 *   dialling ──answered──▶ open ◀──────────▶ conference
 *      │                    │  ▲                 │
 *      │                    ▼  │ failure         ▼
 *      │                 completing ◀────────────┘
 *      │                    │ NOTIFY 200
 *      ▼                    ▼
 *   ended{outcome}: transferred | cancelled | not-reached | target-left | customer-left | customer-dropped
 *
 * Who the agent talks to while `open` is what the calls say (one active, the
 * other held); swap() moves between them. When the target hangs up (or was
 * never reached) the customer stays on hold and the agent is told: a
 * customer must not suddenly hear the agent mid-sentence with someone else,
 * so resuming is the agent's one action (phone.resume()). When the customer
 * hangs up, the agent keeps the colleague as a plain call.
 */
import type { Say, Spoken } from '../../../../common/i18n/say';
import type { PhoneCall } from '../call/phone-call';
import { isEstablished } from '../call/call-state';
import { failureSaid } from '../call/sip-failure';
import { assertTransition, type TransitionTable } from '../state-machine';

export type ConsultationOutcome =
  /** The platform joined customer and target (attended transfer). */
  | 'transferred'
  /** The agent ended the consultation (cancel, hung up the target, or dropped it from a conference). */
  | 'cancelled'
  /** The consultation call never got through (busy, not found, declined…). */
  | 'not-reached'
  /** The target hung up. */
  | 'target-left'
  /** The customer hung up. */
  | 'customer-left'
  /** The agent hung up the customer (or dropped it from a conference). */
  | 'customer-dropped';

export type ConsultationState =
  | { readonly kind: 'dialling' }
  | { readonly kind: 'open' }
  | { readonly kind: 'conference' }
  | { readonly kind: 'completing' }
  | { readonly kind: 'ended'; readonly outcome: ConsultationOutcome; readonly at: number; readonly reason: Say };

type Kind = ConsultationState['kind'];

const table: TransitionTable<Kind> = {
  dialling: ['open', 'ended'],
  open: ['conference', 'completing', 'ended'],
  conference: ['open', 'completing', 'ended'],
  completing: ['open', 'conference', 'ended'],
  ended: [],
};

/** What the phone tells the UI (the `consultation` event). */
export interface ConsultationEvent {
  readonly customerCallId: string;
  readonly consultationCallId: string;
  /** The target as the agent chose it. */
  readonly target: string;
  readonly state: ConsultationState;
}

/** A consultation as the UI sees it: the two calls, the target, and where it stands. */
export interface ConsultationView {
  readonly customer: PhoneCall;
  readonly consultation: PhoneCall;
  readonly target: string;
  readonly state: ConsultationState;
}

export class Consultation {
  private current: ConsultationState = { kind: 'dialling' };
  private resumeTo: 'open' | 'conference' = 'open';

  constructor(
    readonly customer: PhoneCall,
    readonly call: PhoneCall,
    readonly target: string,
    private readonly now: () => number,
    private readonly emit: (event: ConsultationEvent) => void,
  ) {}

  get state(): ConsultationState {
    return this.current;
  }

  get view(): ConsultationView {
    return { customer: this.customer, consultation: this.call, target: this.target, state: this.current };
  }

  get ended(): boolean {
    return this.current.kind === 'ended';
  }

  involves(call: PhoneCall): boolean {
    return call === this.customer || call === this.call;
  }

  /** The other call of the two. */
  other(call: PhoneCall): PhoneCall {
    return call === this.customer ? this.call : this.customer;
  }

  conferenceStarted(): void {
    this.move({ kind: 'conference' });
  }

  /** The conference ended with both calls still up. */
  conferenceEnded(): void {
    if (this.current.kind === 'conference') this.move({ kind: 'open' });
    else if (this.current.kind === 'completing') this.resumeTo = 'open';
  }

  completing(): void {
    this.resumeTo = this.current.kind === 'conference' ? 'conference' : 'open';
    this.move({ kind: 'completing' });
  }

  /** The completion failed and both calls are still there: back to where it was. */
  completionFailed(): void {
    if (this.current.kind === 'completing') this.move({ kind: this.resumeTo });
  }

  /** `cause`: why it was not reached (only `not-reached` says one). */
  end(outcome: ConsultationOutcome, cause?: Spoken): void {
    if (this.ended) return;
    const reason: Say = { key: OUTCOME_KEYS[outcome], params: { target: this.target }, ...(cause ? { cause } : {}) };
    this.move({ kind: 'ended', outcome, at: this.now(), reason });
  }

  /** One of the two calls changed state (SIP): the consultation follows. */
  callChanged(call: PhoneCall): void {
    if (this.ended || !this.involves(call)) return;
    const state = call.state;
    // Answered; or, taken back after a reload (issue 24), already held because the agent had swapped to the customer.
    if (call === this.call && isEstablished(state) && this.current.kind === 'dialling') return this.move({ kind: 'open' });
    if (state.kind !== 'ended') return;
    // A completion in flight: the platform ends the legs itself; the transfer's result decides (attended-transfer.ts).
    if (this.current.kind === 'completing') return;
    const byAgent = state.by === 'agent';
    if (call === this.customer) return this.end(byAgent ? 'customer-dropped' : 'customer-left');
    if (byAgent) return this.end('cancelled');
    if (this.current.kind !== 'dialling') return this.end('target-left');
    const why = state.failure ? failureSaid(state.failure.kind, this.target, state.failure.status) : { key: 'phone.failure.notSetUp', params: {} };
    this.end('not-reached', why);
  }

  private move(to: ConsultationState): void {
    assertTransition('consultation', table, this.current.kind, to.kind);
    this.current = to;
    this.emit({ customerCallId: this.customer.id, consultationCallId: this.call.id, target: this.target, state: to });
  }
}

const OUTCOME_KEYS = {
  transferred: 'phone.consultation.transferred',
  cancelled: 'phone.consultation.cancelled',
  'not-reached': 'phone.consultation.notReached',
  'target-left': 'phone.consultation.targetLeft',
  'customer-left': 'phone.consultation.customerLeft',
  'customer-dropped': 'phone.consultation.customerDropped',
} as const;
