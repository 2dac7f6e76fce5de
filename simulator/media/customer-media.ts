// The platform's end of one call leg, in pure TS WebRTC (werift: ICE,
// DTLS-SRTP): offers PCMA/PCMU + telephone-event, plays what its source gives
// once connected (a tone by default: the customer's voice) or what another leg
// forwards as it arrives (a bridge, the echo test), measures the level of what
// it receives, hands decoded audio to listeners, collects RFC 4733 DTMF digits
// and notes when RTP last arrived from the agent (what an RTP-inactivity
// timeout reads).
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCRtpTransceiver,
} from 'werift';
import { decodeG711, encodeG711, lawOfPayloadType, type G711Law } from './g711';
import { LevelMeter, rmsOf, type LevelReport } from './level-meter';
import { RecentAudio } from './recent-audio';
import { DtmfCollector } from './telephone-event';
import { FRAME_SAMPLES, ToneGenerator } from './tone';
import { sdpDirection, type SdpDirection } from './sdp-direction';
import { SendClock } from './send-clock';
import { ForwardedTimestamps, type Stamp } from './forwarded-timestamps';

export type G711Codec = 'PCMA' | 'PCMU';

/** Hears a decoded frame from the phone and the RTP timestamp it came with. */
export type AudioListener = (samples: Int16Array, rtpTimestamp: number) => void;

/** What a leg plays to its phone, one 20 ms frame at a time; undefined = nothing this time. */
export interface AudioSource {
  nextFrame(): Int16Array | undefined;
}

export interface CustomerMediaOptions {
  /** Offered codecs in order of preference (from the agent's `allow`). */
  codecs: G711Codec[];
  /** The only address ICE may use (loopback in tests). */
  mediaAddress: string;
  toneHz?: number;
  toneAmplitude?: number;
  /** Sending stops by itself after this long, whatever happens to the call. */
  maxSendMs?: number;
  onDtmf?(digit: string): void;
  onConnected?(): void;
}

export interface MediaLevels {
  /** What the customer hears from the agent; `lastPacketAt` (ISO time) of any RTP packet, DTMF events included. */
  received: LevelReport & { lastPacketAt?: string };
  /** What the customer sends (the tone); `dtls`: its path's DTLS state (the packets reach the phone only while `connected`). */
  sent: { packets: number; rms: number; dtls: string };
}

const TELEPHONE_EVENT_PT = 101;
const STATIC_PT: Record<G711Codec, number> = { PCMU: 0, PCMA: 8 };

export class CustomerMedia {
  private pc: RTCPeerConnection;
  private transceiver: RTCRtpTransceiver;
  /** The agent's DTLS certificate as its last SDP named it. */
  private remoteFingerprint: string | undefined;
  private readonly meter = new LevelMeter();
  private readonly recent = new RecentAudio();
  private readonly dtmf: DtmfCollector;
  private source: AudioSource | undefined;
  private readonly audioListeners = new Set<AudioListener>();
  /** Set while the leg sends what another leg forwards (frames(), audio-relay.ts): its clock then sends nothing. */
  private forwarding: ForwardedTimestamps | undefined;
  /** When the RTP timestamp last moved (a forwarded stream that starts over goes on from there). */
  private rtpTimestampAt = performance.now();
  private sendTimer: NodeJS.Timeout | undefined;
  private rtpSequence = Math.floor(Math.random() * 0xffff);
  private rtpTimestamp = Math.floor(Math.random() * 0xffffffff);
  private sentPackets = 0;
  private lastSentRms = 0;
  private remoteDirection: SdpDirection = 'sendrecv';
  private closed = false;
  private lastRtpAt: number | undefined;
  private lastNegotiatedAt: number | undefined;

  constructor(private readonly options: CustomerMediaOptions) {
    this.source = new ToneGenerator(options.toneHz ?? 440, options.toneAmplitude ?? 0.3);
    this.dtmf = new DtmfCollector((digit) => options.onDtmf?.(digit));
    [this.pc, this.transceiver] = this.newPeer();
  }

