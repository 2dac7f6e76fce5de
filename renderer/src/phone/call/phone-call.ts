/**
 * One call as the agent handles it, of either direction: the controls of an
 * answered call (hold, mute, DTMF, devices, hang-up), its audio
 * (call-media.ts), and its own truth after a network loss: whether its audio
 * arrives and whether the platform still has it (`refresh()`: a re-INVITE;
 * 481, 408 or no answer end it here as dropped by the network).
 *
 * The signalling and the state machine are call-session.ts; how a call
 * starts is its subclass's business: incoming-call.ts (an Invitation: ring,
 * answer, reject) and outgoing-call.ts (an Inviter: calling, the far end
 * ringing, a failure response). Everything after the answer is here, once.
 * Media specifics go through the MediaPort so the signalling logic runs in
 * Node tests with a fake transport.
 */
import { phoneEnglish } from '../phone-english';
import { isEstablished } from './call-state';
import { CallSession, type EndIntent } from './call-session';
import { CallMedia, type AudioRoute, type ConferenceMedia } from '../media/call-media';
import { byeAnswered, callIsGone, describeGone, refreshDialog, reinvite } from './in-dialog';
import type { MediaHealth } from '../media/media-watch';
import type { SendOverride } from '../media/send-override';
import type { CallDirection, CallEnvironment, CallInfo, HangUpResult, RefreshResult } from './phone-call-options';
import type { CallState } from './call-state';
import type { Session } from 'sip.js';
import { PhoneError } from '../phone-error';
import type { QualitySample } from '../quality/rtp-quality';
import type { CallQualityTimeline } from '../../../../common/ipc/call-quality';
import type { ConnectionLoss } from './connection-loss';
import type { DiallingInvite } from '../../../../common/ipc/live-call';

export type { CallDirection, CallEnvironment, CallEvents, CallInfo, CallRole, DeviceChoice, HangUpResult, RefreshResult } from './phone-call-options';

