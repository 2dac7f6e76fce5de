// A blind transfer (REFER without Replaces), as Asterisk runs it: the target
// is the Refer-To's user part, routed like a phone's own call (extension,
// campaign, outside number). Unknown → 404 and the call stays as it was; a leg
// bridged with no one → 400. Otherwise the transfer is launched at once: the
// transferee (the customer, or whoever the agent talked to) leaves the bridge,
// the agent's leg is parked until its BYE, and the target is called from the
// transferee's side, with the call's CTI. Progress: 180 while it rings; 200
// right after 180 (`early`, the default: ringback counts as bridged) or when
// it answers (`on-answer`); 486 busy, 503 any other failure or when the
// transferee hangs up meanwhile. A failed target ends the call.
import type { Campaign } from '../../state/records';
import type { LiveCall, PendingParty } from '../calls/live-call';
import { buildCti, type CtiObject } from '../cti';
import type { SimState } from '../../state/sim-state';
import { describeDialTarget, resolveDialTarget } from './dial-target';
import { transferFailureStatus } from './hangup-causes';
import type { ParkedLegs } from './parked-legs';
import type { PbxSettings } from './pbx-settings';
import type { TargetDialer } from './target-dialer';
import type { TransferLog } from './transfer-log';
import type { TransferContext } from './transfer-context';

export interface BlindTransferDeps {
  state: SimState;
  dialer: TargetDialer;
  parked: ParkedLegs;
  settings: PbxSettings;
  log: TransferLog;
}

export function startBlindTransfer(deps: BlindTransferDeps, context: TransferContext): void {
  const { leg, phone, call, refer, report, record } = context;
  const fail = (status: number): void => {
    report.launched(status);
    deps.log.close(record, 'failed');
  };
  const user = refer.target.user ?? '';
  const target = resolveDialTarget(user, deps.state);
  if (!target) {
    record.target = `unknown ${JSON.stringify(user)}`;
    fail(404);
    return;
  }
  record.target = describeDialTarget(target);
  const party = call?.partyOfLeg(leg);
  const transferee = party ? call?.other(party) : undefined;
  if (!call || !party || !transferee) {
    fail(400);
    return;
  }
  const campaign = call.record()?.campaign ?? '';
  call.remove(party);
  deps.parked.park(leg, phone, campaign, record);
  report.launched(200);

  let over = false;
  const finish = (status: number, outcome: 'completed' | 'failed'): void => {
    report.final(status);
    if (over) return;
    over = true;
    deps.log.close(record, outcome);
  };
  let answeredCti: CtiObject | undefined;
  const transfereeNumber = transferee.role === 'agent' ? transferee.phone : transferee.number;
  const attempt = deps.dialer.dial(
    {
      target,
      fromUser: transfereeNumber,
      callerPhone: phone,
      ctiFor: (viaCampaign) => (answeredCti = transferCti(call, viaCampaign, transfereeNumber)),
      ...(refer.referredBy ? { referredBy: refer.referredBy } : {}),
    },
    {
      onRinging: () => {
        call.ringing();
        report.progress(180);
        if (deps.settings.blindTransferFinal === 'early') report.final(200);
      },
      onAnswered: (answered) => {
        call.setPending(undefined);
        if (answeredCti) call.cti = answeredCti;
        if (target.kind === 'campaign') call.updateRecord({ campaign: target.campaign.name });
        call.add(answered);
        finish(200, 'completed');
      },
      onFailed: (failure) => {
        finish(transferFailureStatus(failure.cause), 'failed');
        call.setPending(undefined);
        call.finish({ endedBy: 'failed', cause: `blind transfer by extension ${phone} to ${describeDialTarget(target)} failed: ${failure.detail}` });
      },
    },
  );
  // The transferee hanging up meanwhile ends the call, which cancels the target: the phone hears 503.
  const pending: PendingParty = {
    view: () => attempt.view(),
    cancel: () => {
      attempt.cancel();
      finish(503, 'failed');
    },
  };
  call.setPending(pending);
}

/**
 * The CTI the target receives: the call's own (same Guid, form data, caller),
 * not answered by itself; through a campaign, that campaign's name, form and
 * auto-answer (the target's wrap-up uses its dispositions). A call that had no
 * CTI gets one only through a campaign, with the call's GUID.
 */
function transferCti(call: LiveCall, viaCampaign: Campaign | undefined, transfereeNumber: string): CtiObject | undefined {
  const original = call.cti;
  if (!viaCampaign) return original ? { ...original, Answer: 'FALSE' } : undefined;
  return buildCti(
    {
      guid: original?.Guid ?? call.guid,
      campaign: viaCampaign.name,
      callerid: original?.Callerid ?? transfereeNumber,
      parAndValues: original?.ParAndValues ?? '',
      autoAnswer: viaCampaign.auto_answer === '1',
    },
    viaCampaign,
  );
}
