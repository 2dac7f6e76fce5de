// Where a phone's in-dialog REFER is answered, in res_pjsip_refer's order:
// the dialog must be one the platform holds, answered (else 481); transfers
// refused for the call's campaign (Asterisk `allow_transfer=no`) → 603 with no
// 202; no Refer-To, or one that is not a sip: URI → 400; then 202 (or, with
// `Refer-Sub: false`, nothing yet) and the blind or attended transfer. Every
// REFER is written down in the state's transfers.
import type { CallOriginator } from '../call-originator';
import type { LiveCalls } from '../calls/live-calls';
import type { SipConnection } from '../sip-connection';
import { buildResponse, type SipRequest } from '../sip-message';
import { startAttendedTransfer } from './attended-transfer';
import { startBlindTransfer, type BlindTransferDeps } from './blind-transfer';
import type { ParkedLegs } from './parked-legs';
import type { PbxSettings } from './pbx-settings';
import { parseRefer } from './refer-request';
import { reasonOf } from './sip-reasons';
import type { TransferLog } from './transfer-log';
import { acceptRefer } from './transfer-report';

export interface TransferDeskOptions extends BlindTransferDeps {
  originator: CallOriginator;
  calls: LiveCalls;
  parked: ParkedLegs;
  settings: PbxSettings;
  log: TransferLog;
}

export class TransferDesk {
  constructor(private readonly options: TransferDeskOptions) {}

  /** Answers an in-dialog REFER (it has a To tag). */
  onRefer(request: SipRequest, connection: SipConnection): void {
    const { originator, calls, parked, settings, log } = this.options;
    const reply = (status: number, headers: string[] = []): void => connection.send(buildResponse(request, status, reasonOf(status), { headers }));
    const leg = originator.legOf(request.callId);
    const tags = leg?.dialogTags();
    if (!leg || leg.isEnded() || !tags || tags.local !== request.toTag || tags.remote !== request.fromTag) {
      reply(481);
      return;
    }
    const call = calls.callOfLeg(leg);
    const party = call?.partyOfLeg(leg);
    const phone = party?.phone ?? request.from.uri.user ?? '';
    const campaign = call?.record()?.campaign ?? parked.campaignOfParked(leg) ?? '';
    const parsed = parseRefer(request);
    const record = log.open({
      guid: call?.guid ?? '',
      kind: parsed.ok && parsed.refer.replaces !== undefined ? 'attended' : 'blind',
      by: phone,
      referTo: request.getHeader('refer-to') ?? '',
      referSub: parsed.ok ? parsed.refer.wantsProgress : true,
    });
    const refuse = (status: number): void => {
      reply(status);
      record.response = status;
      record.result = status;
      log.close(record, 'failed');
    };
    if (settings.refusesTransfers(campaign)) return refuse(603);
    if (!parsed.ok) {
      record.target = parsed.why;
      return refuse(400);
    }
    const report = acceptRefer(request, connection, leg, parsed.refer, record);
    const context = { leg, phone, call, refer: parsed.refer, report, record };
    if (parsed.refer.replaces !== undefined) startAttendedTransfer(this.options, context);
    else startBlindTransfer(this.options, context);
  }
}
