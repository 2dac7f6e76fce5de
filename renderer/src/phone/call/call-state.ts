/**
 * One call, from the moment the INVITE reaches the phone (incoming) or leaves
 * it (outgoing: a consultation, transfer/consultation.ts).
 *
 *   incoming   ringing ──answer()/auto──▶ answering ──media up──┐
 *   outgoing   calling ──180/183──▶ remote-ringing ──200────────┤
 *                 └──────────────200──────────────────────────┤
 *                                                              ▼
 *                                              active ◀──resume()/hold()──▶ held
 *
 *   every state but ended ──▶ ended{cause, by}:
 *     ringing:          reject()/CANCEL (rejected, cancelled); its INVITE's connection gone (connection-lost)
 *     calling, remote-ringing: a final failure (not-reached, with `failure`), hangUp() (cancelled by the agent)
 *     answering:        failed
 *     active, held:     hangUp()/BYE (hangup), refresh 481/408/no answer (network-dropped),
 *                       a transfer the platform completed (transferred, with `transfer`)
 *
 * `ended` is final. Hold is a re-INVITE; while it is under way the call stays
 * in its current state and moves only when the far end accepts.
 */
import type { Say } from '../../../../common/i18n/say';
import { assertTransition, type TransitionTable } from '../state-machine';
import type { ConnectionLoss } from './connection-loss';
import type { SipFailureKind } from './sip-failure';

export type EndCause =
  /** Someone hung up an established call. */
  | 'hangup'
  /** The agent declined a ringing call. */
  | 'rejected'
  /** The caller gave up (CANCEL) before it was answered: the customer, or the agent on an outgoing call. */
  | 'cancelled'
  /** Answering failed (media, ICE, the far end vanished). */
  | 'failed'
  /** An outgoing call nobody took: a final failure response (404, 486, 480, 503, 603…); `failure` says which. */
  | 'not-reached'
  /** It rang over a connection that is gone (the platform restarted, the connection dropped): no answer could reach the platform; `loss` says why. */
  | 'connection-lost'
  /** The WebSocket or the dialog was lost; the platform may still think the call is up. */
  | 'signalling-lost'
  /** After a network loss the platform no longer had the call (481), or never answered when asked. */
  | 'network-dropped'
  /** The platform took the call over in a transfer the agent asked for; `transfer` says to whom and when. */
  | 'transferred';

export type EndedBy = 'agent' | 'remote' | 'system';

/** Why an outgoing call was not reached: the final status and what it means. */
export interface CallFailure {
  readonly status: number;
  readonly kind: SipFailureKind;
}

/** Where a transferred call went (the target as the agent chose it) and when the platform confirmed it (epoch ms). */
export interface TransferredTo {
  readonly target: string;
  readonly at: number;
}

export type EndedState = {
  readonly kind: 'ended';
  readonly cause: EndCause;
  readonly by: EndedBy;
  readonly detail?: string;
  readonly reason?: Say;
  readonly failure?: CallFailure;
  readonly transfer?: TransferredTo;
  /** What took the connection the call depended on (connection-lost; network-dropped after an outage). */
  readonly loss?: ConnectionLoss;
};

export type CallState =
  /** Incoming: it rings for the agent. */
  | { readonly kind: 'ringing' }
  /** Outgoing: the INVITE is out, the far end has not started ringing. */
  | { readonly kind: 'calling' }
  /** Outgoing: the far end rings (180/183; early media is not played). */
  | { readonly kind: 'remote-ringing' }
  | { readonly kind: 'answering' }
  | { readonly kind: 'active' }
  | { readonly kind: 'held' }
  | EndedState;

export type CallKind = CallState['kind'];

const table: TransitionTable<CallKind> = {
  ringing: ['answering', 'ended'],
  calling: ['remote-ringing', 'active', 'ended'],
  'remote-ringing': ['active', 'ended'],
  answering: ['active', 'ended'],
  active: ['held', 'ended'],
  held: ['active', 'ended'],
  ended: [],
};

export function nextCall(from: CallState, to: CallState): CallState {
  assertTransition('call', table, from.kind, to.kind);
  return to;
}

export function isLive(state: CallState): boolean {
  return state.kind !== 'ended';
}

/** Answered and not ended: the dialog exists (hold, DTMF, REFER work). */
export function isEstablished(state: CallState): boolean {
  return state.kind === 'active' || state.kind === 'held';
}

/** An outgoing call still waiting for its answer. */
export function isDialling(state: CallState): boolean {
  return state.kind === 'calling' || state.kind === 'remote-ringing';
}
