/**
 * The audio side of an established call: remote playback and level, local
 * track enabling (mute, hold), microphone switching, quality sampling, and
 * whether audio really arrives (media-watch.ts, fed by the samples and the
 * peer connection's state). While a conference mixes (conference/), the
 * sender carries the mix instead of the microphone (`sendInstead`): hold
 * still silences the sender, mute takes the agent's voice out of the mix,
 * and a microphone switch feeds the mixer. Works on sip.js's web session
 * description handler; with any other handler (Node tests) it does nothing,
 * so call signalling stays testable without WebRTC.
 */
import { Web, type SessionDescriptionHandler } from 'sip.js';
import type { MediaPort, RemoteAudio } from './media-port';
import { MediaWatch, sameHealth, type MediaHealth, type MediaWatchOptions } from './media-watch';
import { QualitySampler } from '../quality/quality-sampler';
import { QualityTimeline } from '../quality/quality-timeline';
import type { CallQualityTimeline } from '../../../../common/ipc/call-quality';
import { trackLevel, type TrackLevel } from '../../audio/track-level';
import { SpareMicrophone } from './spare-microphone';
import type { QualitySample } from '../quality/rtp-quality';
import { sdpAudioDirection } from './sdp-direction';
import type { Timers } from '../timers';
import { PhoneError } from '../phone-error';
import type { SendOverride } from './send-override';

export interface CallMediaEvents {
  readonly quality: (sample: QualitySample) => void;
  /** Whether audio arrives changed (flowing ⇄ silent, its side, the offer to end). */
  readonly health: (health: MediaHealth) => void;
  /** The peer connection lost its path (`disconnected`/`failed`) or found it again. */
  readonly path: (state: RTCPeerConnectionState) => void;
  /** The microphone track ended by itself (its device went away): the call should take a microphone again. */
  readonly microphoneEnded: () => void;
}

/** What a conference mixer takes from a call: what it receives, and the microphone it would send. */
export interface ConferenceMedia {
  readonly remote: MediaStream;
  readonly microphone: MediaStreamTrack;
}

export interface AudioRoute {
  readonly microphone: string;
  readonly speakerId: string;
}

export class CallMedia {
  private remote: RemoteAudio | null = null;
  private sampler: QualitySampler | null = null;
  private local: { trackId: string; meter: TrackLevel } | null = null;
  /** The last sample of a stopped call (its sampler, which held the peer connection, is gone). */
  private lastSample: QualitySample | null = null;
  /** The call's quality over time (kept after the call, for its record). */
  private qualityTimeline: QualityTimeline | null = null;
  private watch: MediaWatch | null = null;
  private health: MediaHealth = { kind: 'flowing' };
  private weHold = false;
  private stopPathWatch: (() => void) | null = null;
  /** A conference's mix sent instead of the microphone, and the microphone kept aside meanwhile. */
  private override: SendOverride | null = null;
  private microphone: MediaStreamTrack | null = null;
  /** Muted or held: under a mix the sender keeps running, so this says whether the agent's voice goes out. */
  private agentSilent = false;
  /** The last mute and hold asked for: a microphone put on the sender later (a device change) must obey them too. */
  private sending = { muted: false, held: false };
  /** The device the live microphone track was asked for (null = system default), undefined when unknown (the answer's). */
  private microphoneFrom: string | null | undefined = undefined;
  /** Microphone switches one after another: a track that ended and the page's device change may ask at once. */
  private microphoneSwitch: Promise<void> = Promise.resolve();
  private unwatchMicrophone: (() => void) | null = null;
  /** The system default, open and disabled while the call sends from a chosen microphone (spare-microphone.ts). */
  private readonly spare = new SpareMicrophone(() => this.media.getMicrophone(null));

  constructor(
    private readonly sdh: () => SessionDescriptionHandler | undefined,
    private readonly media: MediaPort,
    private readonly timers: Timers,
    private readonly events: CallMediaEvents,
    private readonly watchOptions: MediaWatchOptions = {},
  ) {}

