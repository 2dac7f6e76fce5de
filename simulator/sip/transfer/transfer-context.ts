// What a blind or an attended transfer starts from: the REFER, the leg it came
// on and that leg's call, how progress reaches the phone, and the state's record.
import type { TransferRecord } from '../../state/records';
import type { CallLeg } from '../call-leg';
import type { LiveCall } from '../calls/live-call';
import type { ReferRequest } from './refer-request';
import type { TransferReport } from './transfer-report';

export interface TransferContext {
  /** The leg the REFER came on, and the phone on it. */
  leg: CallLeg;
  phone: string;
  /** The call that leg is a party of (undefined: it is parked, bridged with no one). */
  call: LiveCall | undefined;
  refer: ReferRequest;
  report: TransferReport;
  record: TransferRecord;
}
