/**
 * The audio side of an established call: remote playback and level, local
 * track enabling (mute, hold), microphone switching, and quality sampling.
 * Works on sip.js's web session description handler; with any other handler
 * (Node tests) it does nothing, so call signalling stays testable without WebRTC.
 */
import { Web, type SessionDescriptionHandler } from 'sip.js';
import type { MediaPort, RemoteAudio } from './media-port';
import { QualitySampler } from './quality-sampler';
import type { QualitySample } from './rtp-quality';
import type { Timers } from './timers';
import { PhoneError } from './phone-error';

export interface AudioRoute {
  readonly microphone: string;
  readonly speakerId: string;
}

export class CallMedia {
  private remote: RemoteAudio | null = null;
  private sampler: QualitySampler | null = null;

  constructor(
    private readonly sdh: () => SessionDescriptionHandler | undefined,
    private readonly media: MediaPort,
    private readonly timers: Timers,
    private readonly onQuality: (sample: QualitySample) => void,
  ) {}

  /** Starts playback and sampling once the call is established. */
  start(speakerId: string | null): void {
    const web = this.webHandler();
    const pc = web?.peerConnection;
    if (!web || !pc || this.remote) return;
    this.remote = this.media.playRemote(web.remoteMediaStream, speakerId);
    this.sampler = new QualitySampler(pc, this.timers, this.onQuality);
    this.sampler.start();
  }

  stop(): void {
    this.sampler?.stop();
    this.remote?.dispose();
    this.remote = null;
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

  latest(): QualitySample | null {
    return this.sampler?.latest ?? null;
  }

  async sample(): Promise<QualitySample | null> {
    return (await this.sampler?.sample()) ?? null;
  }

  remoteLevel(): number {
    return this.remote?.level() ?? 0;
  }

  private webHandler(): Web.SessionDescriptionHandler | null {
    const sdh = this.sdh();
    return sdh instanceof Web.SessionDescriptionHandler ? sdh : null;
  }

  private peerConnection(): RTCPeerConnection | null {
    return this.webHandler()?.peerConnection ?? null;
  }
}
