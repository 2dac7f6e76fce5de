/**
 * The attended (consult) transfer's steps on a Consultation (consultation.ts).
 *
 *   consult    hold the customer, call the target (a second call, marked as
 *              the consultation of the first)
 *   complete   REFER on the customer's dialog with
 *              `Refer-To: <sip:target@host?Replaces=<consultation's dialog>>`
 *              (refer-to.ts). The platform answers NOTIFY 100 then 200, joins
 *              customer and target, and hangs up the consultation leg itself
 *              (its BYE ends that call as `transferred`; a leg it leaves up
 *              is hung up after `replacedLegMs`); the phone hangs up the
 *              customer's leg. A failure leaves both calls as they were: the
 *              agent is still with the target and decides.
 *   cancel     hang up the consultation, resume the customer
 */
import type { PhoneCall } from '../call/phone-call';
import { PhoneError } from '../phone-error';
import type { Consultation } from './consultation';
import { attendedReferTo } from './refer-to';
import type { TransferAttempt } from './transfer-attempt';
import type { TransferState } from './transfer-state';

/** Holds the customer and places the consultation call (`place` builds it like any call of the phone). */
export async function startConsultation(customer: PhoneCall, place: () => PhoneCall): Promise<PhoneCall> {
  if (customer.state.kind === 'active') await customer.hold();
  if (customer.state.kind === 'ended') throw new PhoneError('phone.err.ended');
  return place();
}

export async function completeConsultation(consultation: Consultation, attempt: TransferAttempt, targetUri: string): Promise<TransferState> {
  const dialog = consultation.call.dialogIds();
  if (!dialog) throw new PhoneError('phone.err.consultationNotAnswered');
  attempt.report({ stage: 'requested' });
  consultation.completing();
  consultation.call.expectTransferEnd(attempt.target);
  const result = await attempt.refer(attendedReferTo(targetUri, dialog));
  if (result.stage === 'done') {
    consultation.end('transferred');
    const at = attempt.timers.now();
    await consultation.customer.hangUpTransferred(attempt.target, at);
    // The platform hangs up the consultation leg itself (Asterisk: its BYE comes with the bridge); one it leaves up is ours to end.
    const leftover = consultation.call;
    if (leftover.state.kind !== 'ended') attempt.timers.setTimeout(() => void leftover.hangUpTransferred(attempt.target, at), attempt.replacedLegMs);
    return result;
  }
  consultation.call.cancelTransferEnd();
  if (consultation.customer.state.kind === 'ended') consultation.end('customer-left');
  else if (consultation.call.state.kind === 'ended') consultation.end('target-left');
  else consultation.completionFailed();
  return result;
}

export async function cancelConsultation(consultation: Consultation): Promise<void> {
  consultation.end('cancelled');
  await consultation.call.hangUp();
  if (consultation.customer.state.kind === 'held') await consultation.customer.resume();
}
