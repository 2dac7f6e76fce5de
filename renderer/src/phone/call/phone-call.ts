/**
 * One incoming call over a sip.js Invitation: the call state machine
 * (call-state.ts) driven by the agent's actions and by SIP, the controls an
 * agent uses during a call, and the call's own truth after a network loss:
 * whether its audio arrives (call-media.ts) and whether the platform still
 * has it (`refresh()`: a re-INVITE; 481, 408 or no answer end it here as
 * dropped by the network). Media specifics go through the MediaPort so the
 * signalling logic runs in Node tests with a fake transport.
 */
import { SessionState, type Invitation } from 'sip.js';
import type { MissedCallReason } from '../../../../common/ipc/calls';
import { missedReason, saysNoAnswer } from './missed-reason';
import { english, type Say } from '../../../../common/i18n/say';
import { nextCall, type CallKind, type CallState, type EndCause, type EndedBy } from './call-state';
import { CallMedia, type AudioRoute } from '../media/call-media';
import { byeAnswered, callIsGone, describeGone, refreshDialog, reinvite } from './in-dialog';
import type { MediaHealth } from '../media/media-watch';
import type { Ringtone } from '../media/media-port';
import type { CallEnvironment, CallInfo, HangUpResult, RefreshResult } from './phone-call-options';
import { PhoneError } from '../phone-error';
import type { QualitySample } from '../quality/rtp-quality';

export type { CallEnvironment, CallEvents, CallInfo, DeviceChoice, HangUpResult, RefreshResult } from './phone-call-options';

