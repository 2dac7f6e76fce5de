/**
 * A call the platform offers the agent (a sip.js Invitation): it rings (or
 * is answered by itself, auto-answer.ts), the agent answers or rejects it,
 * the caller may CANCEL it first. After the answer it is a PhoneCall like
 * any other.
 */
import type { Invitation } from 'sip.js';
import { saysNoAnswer } from './missed-reason';
import { PhoneCall, type CallDirection, type CallEnvironment, type CallInfo, type HangUpResult } from './phone-call';
import { PhoneError } from '../phone-error';

export class IncomingCall extends PhoneCall {
  constructor(
    private readonly invitation: Invitation,
    info: CallInfo,
    env: CallEnvironment,
  ) {
    super(invitation, { kind: 'ringing' }, info, env);
    invitation.delegate = {
      ...invitation.delegate,
      onCancel: (cancel) => {
        this.endIntent ??= { cause: 'cancelled', by: 'remote' };
        this.cancelledForNoAnswer = saysNoAnswer(cancel.request.getHeaders('reason'));
      },
    };
  }

  get direction(): CallDirection {
    return 'incoming';
  }

  /** Answers a ringing call; a no-op when it is already answered (a shortcut pressed after auto-answer). */
  async answer(): Promise<void> {
    if (this.current.kind === 'answering' || this.current.kind === 'active' || this.current.kind === 'held') return;
    if (this.current.kind === 'ended') throw new PhoneError('phone.err.ended');
    this.stopTone();
    this.move({ kind: 'answering' });
    const mic = this.env.devices().microphone;
    try {
      await this.invitation.accept({
        sessionDescriptionHandlerOptions: { constraints: { audio: mic ? { deviceId: { exact: mic } } : true, video: false } },
      });
    } catch (err) {
      this.end({ cause: 'failed', by: 'system', detail: `The call could not be answered: ${err instanceof Error ? err.message : String(err)}` });
      throw new PhoneError('phone.err.answer', {}, { cause: err });
    }
  }

  async reject(): Promise<void> {
    if (this.current.kind !== 'ringing') throw new PhoneError('phone.err.rejectNotRinging');
    this.endIntent = { cause: 'rejected', by: 'agent' };
    this.stopTone();
    await this.invitation.reject({ statusCode: 486 });
  }

  protected async hangUpUnanswered(): Promise<HangUpResult | null> {
    if (this.current.kind === 'ringing') {
      await this.reject();
      return { signalled: true };
    }
    if (this.current.kind === 'answering') {
      this.endIntent = { cause: 'hangup', by: 'agent' };
      await this.invitation.reject({ statusCode: 480 }).catch(() => undefined);
      return { signalled: true };
    }
    return null;
  }
}
