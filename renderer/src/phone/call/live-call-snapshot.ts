/**
 * What main keeps of a live call for a page that reloads (issue 24): the
 * call's dialog and what the agent sees of it, from the call itself. Pure.
 *
 *   ringing                  ─▶ without dialog (a reloaded page records it as missed)
 *   active, held             ─▶ with the dialog sip.js holds
 *   answering a take-over    ─▶ with the dialog it is taking over (the CSeq it sent)
 *   anything else            ─▶ null (nothing to take over: the agent's own call
 *                               still dialling, a consultation, an answer under way)
 *
 * Only customers' calls: a consultation's link to its customer's call lives
 * in this page's transfer state, which a reload does not keep.
 */
import type { LiveCallSnapshot } from '../../../../common/ipc/live-call';
import type { PhoneCall } from './phone-call';
import { TakenOverCall } from './taken-over-call';

export function liveCallSnapshot(call: PhoneCall, extras: Pick<LiveCallSnapshot, 'notes' | 'placed'>): LiveCallSnapshot | null {
  if (call.role !== 'customer') return null;
  const kind = call.state.kind;
  // A take-over under way is reported as what it takes over.
  const state = kind === 'answering' && call instanceof TakenOverCall ? (call.wasHeld ? 'held' : 'active') : kind;
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
  };
}
