/**
 * The audio side of an established call: remote playback and level, local
 * track enabling (mute, hold), microphone switching, quality sampling, and
 * whether audio really arrives (media-watch.ts, fed by the samples and the
 * peer connection's state). Works on sip.js's web session description
 * handler; with any other handler (Node tests) it does nothing, so call
 * signalling stays testable without WebRTC.
 */
import { Web, type SessionDescriptionHandler } from 'sip.js';
import type { MediaPort, RemoteAudio } from './media-port';
import { MediaWatch, sameHealth, type MediaHealth, type MediaWatchOptions } from './media-watch';
import { QualitySampler } from '../quality/quality-sampler';
import { trackLevel, type TrackLevel } from '../../audio/track-level';
import type { QualitySample } from '../quality/rtp-quality';
import { sdpAudioDirection } from './sdp-direction';
import type { Timers } from '../timers';
import { PhoneError } from '../phone-error';

export interface CallMediaEvents {
  readonly quality: (sample: QualitySample) => void;
  /** Whether audio arrives changed (flowing ⇄ silent, its side, the offer to end). */
  readonly health: (health: MediaHealth) => void;
  /** The peer connection lost its path (`disconnected`/`failed`) or found it again. */
  readonly path: (state: RTCPeerConnectionState) => void;
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
  private watch: MediaWatch | null = null;
  private health: MediaHealth = { kind: 'flowing' };
  private weHold = false;
  private stopPathWatch: (() => void) | null = null;

  constructor(
    private readonly sdh: () => SessionDescriptionHandler | undefined,
    private readonly media: MediaPort,
    private readonly timers: Timers,
    private readonly events: CallMediaEvents,
    private readonly watchOptions: MediaWatchOptions = {},
  ) {}

  /** Starts playback, sampling and the media watch once the call is established. */
  start(speakerId: string | null): void {
    const web = this.webHandler();
    const pc = web?.peerConnection;
    if (!web || !pc || this.remote) return;
    this.remote = this.media.playRemote(web.remoteMediaStream, speakerId);
    this.watch = new MediaWatch(this.timers.now(), this.watchOptions);
    this.sampler = new QualitySampler(pc, this.timers, (sample) => {
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
  }

  /** Ends sampling and playback and lets go of the peer connection (the sampler held it for ~32 s after the call). */
  stop(): void {
    this.sampler?.stop();
    this.lastSample = this.sampler?.latest ?? this.lastSample;
    this.sampler = null;
    this.stopPathWatch?.();
    this.stopPathWatch = null;
    this.remote?.dispose();
    this.remote = null;
    this.local?.meter.close();
    this.local = null;
    this.watch = null;
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

  /** Sends our audio or not (mute, hold); the sender keeps running so unmuting is instant. */
  setSending(sending: boolean): void {
    for (const s of this.peerConnection()?.getSenders() ?? []) if (s.track?.kind === 'audio') s.track.enabled = sending;
  }

  async setMicrophone(deviceId: string | null, sending: boolean): Promise<void> {
    const pc = this.peerConnection();
    if (!pc) return; // not yet answered: the choice applies through the answer's constraints
    const sender = pc.getSenders().find((s) => s.track?.kind === 'audio' || s.track === null);
    if (!sender) throw new PhoneError('phone.err.noSender');
    const track = await this.media.getMicrophone(deviceId);
    track.enabled = sending;
    const old = sender.track;
    await sender.replaceTrack(track);
    old?.stop();
  }

  async setSpeaker(deviceId: string | null): Promise<void> {
    await this.remote?.setSpeaker(deviceId);
  }

  /** Where the call's audio goes now: the microphone sending (its label) and the output playing (device id, '' = default). */
  route(): AudioRoute | null {
    const sender = this.peerConnection()?.getSenders().find((s) => s.track?.kind === 'audio');
    if (!this.remote || !sender?.track) return null;
    return { microphone: sender.track.label, speakerId: this.remote.speakerId() };
  }

  /** Digits still waiting in the audio sender's DTMF queue ('' when none or no sender). */
  get pendingDtmf(): string {
    return this.peerConnection()?.getSenders()[0]?.dtmf?.toneBuffer ?? '';
  }

  latest(): QualitySample | null {
    return this.sampler?.latest ?? this.lastSample;
  }

  async sample(): Promise<QualitySample | null> {
    return (await this.sampler?.sample()) ?? null;
  }

  remoteLevel(): number {
    return this.remote?.level() ?? 0;
  }

  /** The level of what the agent's microphone sends (0…1; 0 when muted or before media). */
  localLevel(): number {
    const track = this.peerConnection()?.getSenders().find((s) => s.track?.kind === 'audio')?.track ?? null;
    if (!track || !track.enabled) return 0;
    if (this.local?.trackId !== track.id) {
      this.local?.meter.close();
      this.local = { trackId: track.id, meter: trackLevel(track) };
    }
    return this.local.meter.read();
  }

  private webHandler(): Web.SessionDescriptionHandler | null {
    const sdh = this.sdh();
    return sdh instanceof Web.SessionDescriptionHandler ? sdh : null;
  }

  private peerConnection(): RTCPeerConnection | null {
    return this.webHandler()?.peerConnection ?? null;
  }
}