  /** A peer connection pinned to the media address, with its one audio transceiver. */
  private newPeer(): [RTCPeerConnection, RTCRtpTransceiver] {
    const address = this.options.mediaAddress;
    const onLoopback = address.startsWith('127.');
    const pc = new RTCPeerConnection({
      codecs: {
        audio: [
          ...this.options.codecs.map(
            (codec) => new RTCRtpCodecParameters({ mimeType: `audio/${codec}`, clockRate: 8000, payloadType: STATIC_PT[codec], channels: 1 }),
          ),
          new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, payloadType: TELEPHONE_EVENT_PT, parameters: '0-16' }),
        ],
      },
      headerExtensions: { audio: [] },
      bundlePolicy: 'max-bundle',
      iceServers: [],
      iceUseIpv6: false,
      iceAdditionalHostAddresses: [address],
      // Pin ICE to one address: otherwise a browser may pair over another interface. On loopback both
      // ends are that address; on a private address (a network-namespace test) the agent's is its own.
      iceFilterStunResponse: (_message, addr) => (onLoopback ? addr[0] === address : true),
      iceFilterCandidatePair: (pair) => pair.localCandidate.host === address && (!onLoopback || pair.remoteCandidate.host === address),
    });
    const transceiver = pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
    // werift reports the phone's track again at each offer that sends (hold, resume, a refresh): listened to
    // each time, every later packet was heard twice, three times… (the meter, the recording, a bridged colleague).
    const heardTracks = new WeakSet<MediaStreamTrack>();
    pc.onTrack.subscribe((track) => {
      if (heardTracks.has(track)) return;
      heardTracks.add(track);
      track.onReceiveRtp.subscribe((rtp) => {
        if (pc === this.pc) this.receive(rtp);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && pc === this.pc) {
        this.startSending();
        this.options.onConnected?.();
      }
    });
    return [pc, transceiver];
  }

  /** The initial offer, with every candidate (no trickle over SIP). */
  async createOffer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.completeLocalSdp();
  }

  async acceptAnswer(sdp: string): Promise<void> {
    this.remoteDirection = sdpDirection(sdp);
    this.remoteFingerprint = fingerprintOf(sdp);
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.lastNegotiatedAt = Date.now();
  }

  /**
   * Answers a re-offer (hold/resume re-INVITE from the agent, an ICE restart).
   * An offer with another DTLS certificate comes from another peer connection
   * (a reloaded page taking its call back, issue 24): as Asterisk does on a
   * changed fingerprint, the media starts over (new ICE and DTLS) on a new
   * peer connection; what this leg plays, hears and records goes on.
   */
  async answerOffer(sdp: string): Promise<string> {
    this.remoteDirection = sdpDirection(sdp);
    const fingerprint = fingerprintOf(sdp);
    if (this.remoteFingerprint !== undefined && fingerprint !== undefined && fingerprint !== this.remoteFingerprint) await this.startOver();
    this.remoteFingerprint = fingerprint ?? this.remoteFingerprint;
    await this.pc.setRemoteDescription({ type: 'offer', sdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    this.lastNegotiatedAt = Date.now();
    return this.completeLocalSdp();
  }

  hasLocalOffer(): boolean {
    return this.pc.signalingState === 'have-local-offer';
  }

  /** The agent's side as its last SDP says: `sendonly`/`inactive` = on hold. */
  agentDirection(): SdpDirection {
    return this.remoteDirection;
  }

  /**
   * The later of the last RTP packet and the last SDP negotiation: Asterisk
   * resets its `last_rx` when it applies an SDP, so a new offer/answer gives
   * the agent a whole RTP timeout again.
   */
  lastAgentActivityAt(): number | undefined {
    if (this.lastRtpAt === undefined) return this.lastNegotiatedAt;
    if (this.lastNegotiatedAt === undefined) return this.lastRtpAt;
    return Math.max(this.lastRtpAt, this.lastNegotiatedAt);
  }

  /** A tone of `frequencyHz` (the customer, an outside party) from now on. */
  playTone(frequencyHz: number): void {
    this.setSource(new ToneGenerator(frequencyHz, this.options.toneAmplitude ?? 0.3));
  }

  /** What to play from now on on the leg's own clock; undefined = silence (nothing is sent). */
  setSource(source: AudioSource | undefined): void {
    this.source = source;
    this.forwarding = undefined;
  }

  /**
   * From now on the leg sends the frames given to the returned function, each as it comes, stamped by its
   * source's timing (forwarded-timestamps.ts), and its own clock sends nothing: what an Asterisk bridge or
   * Echo() does with each frame it reads. Frames before the leg is connected, or after setSource(), go nowhere.
   */
  frames(): AudioListener {
    const stamps = new ForwardedTimestamps();
    this.setSource(undefined);
    this.forwarding = stamps;
    return (samples, sourceTimestamp) => {
      if (this.forwarding !== stamps || !this.sendTimer || this.closed) return;
      this.sendFrame(samples, stamps.stamp(sourceTimestamp, this.rtpTimestamp, performance.now() - this.rtpTimestampAt));
    };
  }

  /** Hears every decoded G.711 frame from the phone, with its RTP timestamp; returns the function that stops it. */
  onAudio(listener: AudioListener): () => void {
    this.audioListeners.add(listener);
    return () => this.audioListeners.delete(listener);
  }

  levels(): MediaLevels {
    const received = { ...this.meter.report(), ...(this.lastRtpAt !== undefined ? { lastPacketAt: new Date(this.lastRtpAt).toISOString() } : {}) };
    const sent = { packets: this.sentPackets, rms: Math.round(this.lastSentRms * 10_000) / 10_000, dtls: this.transceiver.sender.dtlsTransport.state };
    return { received, sent };
  }

  /** The last seconds of what the phone sent, decoded (what the party on this leg hears). */
  recentlyReceived(): Int16Array {
    return this.recent.read();
  }

  /** A new peer connection in place of the current one (the agent's is new). */
  private async startOver(): Promise<void> {
    const old = this.pc;
    [this.pc, this.transceiver] = this.newPeer();
    await old.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopSending();
    await this.pc.close();
  }

  private async completeLocalSdp(): Promise<string> {
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const { unSubscribe } = this.pc.iceGatheringStateChange.subscribe((state) => {
          if (state === 'complete') {
            unSubscribe();
            resolve();
          }
        });
      });
    }
    const sdp = this.pc.localDescription?.sdp;
    if (!sdp) throw new Error('Creating the customer SDP failed: werift produced no local description.');
    return sdp;
  }

  private receive(rtp: RtpPacket): void {
    this.lastRtpAt = Date.now();
    const payloadType = rtp.header.payloadType;
    if (payloadType === TELEPHONE_EVENT_PT) {
      this.dtmf.add(rtp.payload, rtp.header.timestamp);
      return;
    }
    const law = lawOfPayloadType(payloadType);
    if (!law) {
      this.meter.countOnly();
      return;
    }
    const samples = decodeG711(rtp.payload, law);
    this.meter.add(samples);
    this.recent.add(samples, performance.now());
    for (const listener of this.audioListeners) listener(samples, rtp.header.timestamp);
  }

  private startSending(): void {
    if (this.sendTimer || this.closed) return;
    const startedAt = performance.now();
    const clock = new SendClock(startedAt);
    const maxSendMs = this.options.maxSendMs ?? 2 * 60 * 60_000;
    const tick = (): void => {
      const now = performance.now();
      if (now - startedAt > maxSendMs) {
        this.stopSending();
        return;
      }
      // Forwarding, frames go out as they come (frames()); the clock sends nothing of its own.
      for (let due = clock.due(now); due > 0; due -= 1) if (!this.forwarding) this.sendFrame(this.source?.nextFrame());
      this.sendTimer = setTimeout(tick, clock.msUntilNext(performance.now()));
    };
    this.sendTimer = setTimeout(tick, clock.msUntilNext(startedAt));
  }

  /**
   * One frame's worth of RTP: the frame, or nothing (silence) with the RTP clock still running; a forwarded
   * frame carries its own stamp (a late one does not take the clock back).
   */
  private sendFrame(frame: Int16Array | undefined, stamp?: Stamp): void {
    const law = this.negotiatedLaw();
    // The clock runs on through silence, so the phone's jitter buffer sees the gap for what it is.
    const next = stamp?.timestamp ?? (this.rtpTimestamp + (frame?.length ?? FRAME_SAMPLES)) >>> 0;
    if (!stamp || ((next - this.rtpTimestamp) | 0) > 0) [this.rtpTimestamp, this.rtpTimestampAt] = [next, performance.now()];
    // On hold (agent sendonly/inactive) the customer only listens.
    if (!law || !frame || this.remoteDirection === 'sendonly' || this.remoteDirection === 'inactive') return;
    this.rtpSequence = (this.rtpSequence + 1) & 0xffff;
    const header = new RtpHeader({ payloadType: law === 'alaw' ? 8 : 0, sequenceNumber: this.rtpSequence, timestamp: next, marker: this.sentPackets === 0 || stamp?.marker === true });
    void this.transceiver.sender.sendRtp(new RtpPacket(header, encodeG711(frame, law))).catch(() => undefined);
    this.sentPackets++;
    this.lastSentRms = rmsOf(frame);
  }

  private negotiatedLaw(): G711Law | undefined {
    const codec = this.transceiver.sender.codec;
    return codec ? lawOfPayloadType(codec.payloadType) : undefined;
  }

  private stopSending(): void {
    if (this.sendTimer) clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
  }
}

/** The `a=fingerprint` of an SDP (session or first media level), lower-cased; undefined when it names none. */
export function fingerprintOf(sdp: string): string | undefined {
  return /^a=fingerprint:\s*(\S+\s+\S+)/m.exec(sdp)?.[1]?.toLowerCase().replace(/\s+/, ' ');
}

/**
 * Makes and drops one offer, so that the first real call does not pay for
 * werift's one-time set-up (about 100 ms here: certificate, sockets, modules).
 */
export async function warmUpCustomerMedia(mediaAddress: string): Promise<void> {
  const media = new CustomerMedia({ codecs: ['PCMA'], mediaAddress });
  try {
    await media.createOffer();
  } finally {
    await media.close();
  }
}
