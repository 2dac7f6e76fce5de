/**
 * A call the agent places (a sip.js Inviter; today only as a consultation,
 * transfer/consultation.ts): `calling` once the INVITE is out, `remote-ringing`
 * on 180/183 (a soft ringback plays on the speaker; early media is not
 * played), `active` on 200. A final failure (404, 486, 480, 503, 603 …) ends
 * it as `not-reached` with what it means (sip-failure.ts), in words the UI
 * can say. sip.js answers a digest challenge (401/407) itself with the
 * phone's HA1. Hanging up before the answer sends CANCEL.
 */
import { Inviter, UserAgent, type Core } from 'sip.js';
import { phoneEnglish } from '../phone-english';
import { isDialling } from './call-state';
import { PhoneCall, type CallDirection, type CallEnvironment, type CallInfo, type HangUpResult } from './phone-call';
import { failureSaid, sipFailureKind } from './sip-failure';
import { PhoneError } from '../phone-error';
import type { ResolvedTarget } from '../transfer/transfer-target';
import type { DiallingInvite } from '../../../../common/ipc/live-call';
import { diallingInviteOf } from './dialling-invite';

export class OutgoingCall extends PhoneCall {
  constructor(
    private readonly inviter: Inviter,
    info: CallInfo,
    env: CallEnvironment,
  ) {
    super(inviter, { kind: 'calling' }, info, env);
  }

  get direction(): CallDirection {
    return 'outgoing';
  }

  /** Sends the INVITE (with the chosen microphone). */
  start(): void {
    const mic = this.env.devices().microphone;
    this.inviter
      .invite({
        sessionDescriptionHandlerOptions: { constraints: { audio: mic ? { deviceId: { exact: mic } } : true, video: false } },
        requestDelegate: {
          onProgress: (response) => this.progress(response),
          onReject: (response) => this.rejected(response),
        },
      })
      .catch((err: unknown) => {
        this.end({ cause: 'failed', by: 'system', detail: `The call could not be placed: ${err instanceof Error ? err.message : String(err)}` });
      });
  }

  override diallingInvite(): DiallingInvite | null {
    return isDialling(this.current) ? diallingInviteOf(this.inviter) : null;
  }

  async answer(): Promise<void> {
    if (this.current.kind === 'active' || this.current.kind === 'held') return;
    if (this.current.kind === 'ended') throw new PhoneError('phone.err.ended');
    throw new PhoneError('phone.err.answerOutgoing');
  }

  async reject(): Promise<void> {
    throw new PhoneError('phone.err.rejectNotRinging');
  }

  protected async hangUpUnanswered(): Promise<HangUpResult | null> {
    if (!isDialling(this.current)) return null;
    this.endIntent ??= { cause: 'cancelled', by: 'agent' };
    await this.inviter.cancel().catch(() => undefined);
    return { signalled: true };
  }

  /** sip.js ends the session before it hands over the final failure response: wait for it, it comes in the same task. */
  protected override terminated(): void {
    if (isDialling(this.current) && this.endIntent === null) queueMicrotask(() => super.terminated());
    else super.terminated();
  }

  private progress(response: Core.IncomingResponse): void {
    const status = response.message.statusCode ?? 0;
    if ((status !== 180 && status !== 183) || this.current.kind !== 'calling') return;
    this.move({ kind: 'remote-ringing' });
    this.playTone('ringback', this.env.devices().speaker);
  }

  private rejected(response: Core.IncomingResponse): void {
    if (this.endIntent !== null) return; // our own CANCEL's 487
    const status = response.message.statusCode ?? 0;
    const kind = sipFailureKind(status, 'attempt');
    const target = this.info.target ?? this.info.remoteUser;
    const reason = { key: 'phone.outgoing.failed', params: { target }, cause: failureSaid(kind, target, status) };
    this.endIntent = { cause: 'not-reached', by: 'remote', failure: { status, kind }, reason, detail: phoneEnglish(reason) };
  }
}

/** Builds the agent's call to `target` (not yet sent: `start()`), as the consultation of the call `consultationOf`. */
export function placeCall(ua: UserAgent, target: ResolvedTarget, consultationOf: string, env: CallEnvironment): OutgoingCall {
  const uri = UserAgent.makeURI(target.uri);
  if (!uri) throw new PhoneError('phone.err.target.invalid');
  const inviter = new Inviter(ua, uri, { earlyMedia: false });
  const info = {
    id: inviter.id, direction: 'outgoing', role: 'consultation', consultationOf, target: target.shown,
    remoteUser: target.user, remoteDisplayName: '', cti: null, ctiError: null, referredBy: null,
    autoAnswer: { answer: false, because: 'not-requested' }, receivedAt: env.timers.now(), offeredWhileBusy: false,
  } as const;
  return new OutgoingCall(inviter, info, env);
}
