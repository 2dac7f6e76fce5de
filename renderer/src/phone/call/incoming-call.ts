/**
 * A call the platform offers the agent (a sip.js Invitation): it rings (or
 * is answered by itself, auto-answer.ts), the agent answers or rejects it,
 * the caller may CANCEL it first. After the answer it is a PhoneCall like
 * any other.
 *
 * Its INVITE came over one connection: once that one is gone, a 200 (or a
 * 486) can reach nobody. A platform that crashed forgot the call and sends no
 * CANCEL, so the phone ends such a call itself (`connectionGone`, when that
 * connection closes, a newer one carries an INVITE or the agent acts on it)
 * instead of ringing through the outage, until sip.js's 60 s no-answer timer.
 */
import type { Invitation } from 'sip.js';
import { phoneEnglish } from '../phone-english';
import { ringLostSaid, type ConnectionLoss } from './connection-loss';
import { saysNoAnswer } from './missed-reason';
import { PhoneCall, type CallDirection, type CallEnvironment, type CallInfo, type HangUpResult } from './phone-call';
import { PhoneError } from '../phone-error';

export class IncomingCall extends PhoneCall {
  /** The connection its INVITE came over (the phone's connection count then). */
  private readonly epoch: number;

  constructor(
    private readonly invitation: Invitation,
    info: CallInfo,
    env: CallEnvironment,
  ) {
    super(invitation, { kind: 'ringing' }, info, env);
    this.epoch = env.connectionEpoch();
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

  /** Whether an answer could still reach the platform: the connection its INVITE came over is the one up now. */
  get reachable(): boolean {
    return this.env.isConnected() && this.env.connectionEpoch() === this.epoch;
  }

  /** Ends a ringing call whose INVITE's connection is gone (true), saying what took it; false for any other. */
  override connectionGone(loss: ConnectionLoss): boolean {
    if (this.current.kind !== 'ringing' || this.reachable) return false;
    const reason = ringLostSaid(loss);
    this.end({ cause: 'connection-lost', by: 'system', loss, reason, detail: phoneEnglish(reason) });
    // Stops sip.js's no-answer timer; the 480 it sends goes to a platform that no longer knows the call.
    void this.invitation.dispose().catch(() => undefined);
    return true;
  }

  /**
   * Answers a ringing call; a no-op when it is already answered (a shortcut
   * pressed after auto-answer). A call whose INVITE's connection is gone is
   * not answered but ended (its state says why): the 200 could reach nobody,
   * and a call that never connected needs no wrap-up.
   */
  async answer(): Promise<void> {
    if (this.current.kind === 'answering' || this.current.kind === 'active' || this.current.kind === 'held') return;
    if (this.current.kind === 'ended') throw new PhoneError('phone.err.ended');
    if (this.connectionGone(this.env.connectionLoss())) return;
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

  /**
   * Answers a call still ringing because its campaign's auto-answer was not
   * known when it came (the campaigns are listed after the phone registers):
   * it is answered now, as it would have been, and says so.
   */
  answerAsItsCampaignAsks(): void {
    if (this.current.kind !== 'ringing') return;
    this.facts = { ...this.facts, autoAnswer: { answer: true, because: 'campaign', match: null } };
    this.answer().catch(() => undefined); // the failure shows as ended{failed}
  }

  async reject(): Promise<void> {
    if (this.current.kind !== 'ringing') throw new PhoneError('phone.err.rejectNotRinging');
    // Declining a call the platform already forgot: it ends as what took it, not as rejected (no 486 could arrive).
    if (this.connectionGone(this.env.connectionLoss())) return;
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
