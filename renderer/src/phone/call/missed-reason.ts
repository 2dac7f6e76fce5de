/**
 * Why a call that rang was not taken, from how it ended. Pure.
 *
 *   offered while another call was live ─▶ offered-while-busy
 *   the agent declined it               ─▶ rejected
 *   the caller's side cancelled it      ─▶ rang-out   (its Reason says nobody answered, or someone else did)
 *                                       ─▶ abandoned  (any other CANCEL: the caller gave up)
 */
import type { MissedCallReason } from '../../../../common/ipc/calls';
import type { CallKind, CallState } from './call-state';

export function missedReason(state: CallState, endedFrom: CallKind | null, offeredWhileBusy: boolean, cancelledForNoAnswer: boolean): MissedCallReason | null {
  if (state.kind !== 'ended' || endedFrom !== 'ringing') return null;
  if (offeredWhileBusy) return 'offered-while-busy';
  if (state.cause === 'rejected') return 'rejected';
  if (state.cause === 'cancelled') return cancelledForNoAnswer ? 'rang-out' : 'abandoned';
  return null;
}

/** A CANCEL's Reason (RFC 3326) that says nobody answered or someone else did: the queue moved on, the caller did not give up. */
export function saysNoAnswer(reasons: readonly string[]): boolean {
  return reasons.some((r) => /Q\.850\s*;\s*cause\s*=\s*(19|16)\b/i.test(r) || /SIP\s*;\s*cause\s*=\s*(200|408|480)\b/i.test(r));
}