  /** Starts playback, sampling and the media watch once the call is established; `microphoneId` is the one the call was set up with. */
  start(speakerId: string | null, microphoneId: string | null): void {
    const web = this.webHandler();
    const pc = web?.peerConnection;
    if (!web || !pc || this.remote) return;
    this.keepSpareFor(microphoneId);
    this.remote = this.media.playRemote(web.remoteMediaStream, speakerId);
    this.watch = new MediaWatch(this.timers.now(), this.watchOptions);
    const timeline = new QualityTimeline(this.timers.now());
    this.qualityTimeline = timeline;
    this.sampler = new QualitySampler(pc, this.timers, (sample, snapshot) => {
      timeline.observe(snapshot);
      this.events.quality(sample);
      this.observe((watch, now) => {
        watch.expectAudio(!this.weHold && sdpAudioDirection(pc.remoteDescription?.sdp).sends, now);
        return watch.sample(sample.packetsInInterval, now);
      });
    });
    this.sampler.start();
    const onPath = (): void => {
      this.events.path(pc.connectionState);
      this.observe((watch, now) => watch.pathState(pc.connectionState, now));
    };
    pc.addEventListener('connectionstatechange', onPath);
    this.stopPathWatch = () => pc.removeEventListener('connectionstatechange', onPath);
    this.watchMicrophone(this.audioSender()?.track ?? null);
  }

  /** Tells when this track ends by itself (Chromium ends a capture whose device is gone; `stop()` by us fires nothing). */
  private watchMicrophone(track: MediaStreamTrack | null): void {
    this.unwatchMicrophone?.();
    this.unwatchMicrophone = null;
    if (!track) return;
    const onEnded = (): void => this.events.microphoneEnded();
    track.addEventListener('ended', onEnded, { once: true });
    this.unwatchMicrophone = () => track.removeEventListener('ended', onEnded);
  }

  /** Ends sampling and playback and lets go of the peer connection (the sampler held it for ~32 s after the call). */
  stop(): void {
    this.sampler?.stop();
    this.lastSample = this.sampler?.latest ?? this.lastSample;
    this.sampler = null;
    this.stopPathWatch?.();
    this.stopPathWatch = null;
    this.unwatchMicrophone?.();
    this.unwatchMicrophone = null;
    this.remote?.dispose();
    this.remote = null;
    this.spare.close();
    this.local?.meter.close();
    this.local = null;
    this.watch = null;
    // sip.js stops the tracks its senders carry; the microphone kept aside for a mix is ours to stop.
    if (this.override) this.microphone?.stop();
    this.override = null;
    this.microphone = null;
  }

  /** Whether audio arrives now. */
  get mediaHealth(): MediaHealth {
    return this.health;
  }

  /** The peer connection's state, or null before the call has media. */
  get pathState(): RTCPeerConnectionState | null {
    return this.peerConnection()?.connectionState ?? null;
  }

  /** We hold the call (no audio expected) or not. */
  setHeld(held: boolean): void {
    this.weHold = held;
    this.observe((watch, now) => watch.expectAudio(!held, now));
  }

  /** The phone has a registered SIP connection or not (the offer to end needs both media and signalling gone). */
  setSignalling(up: boolean): void {
    this.observe((watch, now) => watch.signallingUp(up, now));
  }

  private observe(update: (watch: MediaWatch, now: number) => MediaHealth): void {
    if (!this.watch) return;
    const next = update(this.watch, this.timers.now());
    if (sameHealth(next, this.health)) return;
    this.health = next;
    this.events.health(next);
  }

  /** Sends our audio or not (mute, hold); the sender keeps running so unmuting is instant. With a mix, mute only takes the agent out of it. */
  setSending({ muted, held }: { readonly muted: boolean; readonly held: boolean }): void {
    this.sending = { muted, held };
    this.agentSilent = muted || held;
    for (const s of this.peerConnection()?.getSenders() ?? []) if (s.track?.kind === 'audio') s.track.enabled = !held && (this.override !== null || !muted);
    this.override?.agentAudible(!muted);
  }

  /** Sends from another microphone (no renegotiation: replaceTrack). A device that cannot be opened (gone) gives the system default. */
  setMicrophone(deviceId: string | null): Promise<void> {
    const next = this.microphoneSwitch.then(() => this.switchMicrophone(deviceId));
    this.microphoneSwitch = next.catch(() => undefined);
    return next;
  }

  private async switchMicrophone(deviceId: string | null): Promise<void> {
    if (!this.peerConnection()) return; // not yet answered: the choice applies through the answer's constraints
    const sender = this.audioSender();
    if (!sender) throw new PhoneError('phone.err.noSender');
    const current = this.override ? this.microphone : sender.track;
    if (current?.readyState === 'live' && this.microphoneFrom === deviceId) return;
    // The chosen device went away (its capture ended): the spare already runs, so the customer hears the agent at once.
    const spare = current?.readyState === 'ended' && deviceId !== null && this.microphoneFrom !== null ? this.spare.take() : null;
    const { track, from } = spare ? { track: spare, from: null } : await this.openMicrophone(deviceId);
    this.microphoneFrom = from;
    this.keepSpareFor(from);
    if (this.override) {
      // The sender carries the mix: the new microphone goes to the mixer, and is sent again when the mix ends.
      this.microphone?.stop();
      this.microphone = track;
      this.watchMicrophone(track);
      this.override.microphoneChanged(track);
      return;
    }
    const old = sender.track;
    // A new track is live: muted or held, the customer must not hear it.
    track.enabled = !this.sending.held && !this.sending.muted;
    await sender.replaceTrack(track);
    this.watchMicrophone(track);
    old?.stop();
  }

