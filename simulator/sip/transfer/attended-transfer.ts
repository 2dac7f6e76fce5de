// An attended transfer (REFER whose Refer-To carries Replaces), as Asterisk
// runs it: the Replaces names another dialog the platform holds with the
// agent (the consultation: to-tag = the platform's tag, from-tag = the
// phone's). Malformed → 400; a dialog the platform does not have → 404; one
// that has ended → 603. Otherwise the REFER is launched (200) and then the two
// far parties are bridged: the customer (or whoever the REFER's call had) and
// the consultation's other party (agent B, a campaign's member, an outside
// number). The consultation leg is hung up by the platform (BYE to the agent);
// the REFER's leg is parked until the agent's BYE. NOTIFY: 100, then 200, or
// 603 when the consultation has no other party any more.
import type { CallLeg } from '../call-leg';
import type { CallOriginator } from '../call-originator';
import type { LiveCall } from '../calls/live-call';
import type { LiveCalls } from '../calls/live-calls';
import type { TransferContext } from './transfer-context';
import type { ParkedLegs } from './parked-legs';
import { parseReplaces } from './replaces';
import type { TransferLog } from './transfer-log';

export interface AttendedTransferDeps {
  originator: CallOriginator;
  calls: LiveCalls;
  parked: ParkedLegs;
  log: TransferLog;
}

export function startAttendedTransfer(deps: AttendedTransferDeps, context: TransferContext): void {
  const { leg, refer, report, record } = context;
  const fail = (status: number): void => {
    report.launched(status);
    deps.log.close(record, 'failed');
  };
  const replaces = parseReplaces(refer.replaces ?? '');
  if (!replaces) {
    record.target = 'a malformed Replaces';
    fail(400);
    return;
  }
  record.target = `dialog ${replaces.callId}`;
  const found = deps.originator.findDialog(replaces.callId, replaces.toTag, replaces.fromTag);
  if (found.kind === 'unknown') return fail(404);
  if (found.kind === 'ended') return fail(603);
  if (found.leg === leg) return fail(400);
  report.launched(200);
  // Asterisk runs the bridging as a task of the consultation's channel, after the REFER's answer.
  setImmediate(() => {
    const status = found.kind === 'live' ? merge(deps, context, found.leg) : 400;
    report.final(status);
    deps.log.close(record, status === 200 ? 'completed' : 'failed');
  });
}

/** Bridges the far parties of the two legs' calls; the status the final NOTIFY carries. */
function merge(deps: AttendedTransferDeps, context: TransferContext, consultationLeg: CallLeg): number {
  const { leg, phone, record } = context;
  if (leg.isEnded()) return 603;
  const first = deps.calls.callOfLeg(leg);
  const second = deps.calls.callOfLeg(consultationLeg);
  const firstParty = first?.partyOfLeg(leg);
  const secondParty = second?.partyOfLeg(consultationLeg);
  const firstFar = firstParty ? first?.other(firstParty) : undefined;
  const secondFar = secondParty ? second?.other(secondParty) : undefined;
  // The consultation is over for the platform (its other party left): Asterisk's "other channel has gone".
  if (!second || !secondParty || !secondFar || consultationLeg.isEnded()) return 603;
  // The REFER's leg is bridged with no one: an invalid transfer.
  if (!first || !firstParty || !firstFar || first === second) return 400;

  const campaign = first.record()?.campaign ?? '';
  // The call that goes on is the one with the customer (its GUID is the one dispositions use).
  const keepFirst = hasCustomer(first) || !hasCustomer(second);
  const [kept, merged] = keepFirst ? [first, second] : [second, first];
  const [keptParty, mergedParty, mergedFar] = keepFirst ? [firstParty, secondParty, secondFar] : [secondParty, firstParty, firstFar];
  merged.remove(mergedFar);
  merged.remove(mergedParty);
  kept.replace(keptParty, mergedFar);
  merged.finish({ endedBy: 'transfer', cause: `attended transfer by extension ${phone}: its parties went on in call ${kept.guid}` });
  record.consultation = second.guid;
  deps.parked.park(leg, phone, campaign, record);
  void consultationLeg.hangup('transfer', 'attended transfer completed: the platform ends the consultation').catch(() => undefined);
  return 200;
}

function hasCustomer(call: LiveCall): boolean {
  return call.partyList().some((party) => party.role === 'customer');
}
