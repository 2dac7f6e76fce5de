/**
 * Why a call that rang was not taken, from how it ended. Pure.
 *
 *   its INVITE's connection went away      ─▶ platform-restarted / connection-lost (connection-loss.ts)
 *   a CANCEL the platform sent as it went away (the connection closed "going away" right after)
 *                                          ─▶ platform-restarted
 *   offered while another call was live    ─▶ offered-while-busy
 *   the agent declined it                  ─▶ rejected
 *   the caller's side cancelled it         ─▶ rang-out   (its Reason says nobody answered, or someone else did)
 *                                          ─▶ abandoned  (any other CANCEL: the caller gave up)
 *
 * The connection's loss comes first: a waiting call the platform forgot in a
 * restart was not "offered while busy", and one the agent dismissed after the
 * loss was not rejected (its 486 could reach nobody).
 */
import type { MissedCallReason } from '../../../../common/ipc/calls';
import type { CallKind, CallState } from './call-state';
import { missedOfLoss } from './connection-loss';

export interface RingEnd {
  readonly state: CallState;
  /** The state it ended from. */
  readonly endedFrom: CallKind | null;
  readonly offeredWhileBusy: boolean;
  /** Its CANCEL's Reason said nobody answered (or someone else did). */
  readonly cancelledForNoAnswer: boolean;
  /** Its CANCEL came as the platform went away (the connection closed "going away" right after). */
  readonly cancelledAsPlatformLeft: boolean;
}

export function missedReason(end: RingEnd): MissedCallReason | null {
  const { state } = end;
  if (state.kind !== 'ended' || end.endedFrom !== 'ringing') return null;
  if (state.cause === 'connection-lost') return missedOfLoss(state.loss ?? 'connection-lost');
  if (state.cause === 'cancelled' && end.cancelledAsPlatformLeft) return 'platform-restarted';
  if (end.offeredWhileBusy) return 'offered-while-busy';
  if (state.cause === 'rejected') return 'rejected';
  if (state.cause === 'cancelled') return end.cancelledForNoAnswer ? 'rang-out' : 'abandoned';
  return null;
}

/** A CANCEL's Reason (RFC 3326) that says nobody answered or someone else did: the queue moved on, the caller did not give up. */
export function saysNoAnswer(reasons: readonly string[]): boolean {
  return reasons.some((r) => /Q\.850\s*;\s*cause\s*=\s*(19|16)\b/i.test(r) || /SIP\s*;\s*cause\s*=\s*(200|408|480)\b/i.test(r));
}
