/**
 * One transfer, as the platform reports it (a REFER's answer and the
 * NOTIFYs about it), never as the UI remembers it. Pure.
 *
 *   requested ──202, or NOTIFY 100──▶ trying ──NOTIFY 180/183──▶ ringing
 *       │                               │                          │
 *       ├───────── NOTIFY 200 (also right after 180), or a 2xx with Refer-Sub: false ──▶ done
 *       └───────── REFER refused, a failure sipfrag, no answer in time, the customer gone … ──▶ failed{kind, status}
 *
 * `done` and `failed` are final: a NOTIFY after them (late, repeated, out of
 * order) changes nothing, and a stage never goes back (a 100 after a 180 is
 * ignored). `Subscription-State: terminated` without a final status ends it
 * as failed{no-result}.
 */
import type { Say, Spoken } from '../../../../common/i18n/say';
import { failureSaid, sipFailureKind, type SipFailureKind } from '../call/sip-failure';
import type { TransitionTable } from '../state-machine';
import type { ReferAnswer, ReferNotify } from '../call/refer-dialog';
import { readSipFrag } from './sipfrag';

export type TransferStage = 'requested' | 'trying' | 'ringing' | 'done' | 'failed';

export interface TransferFailure {
  readonly kind: SipFailureKind;
  /** The SIP status that said so (the REFER's answer or the sipfrag), null when none did (timeout, no connection, customer gone). */
  readonly status: number | null;
  /** In plain words, by message key (the reason's `cause` names the kind). */
  readonly reason: Say;
}

export type TransferState =
  | { readonly stage: 'requested' }
  | { readonly stage: 'trying' }
  | { readonly stage: 'ringing' }
  | { readonly stage: 'done' }
  | { readonly stage: 'failed'; readonly failure: TransferFailure };

const table: TransitionTable<TransferStage> = {
  requested: ['trying', 'ringing', 'done', 'failed'],
  trying: ['ringing', 'done', 'failed'],
  ringing: ['done', 'failed'],
  done: [],
  failed: [],
};

/**
 * A blind transfer's failure that came after the platform had started it: Asterisk moves the customer
 * out of the agent's call into the dialplan at the 202 (res_pjsip_refer, bridge blind transfer), so a
 * target that is busy, unreachable, unanswered or declining leaves the customer with no one (the
 * dialplan ends) while the agent's leg waits alone for its BYE. A target the dialplan does not have
 * (404) or a transfer refused (603, 403 …) moved nobody: the customer is still with the agent.
 */
export function customerMoved(kind: SipFailureKind): boolean {
  return kind === 'busy' || kind === 'unavailable' || kind === 'no-answer' || kind === 'declined';
}

export function isFinal(state: TransferState): boolean {
  return state.stage === 'done' || state.stage === 'failed';
}

/** Moves on, or stays where it is when `to` would go back or nowhere (a late or repeated report). */
export function advance(from: TransferState, to: TransferState): TransferState {
  return from.stage !== to.stage && table[from.stage].includes(to.stage) ? to : from;
}

/** `cause`: the words for it when the kind alone does not say (a hold the platform refused). */
export function failed(kind: SipFailureKind, status: number | null, target: string, cause?: Spoken): TransferState {
  const reason: Say = { key: 'phone.transfer.failed', params: { target }, cause: cause ?? failureSaid(kind, target, status) };
  return { stage: 'failed', failure: { kind, status, reason } };
}

/** What the REFER's final answer says. */
export function afterAnswer(from: TransferState, answer: ReferAnswer, target: string): TransferState {
  if (answer.status >= 200 && answer.status < 300) return advance(from, answer.subscription ? { stage: 'trying' } : { stage: 'done' });
  // 408: sip.js's own timer F, nothing answered the REFER.
  const kind = answer.status === 408 ? 'timeout' : sipFailureKind(answer.status, 'request');
  return advance(from, failed(kind, answer.status, target));
}

/** What one NOTIFY says (already answered 200 by the call). */
export function afterNotify(from: TransferState, notify: ReferNotify, target: string): TransferState {
  if (notify.event !== 'refer') return from;
  const frag = readSipFrag(notify.body);
  const terminated = notify.subscriptionState === 'terminated';
  if (frag && frag.status >= 200 && frag.status < 300) return advance(from, { stage: 'done' });
  if (frag && frag.status >= 300) return advance(from, failed(sipFailureKind(frag.status, 'attempt'), frag.status, target));
  if (terminated) return advance(from, failed('no-result', frag?.status ?? null, target));
  if (!frag) return from;
  return advance(from, frag.status === 180 || frag.status === 183 ? { stage: 'ringing' } : { stage: 'trying' });
}

/** What the phone tells the UI about a transfer (the `transfer` event): whose call, how, where to, and its state now. */
export type TransferProgress = TransferState & {
  /** The customer's call (the one the REFER goes out on). */
  readonly callId: string;
  readonly kind: 'blind' | 'attended';
  /** The target as the agent chose it. */
  readonly target: string;
  /** When it reached this stage (epoch ms). */
  readonly at: number;
};
