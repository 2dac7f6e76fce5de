// A call an agent's phone places itself (a consultation before an attended
// transfer, a call to a campaign or to an outside number), routed by the
// Request-URI's user part as the dialplan would, and answered as Dial() does:
// 180 when the target rings, 200 when it answers (then the two are bridged),
// or the status the target's failure maps to (hangup-causes.ts). The phone's
// CANCEL cancels the target. The call is a record of the state (origin `phone`).
import { randomUUID } from 'node:crypto';
import type { Invitation } from 'sip.js';
import type { AgentEntry, Campaign } from '../../state/records';
import type { SimState } from '../../state/sim-state';
import type { CallOriginator } from '../call-originator';
import type { LiveCalls } from '../calls/live-calls';
import { buildCti, type CtiObject } from '../cti';
import { resolveDialTarget } from './dial-target';
import { statusOfCause } from './hangup-causes';
import { reasonOf } from './sip-reasons';
import type { TargetDialer } from './target-dialer';

export interface PhoneCallsOptions {
  state: SimState;
  originator: CallOriginator;
  calls: LiveCalls;
  dialer: TargetDialer;
}

export class PhoneCalls {
  constructor(private readonly options: PhoneCallsOptions) {}

  /** A phone's INVITE (already authenticated as `caller`) to `targetUser`. */
  receive(invitation: Invitation, caller: AgentEntry, targetUser: string): void {
    const { state, originator, calls, dialer } = this.options;
    const leg = originator.receive(invitation, {});
    const target = resolveDialTarget(targetUser, state, dialer.echoExtension);
    if (!target) {
      void leg.reject(404, `nothing answers at ${JSON.stringify(targetUser)} (no extension, campaign or outside number)`);
      return;
    }
    const guid = randomUUID();
    const viaCampaign = target.kind === 'campaign' ? target.campaign.name : '';
    state.addCall({
      guid, agent: caller.accountcode, phone: caller.name, destination: targetUser, campaign: viaCampaign,
      callerid: caller.name, origin: 'phone', status: 'requested', createdAt: new Date().toISOString(), dtmf: [],
    });
    const call = calls.create(guid);
    call.add({ role: 'agent', phone: caller.name, agent: caller.accountcode, leg });
    let cti: CtiObject | undefined;
    const ctiFor = (campaign: Campaign | undefined): CtiObject | undefined => {
      // A campaign's member gets its CTI, like an inbound call of it: a new Guid (this call's), the caller's extension.
      if (campaign) cti = buildCti({ guid, campaign: campaign.name, callerid: caller.name, autoAnswer: campaign.auto_answer === '1' }, campaign);
      return cti;
    };
    const attempt = dialer.dial(
      { target, fromUser: caller.name, callerPhone: caller.name, ctiFor },
      {
        onRinging: () => {
          call.ringing();
          void leg.ring();
        },
        onAnswered: (party) => {
          call.setPending(undefined);
          call.cti = cti;
          call.add(party);
          void leg.accept();
        },
        onFailed: (failure) => {
          call.setPending(undefined);
          const status = statusOfCause(failure.cause);
          // The caller's leg ending ends the call; its record says why.
          void leg.reject(status, `${failure.detail}; the phone got ${status} ${reasonOf(status)}`);
        },
      },
    );
    call.setPending(attempt);
  }
}
