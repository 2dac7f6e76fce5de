/**
 * What main keeps of a live call for a page that reloads (issue 24): the
 * call's dialog and what the agent sees of it, from the call itself. Pure.
 *
 *   ringing                  ─▶ without dialog (a reloaded page records it as missed)
 *   active, held             ─▶ with the dialog sip.js holds
 *   answering a take-over    ─▶ with the dialog it is taking over (the CSeq it sent)
 *   anything else            ─▶ null (nothing to take over: the agent's own call
 *                               still dialling, an answer under way)
 *
 * A consultation leg (answered) is reported with its link to the customer's
 * call (`consultation.of`) and its target, so a reloaded page takes both back
 * and the consultation goes on (Transfers.takenBack); a blind transfer under
 * way is reported on its customer's call (`transfer`), so the new page
 * follows its NOTIFYs (blind-transfer.ts, followBlindTransfer). A
 * consultation still ringing is reported as `ringing` with what a CANCEL
 * needs (`dialling`): the new page cancels it (dialling-invite.ts).
 */
import type { LiveCallSnapshot } from '../../../../common/ipc/live-call';
import type { PhoneCall } from './phone-call';
import { TakenOverCall } from './taken-over-call';
import { isDialling } from './call-state';

export function liveCallSnapshot(call: PhoneCall, extras: Pick<LiveCallSnapshot, 'notes' | 'placed' | 'transfer' | 'chosenTransfer'>): LiveCallSnapshot | null {
  const consultationOf = call.role === 'consultation' && call.info.consultationOf ? call.info.consultationOf : null;
  if (call.role !== 'customer' && consultationOf === null) return null;
  const kind = call.state.kind;
  // A consultation still ringing: what the new page needs to cancel it.
  const dialling = consultationOf !== null && isDialling(call.state) ? call.diallingInvite() : null;
  // A take-over under way is reported as what it takes over.
  const state = dialling ? 'ringing' : kind === 'answering' && call instanceof TakenOverCall ? (call.wasHeld ? 'held' : 'active') : kind;
  if (state !== 'ringing' && state !== 'active' && state !== 'held') return null;
  const dialog = state === 'ringing' ? null : call.liveDialog();
  if (state !== 'ringing' && !dialog) return null;
  return {
    id: call.id, dialog, direction: call.direction, state,
    remoteUser: call.info.remoteUser.slice(0, 256), remoteDisplayName: call.info.remoteDisplayName.slice(0, 256),
    cti: call.info.cti, ctiError: call.info.ctiError?.slice(0, 1000) ?? null, referredBy: call.info.referredBy,
    offeredAt: Math.round(call.offeredAt), answeredAt: call.activeSince === null ? null : Math.round(call.activeSince),
    heldSince: call.heldSince === null ? null : Math.round(call.heldSince), muted: call.isMuted, autoAnswered: call.info.autoAnswer.answer,
    notes: extras.notes.slice(0, 2000), placed: extras.placed,
    ...(consultationOf !== null ? { consultation: { of: consultationOf, target: (call.info.target ?? call.info.remoteUser).slice(0, 256) } } : {}),
    ...(dialling ? { dialling } : {}),
    ...(extras.transfer && call.role === 'customer' ? { transfer: extras.transfer } : {}),
    ...(extras.chosenTransfer && call.role === 'customer' ? { chosenTransfer: extras.chosenTransfer } : {}),
  };
}
