// How a transfer's progress reaches the transferring phone, as res_pjsip_refer
// sends it. With a subscription (the default): 202 Accepted at once, then
// NOTIFY `Event: refer`, `message/sipfrag;version=2.0` bodies `SIP/2.0 <code>
// <reason>`: a `100 Trying` just before the first other one, `active` while in
// progress, `terminated;reason=noresource` with the final code; nothing after
// that. With `Refer-Sub: false`: no NOTIFY at all; the REFER's final response
// is the code the transfer was launched with (200 once launched, 404, 400...),
// sent at once, whatever the target does later.
import type { CallLeg } from '../call-leg';
import { buildResponse, type SipRequest } from '../sip-message';
import type { SipConnection } from '../sip-connection';
import type { TransferRecord } from '../../state/records';
import type { ReferRequest } from './refer-request';
import { reasonOf } from './sip-reasons';

/** pjsip's default lifetime of a REFER's implicit subscription (PJSIP_XFER_EXPIRES). */
export const REFER_SUBSCRIPTION_EXPIRES_S = 600;

export interface TransferReport {
  /** The transfer was tried: 200 = launched (progress follows); anything else is its final answer. */
  launched(status: number): void;
  /** Progress (180 while the target rings). */
  progress(status: number): void;
  /** The final result (200, 486, 503, 603...); later calls change nothing. */
  final(status: number): void;
}

export function acceptRefer(request: SipRequest, connection: SipConnection, leg: CallLeg, refer: ReferRequest, record: TransferRecord): TransferReport {
  if (!refer.wantsProgress) return new ImmediateReport(request, connection, record);
  connection.send(buildResponse(request, 202, reasonOf(202), { headers: refer.referSubHeader ? ['Refer-Sub: true'] : [] }));
  record.response = 202;
  return new NotifyReport(leg, record);
}

class NotifyReport implements TransferReport {
  private sent100 = false;
  private terminated = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly leg: CallLeg,
    private readonly record: TransferRecord,
  ) {}

  launched(status: number): void {
    if (status !== 200) this.final(status);
  }

  progress(status: number): void {
    this.notify(status, false);
  }

  final(status: number): void {
    this.notify(status, true);
  }

  private notify(status: number, terminated: boolean): void {
    if (this.terminated) return;
    if (!this.sent100) {
      this.sent100 = true;
      if (status !== 100) this.send(100, false);
    }
    this.send(status, terminated);
    if (terminated) {
      this.terminated = true;
      this.record.result = status;
    }
  }

  private send(status: number, terminated: boolean): void {
    const dialog = this.leg.session.dialog;
    // The transferring phone's BYE ended the dialog: nothing can be notified any more.
    if (!dialog || this.leg.isEnded()) return;
    const remaining = Math.max(0, REFER_SUBSCRIPTION_EXPIRES_S - Math.floor((Date.now() - this.startedAt) / 1000));
    try {
      dialog.notify(undefined, {
        extraHeaders: ['Event: refer', `Subscription-State: ${terminated ? 'terminated;reason=noresource' : `active;expires=${remaining}`}`],
        body: { contentDisposition: 'render', contentType: 'message/sipfrag;version=2.0', content: `SIP/2.0 ${status} ${reasonOf(status)}\r\n` },
      });
      this.record.notified.push(status);
    } catch {
      // A dialog sip.js no longer takes requests on: the phone is gone from it.
    }
  }
}

class ImmediateReport implements TransferReport {
  private answered = false;

  constructor(
    private readonly request: SipRequest,
    private readonly connection: SipConnection,
    private readonly record: TransferRecord,
  ) {}

  launched(status: number): void {
    if (this.answered) return;
    this.answered = true;
    this.connection.send(buildResponse(this.request, status, reasonOf(status), { headers: ['Refer-Sub: false'] }));
    this.record.response = status;
    this.record.result = status;
  }

  progress(): void {
    // Refer-Sub: false: the phone asked to hear nothing more.
  }

  final(): void {
    // Refer-Sub: false: the phone asked to hear nothing more.
  }
}
