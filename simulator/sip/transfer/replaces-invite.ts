// An INVITE with Replaces (RFC 3891) from a phone: it takes the place of one
// of the platform's dialogs. Answered 200 at once (Asterisk answers the new
// channel and swaps it into the bridge), and the replaced leg gets BYE. A
// dialog the platform does not have, or one not answered yet, gets 481; one it
// already ended 603 (pjsip, while it remembers the dialog); `early-only`
// against an answered dialog 486; a malformed Replaces 400.
import type { Invitation } from 'sip.js';
import type { AgentEntry } from '../../state/records';
import type { CallOriginator } from '../call-originator';
import type { LiveCalls } from '../calls/live-calls';
import { parseReplaces } from './replaces';

export interface ReplacesInvitesOptions {
  originator: CallOriginator;
  calls: LiveCalls;
}

export class ReplacesInvites {
  constructor(private readonly options: ReplacesInvitesOptions) {}

  receive(invitation: Invitation, caller: AgentEntry, replacesHeader: string): void {
    const { originator, calls } = this.options;
    const leg = originator.receive(invitation, {});
    const replaces = parseReplaces(replacesHeader);
    if (!replaces) {
      void leg.reject(400, 'INVITE with a malformed Replaces');
      return;
    }
    const found = originator.findDialog(replaces.callId, replaces.toTag, replaces.fromTag);
    if (found.kind === 'unknown' || found.kind === 'early') {
      void leg.reject(481, `INVITE with Replaces for ${found.kind === 'early' ? 'an unanswered' : 'an unknown'} dialog ${replaces.callId}`);
      return;
    }
    if (found.kind === 'ended') {
      void leg.reject(603, `INVITE with Replaces for dialog ${replaces.callId}, which has ended`);
      return;
    }
    if (replaces.earlyOnly) {
      void leg.reject(486, `INVITE with Replaces;early-only for dialog ${replaces.callId}, which is answered`);
      return;
    }
    const replaced = found.leg;
    const call = calls.callOfLeg(replaced);
    const party = call?.partyOfLeg(replaced);
    if (!call || !party) {
      // A leg alone (a transferring agent's, waiting for its BYE) is in no call to take over.
      void leg.reject(603, `INVITE with Replaces for dialog ${replaces.callId}, which is no call's any more`);
      return;
    }
    call.replace(party, { role: 'agent', phone: caller.name, agent: caller.accountcode, leg });
    void leg.accept();
    void replaced.hangup('transfer', `replaced by extension ${caller.name} (INVITE with Replaces)`).catch(() => undefined);
  }
}
