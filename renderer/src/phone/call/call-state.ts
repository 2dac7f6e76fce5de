/**
 * One call, from the moment the INVITE reaches the phone.
 *
 *   ringing ──answer()/auto──▶ answering ──media up──▶ active ◀──resume()──▶ held
 *      │                           │                     │                   │
 *      └─reject()/cancel/no answer─┴─────failed──────────┴──hangUp()/BYE─────┘
 *                                  │                     └─refresh: 481/408/no answer─┘
 *                                  ▼                          (network-dropped)
 *                          ended{cause, by}
 *
 * `ended` is final. Hold is a re-INVITE; while it is under way the call stays
 * in its current state and moves only when the far end accepts.
 */
import type { Say } from '../../../../common/i18n/say';
import { assertTransition, type TransitionTable } from '../state-machine';

export type EndCause =
  /** Someone hung up an established call. */
  | 'hangup'
  /** The agent declined a ringing call. */
  | 'rejected'
  /** The caller gave up (CANCEL) before it was answered. */
  | 'cancelled'
  /** Answering failed (media, ICE, the far end vanished). */
  | 'failed'
  /** The WebSocket or the dialog was lost; the platform may still think the call is up. */
  | 'signalling-lost'
  /** After a network loss the platform no longer had the call (481), or never answered when asked. */
  | 'network-dropped';

export type EndedBy = 'agent' | 'remote' | 'system';

export type CallState =
  | { readonly kind: 'ringing' }
  | { readonly kind: 'answering' }
  | { readonly kind: 'active' }
  | { readonly kind: 'held' }
  | { readonly kind: 'ended'; readonly cause: EndCause; readonly by: EndedBy; readonly detail?: string; readonly reason?: Say };

export type CallKind = CallState['kind'];

const table: TransitionTable<CallKind> = {
  ringing: ['answering', 'ended'],
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