const DTMF_TONES = /^[0-9A-Da-d#*,]{1,32}$/;
/** Digits waiting to go out at most (each takes 170 ms). */
const MAX_QUEUED_DTMF = 64;

export abstract class PhoneCall extends CallSession {
  private readonly media: CallMedia;
  private muted = false;

  constructor(session: Session, initial: CallState, info: CallInfo, env: CallEnvironment) {
    super(session, initial, info, env);
    this.media = new CallMedia(
      () => session.sessionDescriptionHandler,
      env.media,
      env.timers,
      {
        quality: (q) => env.events.quality(this, q),
        health: (h) => env.events.media(this, h),
        path: (p) => env.events.path(this, p),
        // Its device went away: the chosen microphone again if it is there, else the system default.
        microphoneEnded: () => void this.setMicrophone(env.devices().microphone).catch((error: unknown) => console.warn('phone: no microphone after the last one went away', error)),
      },
      env.mediaWatch,
    );
  }

  abstract get direction(): CallDirection;
  /** Answers a ringing incoming call (a no-op once answered). */
  abstract answer(): Promise<void>;
  /** Declines a ringing incoming call (486). */
  abstract reject(): Promise<void>;
  /** Ends the call before it was answered, or null when it is answered (hangUp() goes on with a BYE). */
  protected abstract hangUpUnanswered(): Promise<HangUpResult | null>;

  /** What a CANCEL of this call's INVITE needs while it is under way (an outgoing call: outgoing-call.ts), else null. */
  diallingInvite(): DiallingInvite | null {
    return null;
  }

  /** Ends a ringing incoming call whose INVITE's connection is gone (true); false for any other call (incoming-call.ts). */
  connectionGone(_loss: ConnectionLoss): boolean {
    return false;
  }

  get isMuted(): boolean {
    return this.muted;
  }

  /** Whether its audio arrives (always `flowing` before it is answered). */
  get mediaHealth(): MediaHealth {
    return this.media.mediaHealth;
  }

  /** Its peer connection's state, null before it has media. */
  get pathState(): RTCPeerConnectionState | null {
    return this.media.pathState;
  }

  /** Starts ringing an incoming call (the phone calls this unless it is answered automatically); `waiting`: a soft tone, another call is live. */
  ring(waiting = false): void {
    if (this.current.kind !== 'ringing') return;
    const { ringer, speaker } = this.env.devices();
    // A waiting call beeps softly where the agent listens to the live call; a lone one rings on the ringer.
    this.playTone(waiting ? 'waiting' : 'ring', waiting ? speaker : ringer);
  }

  /** The phone has a registered SIP connection or not. */
  setSignalling(up: boolean): void {
    this.media.setSignalling(up);
  }

  /**
   * Asks the platform whether it still has this call (a re-INVITE, restarting
   * ICE when the network changed). 481, 408 or no answer: the call is gone and
   * ends here as dropped, its reason saying what took it when the refresh
   * follows an outage (`loss`). A glare (491) is retried once.
   */
  async refresh(iceRestart: boolean, loss: ConnectionLoss | null = null): Promise<RefreshResult> {
    if (!isEstablished(this.current)) return 'unknown';
    const request = { hold: this.current.kind === 'held', iceRestart, answerMs: this.env.refreshAnswerMs ?? 5_000 };
    const epoch = this.env.connectionEpoch();
    const outcome = await refreshDialog(this.session, request, this.env.timers, () => this.current.kind !== 'ended');
    if (outcome.kind === 'accepted') return 'kept';
    // The next hop could not take it (a proxy just restarted, the platform's side not back yet): ask again soon.
    if (outcome.kind === 'rejected' && (outcome.status >= 500 || outcome.status === 477)) return 'retry';
    // Silence from a connection that died meanwhile says nothing about the call.
    const sameConnection = this.env.isConnected() && this.env.connectionEpoch() === epoch;
    if (!callIsGone(outcome) || this.current.kind === 'ended' || (outcome.kind === 'no-answer' && !sameConnection)) return 'unknown';
    const reason = describeGone(outcome, loss);
    this.end({ cause: 'network-dropped', by: 'system', detail: phoneEnglish(reason), reason, ...(loss ? { loss } : {}) });
    // Tell the platform too, in case it still holds the call; nobody waits for the answer.
    void this.session.bye().catch(() => this.session.dispose().catch(() => undefined));
    return 'dropped';
  }

  /**
   * Ends the call: before the answer as its direction does (reject, CANCEL),
   * after it with a SIP BYE. When signalling is gone (socket down, no answer
   * to the BYE) the call ends here with cause `signalling-lost` and the result
   * says so: the platform may still hold the call, and the UI should use the
   * API's Hang Up Call.
   */
  async hangUp(): Promise<HangUpResult> {
    if (this.current.kind === 'ended') return { signalled: true };
    const early = await this.hangUpUnanswered();
    if (early) return early;
    const lost = await this.bye({ cause: 'hangup', by: 'agent' });
    if (lost === null) return { signalled: true };
    this.endLost({ cause: 'signalling-lost', by: 'agent', detail: lost });
    return { signalled: false, reason: lost };
  }

  /** After a completed transfer: hang up our leg (the platform waits for that BYE) and end as `transferred`. */
  async hangUpTransferred(target: string, at: number): Promise<void> {
    if (this.current.kind === 'ended') return;
    const intent: EndIntent = { cause: 'transferred', by: 'agent', transfer: { target, at } };
    this.endIntent = intent;
    if (!isEstablished(this.current)) await this.hangUpUnanswered();
    // The transfer is done whatever becomes of our BYE: the platform ends a leg nobody hung up by itself.
    else if ((await this.bye(intent)) !== null) this.endLost(intent);
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
    if (!this.session.sessionDescriptionHandler?.sendDtmf(queued, { duration: 100, interToneGap: 70 })) {
      throw new PhoneError('phone.err.dtmfNoChannel');
    }
  }

  async setMicrophone(deviceId: string | null): Promise<void> {
    await this.media.setMicrophone(deviceId);
    this.applyTrackState();
  }

  async setSpeaker(deviceId: string | null): Promise<void> {
    await this.media.setSpeaker(deviceId);
  }

  /** The latest quality sample (test hook and call panel). */
  stats(): QualitySample | null {
    return this.media.latest();
  }

  /** The call's raw statistics (the shift-start check), or null before media. */
  statsReport(): Promise<RTCStatsReport | null> {
    return this.media.statsReport();
  }

  /** The call's quality timeline (a point every few seconds), or null when its media never started. */
  qualityTimeline(): CallQualityTimeline | null {
    return this.media.timeline();
  }

  async sampleQuality(): Promise<QualitySample | null> {
    return this.media.sample();
  }

  audioRoute(): AudioRoute | null {
    return this.media.route();
  }

  /** RMS level of what the microphone sends, 0 … 1 (test hook). */
  localLevel(): number {
    return this.media.localLevel();
  }

  /** RMS level of the received audio, 0 … 1 (test hook). */
  remoteLevel(): number {
    return this.media.remoteLevel();
  }

  /** This call's audio — what it receives and the microphone it would send — for a conference mixer (conference/) and the echo test's level recording; null before its audio starts. */
  conferenceMedia(): ConferenceMedia | null {
    return this.media.conferenceMedia();
  }

  /** Sends a conference mix instead of the microphone (null: the microphone again); mute and hold keep working. */
  async sendInstead(override: SendOverride | null): Promise<void> {
    await this.media.sendInstead(override);
    this.applyTrackState();
  }

  /** Stops playing the far end to the agent (a muted conference party), or plays it again. */
  setRemoteMuted(muted: boolean): void {
    this.media.setRemoteMuted(muted);
  }

  protected answered(): void {
    this.media.start(this.env.devices().speaker, this.env.devices().microphone);
    this.applyTrackState();
  }

  protected ended(): void {
    this.media.stop();
  }

  protected stateChanged(): void {
    this.env.events.state(this);
  }

  /** Sends BYE: null once the far end answered it, else why not (no connection, no answer). */
  private async bye(intent: EndIntent): Promise<string | null> {
    if (!this.env.isConnected()) return 'The phone has no connection to the platform, so it could not hang up by itself.';
    this.endIntent = intent;
    const answered = await byeAnswered(this.session, this.env.byeTimeoutMs ?? 4_000, this.env.timers);
    return answered ? null : 'The platform did not answer the hang-up.';
  }

  /** Ends the call here although the platform did not confirm it, and lets go of the session. */
  private endLost(intent: EndIntent): void {
    this.end(intent);
    void this.session.dispose().catch(() => undefined);
  }

  private async changeHold(hold: boolean): Promise<void> {
    const outcome = await reinvite(this.session, { hold, answerMs: this.env.holdAnswerMs ?? 10_000 }, this.env.timers);
    if (outcome.kind === 'accepted') return;
    if (outcome.kind === 'rejected') {
      throw new PhoneError(hold ? 'phone.err.holdRefused' : 'phone.err.resumeRefused', { status: `${outcome.status} ${outcome.reason}`.trim() });
    }
    const detail = outcome.kind === 'no-answer' ? 'the platform did not answer' : outcome.detail;
    throw new PhoneError(hold ? 'phone.err.holdFailed' : 'phone.err.resumeFailed', { detail });
  }

  protected applyTrackState(): void {
    this.media.setSending({ muted: this.muted, held: this.current.kind === 'held' });
    this.media.setHeld(this.current.kind === 'held');
  }
}
