/**
 * One incoming call over a sip.js Invitation: the call state machine
 * (call-state.ts) driven by the agent's actions and by SIP, plus the controls
 * an agent uses during a call. Media specifics go through the MediaPort so the
 * signalling logic runs in Node tests with a fake transport.
 */
import { SessionState, type Core, type Invitation, type Web } from 'sip.js';
import type { Cti } from '../../../common/domain/cti';
import type { AutoAnswerDecision } from './auto-answer';
import { nextCall, type CallState, type EndCause, type EndedBy } from './call-state';
import { CallMedia, type AudioRoute } from './call-media';
import { PhoneError } from './phone-error';
import type { MediaPort, Ringtone } from './media-port';
import type { QualitySample } from './rtp-quality';
import type { Timers } from './timers';

export interface CallInfo {
  readonly id: string;
  /** Caller's number / user part. */
  readonly remoteUser: string;
  readonly remoteDisplayName: string;
  readonly cti: Cti | null;
  /** Why the CTI header could not be read, in plain words (the call still works). */
  readonly ctiError: string | null;
  readonly autoAnswer: AutoAnswerDecision;
  readonly receivedAt: number;
}

export interface DeviceChoice {
  readonly microphone: string | null;
  readonly speaker: string | null;
  readonly ringer: string | null;
}

/** hangUp()'s answer: when `signalled` is false the UI should fall back to the API's Hang Up Call. */
export type HangUpResult = { readonly signalled: true } | { readonly signalled: false; readonly reason: string };

export interface CallEvents {
  state: (call: PhoneCall) => void;
  mute: (call: PhoneCall) => void;
  quality: (call: PhoneCall, sample: QualitySample) => void;
}

export interface CallEnvironment {
  readonly media: MediaPort;
  readonly timers: Timers;
  readonly devices: () => DeviceChoice;
  readonly isConnected: () => boolean;
  readonly events: CallEvents;
  /** How long to wait for the answer to our BYE before calling signalling lost (default 4 s). */
  readonly byeTimeoutMs?: number;
}

const DTMF_TONES = /^[0-9A-Da-d#*,]{1,32}$/;

export class PhoneCall {
  private current: CallState = { kind: 'ringing' };
  private muted = false;
  private endIntent: { cause: EndCause; by: EndedBy } | null = null;
  private ringtone: Ringtone | null = null;
  private readonly media: CallMedia;
  private answeredAt: number | null = null;

  constructor(
    private readonly invitation: Invitation,
    readonly info: CallInfo,
    private readonly env: CallEnvironment,
  ) {
    invitation.delegate = {
      onBye: (bye) => {
        this.endIntent ??= { cause: 'hangup', by: 'remote' };
        void bye.accept();
      },
      onCancel: () => {
        this.endIntent ??= { cause: 'cancelled', by: 'remote' };
      },
    };
    invitation.stateChange.addListener((s) => this.onSessionState(s));
    this.media = new CallMedia(() => invitation.sessionDescriptionHandler, env.media, env.timers, (q) => env.events.quality(this, q));
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

  /** Starts ringing (the phone calls this unless the call is answered automatically). */
  ring(): void {
    if (this.current.kind === 'ringing' && !this.ringtone) this.ringtone = this.env.media.startRingtone(this.env.devices().ringer);
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
    const answered = await new Promise<boolean>((resolve) => {
      const t = this.env.timers.setTimeout(() => resolve(false), this.env.byeTimeoutMs ?? 4_000);
      const done = (ok: boolean) => () => {
        this.env.timers.clearTimeout(t);
        resolve(ok);
      };
      this.invitation.bye({ requestDelegate: { onAccept: done(true), onReject: done(true) } }).catch(done(false));
    });
    if (answered) return { signalled: true };
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
    await this.reinvite(true);
    this.move({ kind: 'held' });
    this.applyTrackState();
  }

  async resume(): Promise<void> {
    if (this.current.kind !== 'held') throw new PhoneError('phone.err.resumeNotHeld');
    await this.reinvite(false);
    this.move({ kind: 'active' });
    this.applyTrackState();
  }

  /** Sends DTMF as RFC 4733 telephone-events on the audio sender. */
  sendDtmf(tones: string): void {
    if (this.current.kind !== 'active') throw new PhoneError('phone.err.dtmfNotActive');
    if (!DTMF_TONES.test(tones)) throw new PhoneError('phone.err.dtmfTones');
    const sdh = this.invitation.sessionDescriptionHandler;
    if (!sdh?.sendDtmf(tones, { duration: 100, interToneGap: 70 })) {
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
  remoteLevel(): number {
    return this.media.remoteLevel();
  }

  private reinvite(hold: boolean): Promise<void> {
    const options = this.invitation.sessionDescriptionHandlerOptionsReInvite as Web.SessionDescriptionHandlerOptions;
    options.hold = hold;
    this.invitation.sessionDescriptionHandlerOptionsReInvite = options;
    return new Promise<void>((resolve, reject) => {
      const requestDelegate: Core.OutgoingRequestDelegate = {
        onAccept: () => resolve(),
        onReject: (r) =>
          reject(new PhoneError(hold ? 'phone.err.holdRefused' : 'phone.err.resumeRefused', { status: `${r.message.statusCode} ${r.message.reasonPhrase}` })),
      };
      this.invitation.invite({ requestDelegate }).catch((err: unknown) => {
        options.hold = !hold;
        const detail = err instanceof Error ? err.message : String(err);
        reject(new PhoneError(hold ? 'phone.err.holdFailed' : 'phone.err.resumeFailed', { detail }, { cause: err }));
      });
    });
  }

  private sending(): boolean {
    return !this.muted && this.current.kind !== 'held';
  }

  private applyTrackState(): void {
    this.media.setSending(this.sending());
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

  private end(cause: EndCause, by: EndedBy, detail?: string): void {
    if (this.current.kind === 'ended') return;
    this.stopRinging();
    this.media.stop();
    this.move(detail === undefined ? { kind: 'ended', cause, by } : { kind: 'ended', cause, by, detail });
  }

  private stopRinging(): void {
    this.ringtone?.stop();
    this.ringtone = null;
  }

  private move(to: CallState): void {
    this.current = nextCall(this.current, to);
    this.env.events.state(this);
  }
}