const DTMF_TONES = /^[0-9A-Da-d#*,]{1,32}$/;
/** Digits waiting to go out at most (each takes 170 ms). */
const MAX_QUEUED_DTMF = 64;

export class PhoneCall {
  private current: CallState = { kind: 'ringing' };
  private muted = false;
  private endIntent: { cause: EndCause; by: EndedBy } | null = null;
  private ringtone: Ringtone | null = null;
  private readonly media: CallMedia;
  private answeredAt: number | null = null;
  /** When the INVITE arrived (the ring timer), and when the current hold began (the hold timer). */
  readonly offeredAt: number;
  private heldAt: number | null = null;
  /** The state it ended from, and what the caller's CANCEL said (RFC 3326 Reason), for the missed-call record. */
  private endedFrom: CallKind | null = null;
  private cancelledForNoAnswer = false;

  constructor(
    private readonly invitation: Invitation,
    readonly info: CallInfo,
    private readonly env: CallEnvironment,
  ) {
    this.offeredAt = env.timers.now();
    invitation.delegate = {
      onBye: (bye) => {
        this.endIntent ??= { cause: 'hangup', by: 'remote' };
        void bye.accept();
      },
      onCancel: (cancel) => {
        this.endIntent ??= { cause: 'cancelled', by: 'remote' };
        this.cancelledForNoAnswer = saysNoAnswer(cancel.request.getHeaders('reason'));
      },
    };
    invitation.stateChange.addListener((s) => this.onSessionState(s));
    this.media = new CallMedia(
      () => invitation.sessionDescriptionHandler,
      env.media,
      env.timers,
      {
        quality: (q) => env.events.quality(this, q),
        health: (h) => env.events.media(this, h),
        path: (p) => env.events.path(this, p),
      },
      env.mediaWatch,
    );
  }

  get id(): string {
    return this.info.id;
  }

  get state(): CallState {
    return this.current;
  }

  get isMuted(): boolean {
    return this.muted;
  }

  /** When the call became active (epoch ms), for the call panel's timer. */
  get activeSince(): number | null {
    return this.answeredAt;
  }

  /** When the call went on hold (epoch ms) while it is held, else null. */
  get heldSince(): number | null {
    return this.current.kind === 'held' ? this.heldAt : null;
  }

  /** Why this call counts as missed (it rang and was not taken), or null. */
  get missed(): MissedCallReason | null {
    return missedReason(this.current, this.endedFrom, this.info.offeredWhileBusy, this.cancelledForNoAnswer);
  }

  /** Whether its audio arrives (always `flowing` before it is answered). */
  get mediaHealth(): MediaHealth {
    return this.media.mediaHealth;
  }

  /** Its peer connection's state, null before it has media. */
  get pathState(): RTCPeerConnectionState | null {
    return this.media.pathState;
  }

  /** Starts ringing (the phone calls this unless the call is answered automatically); `waiting`: a soft tone, another call is live. */
  ring(waiting = false): void {
    if (this.current.kind !== 'ringing') return;
    this.ringtone?.stop();
    const { ringer, speaker } = this.env.devices();
    // A waiting call beeps softly where the agent listens to the live call; a lone one rings on the ringer.
    this.ringtone = waiting ? this.env.media.startRingtone(speaker, 'waiting') : this.env.media.startRingtone(ringer, 'ring');
  }

  /** The phone has a registered SIP connection or not. */
  setSignalling(up: boolean): void {
    this.media.setSignalling(up);
  }

  /**
   * Asks the platform whether it still has this call (a re-INVITE, restarting
   * ICE when the network changed). 481, 408 or no answer: the call is gone and
   * ends here as dropped by the network. A glare (491) is retried once.
   */
  async refresh(iceRestart: boolean): Promise<RefreshResult> {
    if (this.current.kind !== 'active' && this.current.kind !== 'held') return 'unknown';
    const request = { hold: this.current.kind === 'held', iceRestart, answerMs: this.env.refreshAnswerMs ?? 5_000 };
    const epoch = this.env.connectionEpoch();
    const outcome = await refreshDialog(this.invitation, request, this.env.timers, () => this.isLive());
    if (outcome.kind === 'accepted') return 'kept';
    // The next hop could not take it (a proxy just restarted, the platform's side not back yet): ask again soon.
    if (outcome.kind === 'rejected' && (outcome.status >= 500 || outcome.status === 477)) return 'retry';
    // Silence from a connection that died meanwhile says nothing about the call.
    const sameConnection = this.env.isConnected() && this.env.connectionEpoch() === epoch;
    if (!callIsGone(outcome) || !this.isLive() || (outcome.kind === 'no-answer' && !sameConnection)) return 'unknown';
    const reason = describeGone(outcome);
    this.end('network-dropped', 'system', english(reason), reason);
    // Tell the platform too, in case it still holds the call; nobody waits for the answer.
    void this.invitation.bye().catch(() => this.invitation.dispose().catch(() => undefined));
    return 'dropped';
  }

  /** Answers a ringing call; a no-op when it is already answered (a shortcut pressed after auto-answer). */
  async answer(): Promise<void> {
    if (this.current.kind === 'answering' || this.current.kind === 'active' || this.current.kind === 'held') return;
    if (this.current.kind === 'ended') throw new PhoneError('phone.err.ended');
    this.stopRinging();
    this.move({ kind: 'answering' });
    const mic = this.env.devices().microphone;
    try {
      await this.invitation.accept({
        sessionDescriptionHandlerOptions: { constraints: { audio: mic ? { deviceId: { exact: mic } } : true, video: false } },
      });
    } catch (err) {
      this.end('failed', 'system', `The call could not be answered: ${err instanceof Error ? err.message : String(err)}`);
      throw new PhoneError('phone.err.answer', {}, { cause: err });
    }
  }

  async reject(): Promise<void> {
    if (this.current.kind !== 'ringing') throw new PhoneError('phone.err.rejectNotRinging');
    this.endIntent = { cause: 'rejected', by: 'agent' };
    this.stopRinging();
    await this.invitation.reject({ statusCode: 486 });
  }

  /**
   * Ends the call with a SIP BYE. When signalling is gone (socket down, no
   * answer to the BYE) the call ends here with cause `signalling-lost` and the
   * result says so: the platform may still hold the call, and the UI should
   * use the API's Hang Up Call.
   */
  async hangUp(): Promise<HangUpResult> {
    switch (this.current.kind) {
      case 'ended':
        return { signalled: true };
      case 'ringing':
        await this.reject();
        return { signalled: true };
      case 'answering':
        this.endIntent = { cause: 'hangup', by: 'agent' };
        await this.invitation.reject({ statusCode: 480 }).catch(() => undefined);
        return { signalled: true };
      default:
        break;
    }
    if (!this.env.isConnected()) {
      const reason = 'The phone has no connection to the platform, so it could not hang up by itself.';
      this.end('signalling-lost', 'agent', reason);
      void this.invitation.dispose().catch(() => undefined);
      return { signalled: false, reason };
    }
    this.endIntent = { cause: 'hangup', by: 'agent' };
    if (await byeAnswered(this.invitation, this.env.byeTimeoutMs ?? 4_000, this.env.timers)) return { signalled: true };
    const reason = 'The platform did not answer the hang-up.';
    this.end('signalling-lost', 'agent', reason);
    return { signalled: false, reason };
  }

  setMuted(muted: boolean): void {
    if (this.current.kind === 'ended') return;
    this.muted = muted;
    this.applyTrackState();
    this.env.events.mute(this);
  }

  /** Puts the call on hold (re-INVITE with sendonly/inactive); resolves once the far end accepts. */
  async hold(): Promise<void> {
    if (this.current.kind !== 'active') throw new PhoneError('phone.err.holdNotActive');
    await this.changeHold(true);
    this.move({ kind: 'held' });
    this.applyTrackState();
  }

  async resume(): Promise<void> {
    if (this.current.kind !== 'held') throw new PhoneError('phone.err.resumeNotHeld');
    await this.changeHold(false);
    this.move({ kind: 'active' });
    this.applyTrackState();
  }

  /** Sends DTMF as RFC 4733 telephone-events on the audio sender. */
  sendDtmf(tones: string): void {
    if (this.current.kind !== 'active') throw new PhoneError('phone.err.dtmfNotActive');
    if (!DTMF_TONES.test(tones)) throw new PhoneError('phone.err.dtmfTones');
    // insertDTMF replaces the digits still queued: keep them, so fast typing loses none.
    const queued = this.media.pendingDtmf + tones;
    if (queued.length > MAX_QUEUED_DTMF) throw new PhoneError('phone.err.dtmfQueueFull');
    const sdh = this.invitation.sessionDescriptionHandler;
    if (!sdh?.sendDtmf(queued, { duration: 100, interToneGap: 70 })) {
      throw new PhoneError('phone.err.dtmfNoChannel');
    }
  }

  async setMicrophone(deviceId: string | null): Promise<void> {
    await this.media.setMicrophone(deviceId, this.sending());
  }

  async setSpeaker(deviceId: string | null): Promise<void> {
    await this.media.setSpeaker(deviceId);
  }

  /** The latest quality sample (test hook and call panel). */
  stats(): QualitySample | null {
    return this.media.latest();
  }

  async sampleQuality(): Promise<QualitySample | null> {
    return this.media.sample();
  }

  audioRoute(): AudioRoute | null {
    return this.media.route();
  }

  /** RMS level of the received audio, 0 … 1 (test hook). */
  localLevel(): number {
    return this.media.localLevel();
  }

  remoteLevel(): number {
    return this.media.remoteLevel();
  }

  private async changeHold(hold: boolean): Promise<void> {
    const outcome = await reinvite(this.invitation, { hold, answerMs: this.env.holdAnswerMs ?? 10_000 }, this.env.timers);
    if (outcome.kind === 'accepted') return;
    if (outcome.kind === 'rejected') {
      throw new PhoneError(hold ? 'phone.err.holdRefused' : 'phone.err.resumeRefused', { status: `${outcome.status} ${outcome.reason}`.trim() });
    }
    const detail = outcome.kind === 'no-answer' ? 'the platform did not answer' : outcome.detail;
    throw new PhoneError(hold ? 'phone.err.holdFailed' : 'phone.err.resumeFailed', { detail });
  }

  private isLive(): boolean {
    return this.current.kind !== 'ended';
  }

  private sending(): boolean {
    return !this.muted && this.current.kind !== 'held';
  }

  private applyTrackState(): void {
    this.media.setSending(this.sending());
    this.media.setHeld(this.current.kind === 'held');
  }

  private onSessionState(s: SessionState): void {
    if (s === SessionState.Established && this.current.kind === 'answering') {
      this.answeredAt = this.env.timers.now();
      this.move({ kind: 'active' });
      this.startMedia();
    } else if (s === SessionState.Terminated && this.current.kind !== 'ended') {
      const intent = this.endIntent ?? this.defaultEnd();
      this.end(intent.cause, intent.by);
    }
  }

  private defaultEnd(): { cause: EndCause; by: EndedBy } {
    switch (this.current.kind) {
      case 'ringing':
        return { cause: 'cancelled', by: 'remote' };
      case 'answering':
        return { cause: 'failed', by: 'system' };
      default:
        return { cause: 'hangup', by: 'remote' };
    }
  }

  private startMedia(): void {
    this.media.start(this.env.devices().speaker);
    this.applyTrackState();
  }

  private end(cause: EndCause, by: EndedBy, detail?: string, reason?: Say): void {
    if (this.current.kind === 'ended') return;
    this.endedFrom = this.current.kind;
    this.stopRinging();
    this.media.stop();
    this.move({ kind: 'ended', cause, by, ...(detail === undefined ? {} : { detail }), ...(reason ? { reason } : {}) });
  }

  private stopRinging(): void {
    this.ringtone?.stop();
    this.ringtone = null;
  }

  private move(to: CallState): void {
    const wasHeld = this.current.kind === 'held';
    this.current = nextCall(this.current, to);
    if (this.current.kind === 'held' && !wasHeld) this.heldAt = this.env.timers.now();
    this.env.events.state(this);
  }
}