  /** A spare while the call sends from a chosen device; none while it sends from the system default. */
  private keepSpareFor(microphoneId: string | null): void {
    if (microphoneId === null) this.spare.release();
    else this.spare.keep();
  }

  private async openMicrophone(deviceId: string | null): Promise<{ track: MediaStreamTrack; from: string | null }> {
    try {
      return { track: await this.media.getMicrophone(deviceId), from: deviceId };
    } catch (error) {
      if (deviceId === null) throw error;
      // The chosen device went away before the page's list said so: the system default keeps the customer hearing the agent.
      return { track: await this.media.getMicrophone(null), from: null };
    }
  }

  /** What a conference mixer, or the echo test's level recording, needs of this call; null before its audio starts. */
  conferenceMedia(): ConferenceMedia | null {
    const web = this.webHandler();
    const microphone = this.override ? this.microphone : (this.audioSender()?.track ?? null);
    if (!web || !microphone) return null;
    return { remote: web.remoteMediaStream, microphone };
  }

  /** Sends a mix instead of the microphone (no renegotiation: replaceTrack), or the microphone again (null). */
  async sendInstead(override: SendOverride | null): Promise<void> {
    const sender = this.audioSender();
    if (!sender || override === this.override) return;
    if (override) {
      if (!this.override) this.microphone = sender.track;
      await sender.replaceTrack(override.track);
    } else {
      await sender.replaceTrack(this.microphone);
      this.microphone = null;
    }
    this.override = override;
  }

  /** Stops playing the far end to the agent, or plays it again. */
  setRemoteMuted(muted: boolean): void {
    this.remote?.setMuted(muted);
  }

  async setSpeaker(deviceId: string | null): Promise<void> {
    await this.remote?.setSpeaker(deviceId);
  }

  /** Where the call's audio goes now: the microphone sending (its label) and the output playing (device id, '' = default). */
  route(): AudioRoute | null {
    const microphone = this.microphoneTrack();
    if (!this.remote || !microphone) return null;
    return { microphone: microphone.label, speakerId: this.remote.speakerId() };
  }

  /** Digits still waiting in the audio sender's DTMF queue ('' when none or no sender). */
  get pendingDtmf(): string {
    return this.peerConnection()?.getSenders()[0]?.dtmf?.toneBuffer ?? '';
  }

  latest(): QualitySample | null {
    return this.sampler?.latest ?? this.lastSample;
  }

  /** The call's quality over time so far, or null when its media never started. */
  timeline(): CallQualityTimeline | null {
    return this.qualityTimeline?.timeline() ?? null;
  }

  async sample(): Promise<QualitySample | null> {
    return (await this.sampler?.sample()) ?? null;
  }

  /** The peer connection's statistics now (the shift-start check reads both directions), or null without media. */
  async statsReport(): Promise<RTCStatsReport | null> {
    return (await this.peerConnection()?.getStats().catch(() => null)) ?? null;
  }

  remoteLevel(): number {
    return this.remote?.level() ?? 0;
  }

  /** The level of what the agent's microphone sends (0…1; 0 when muted or before media). */
  localLevel(): number {
    const track = this.microphoneTrack();
    if (!track || !track.enabled || (this.override && this.agentSilent)) return 0;
    if (this.local?.trackId !== track.id) {
      this.local?.meter.close();
      this.local = { trackId: track.id, meter: trackLevel(track) };
    }
    return this.local.meter.read();
  }

  /**
   * The agent's microphone: what the sender carries, or, while it carries a conference's mix, the
   * microphone the mix takes (the mix's track is named by a random id and sounds like the parties).
   */
  private microphoneTrack(): MediaStreamTrack | null {
    if (this.override) return this.microphone;
    return this.peerConnection()?.getSenders().find((s) => s.track?.kind === 'audio')?.track ?? null;
  }

  private webHandler(): Web.SessionDescriptionHandler | null {
    const sdh = this.sdh();
    return sdh instanceof Web.SessionDescriptionHandler ? sdh : null;
  }

  private peerConnection(): RTCPeerConnection | null {
    return this.webHandler()?.peerConnection ?? null;
  }

  private audioSender(): RTCRtpSender | null {
    return this.peerConnection()?.getSenders().find((s) => s.track?.kind === 'audio' || s.track === null) ?? null;
  }
}
