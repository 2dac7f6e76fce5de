/**
 * A blind transfer: the customer waits on hold while the platform tries the
 * target (hold first, then REFER `Refer-To: <sip:target@host>`).
 *
 *   done     the platform bridged the customer to the target: the phone hangs
 *            up its own leg (Asterisk sends no BYE; it waits up to 60 s for
 *            ours) and the call ends as `transferred`
 *   failed   before that final 200: when nothing was moved (404, a refusal,
 *            no connection) the customer is still with the agent and the call
 *            is resumed; when the platform had already moved the customer and
 *            the target then failed (busy, unreachable, no answer, declined:
 *            transfer-state.ts, customerMoved) the agent's leg is alone at the
 *            platform, so the phone hangs it up and says what became of the
 *            customer. Either way the failure says why in plain words.
 */
import type { Spoken } from '../../../../common/i18n/say';
import { isLive } from '../call/call-state';
import { PhoneError } from '../phone-error';
import { blindReferTo } from './refer-to';
import type { TransferAttempt } from './transfer-attempt';
import { customerMoved, type TransferState } from './transfer-state';

export async function blindTransfer(attempt: TransferAttempt, targetUri: string): Promise<TransferState> {
  const call = attempt.call;
  attempt.report({ stage: 'requested' });
  if (call.state.kind === 'active') {
    try {
      await call.hold();
    } catch (error) {
      // Without the hold the customer would hear the transfer being tried: do not send it.
      return isLive(call.state) ? attempt.fail('refused', causeOf(error)) : attempt.fail('customer-gone');
    }
  }
  return finishBlind(attempt, await attempt.refer(blindReferTo(targetUri)));
}

/**
 * A blind transfer an earlier page of this app had sent when it was reloaded
 * (issue 24): the new page took the call back and follows the REFER's NOTIFYs
 * from the stage it had reached; its result is dealt with as if this page had
 * sent it (done: the leg is hung up and the wrap-up says where the call went).
 */
export async function followBlindTransfer(attempt: TransferAttempt, from: 'requested' | 'trying' | 'ringing'): Promise<TransferState> {
  attempt.report({ stage: from });
  return finishBlind(attempt, await attempt.follow({ stage: from }));
}

async function finishBlind(attempt: TransferAttempt, result: TransferState): Promise<TransferState> {
  const call = attempt.call;
  if (result.stage === 'done') await call.hangUpTransferred(attempt.target, attempt.timers.now());
  // The leg the platform left alone (the customer was moved): never shown as a call with the customer.
  else if (result.stage === 'failed' && customerMoved(result.failure.kind)) await call.hangUp().catch(() => undefined);
  // A resume the platform refuses leaves the call held, as the screen then shows; the agent can try again.
  else if (call.state.kind === 'held') await call.resume().catch(() => undefined);
  return result;
}

/** A refusal's words (a PhoneError's message key), to say why the transfer was not tried. */
export function causeOf(error: unknown): Spoken | undefined {
  return error instanceof PhoneError ? { key: error.say.key, params: error.say.params } : undefined;
}
