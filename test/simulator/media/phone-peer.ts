// A phone's end of a simulator call leg, in werift on loopback, for tests of
// the leg's media: it answers the leg's offer, sends PCMA RTP of its own
// making and hears what the leg sends.
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import type { CustomerMedia } from '../../../simulator/media/customer-media';
import { encodeG711 } from '../../../simulator/media/g711';
import { ToneGenerator } from '../../../simulator/media/tone';

export const PHONE_ADDRESS = '127.0.0.1';

export interface TestPhonePeer {
  phone: RTCPeerConnection;
  transceiver: RTCRtpTransceiver;
  /** The RTP timestamps of every packet the phone received from the leg, in order of arrival. */
  received: number[];
}

/** A phone connected to `media` (offer from the leg, answer from the phone); closed by `closing`. */
export async function connectPhone(media: CustomerMedia, closing: (() => Promise<unknown>)[]): Promise<TestPhonePeer> {
  const phone = new RTCPeerConnection({
    codecs: { audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMA', clockRate: 8000, payloadType: 8, channels: 1 })] },
    headerExtensions: { audio: [] },
    iceUseIpv6: false,
    iceAdditionalHostAddresses: [PHONE_ADDRESS],
    iceFilterCandidatePair: (pair) => pair.localCandidate.host === PHONE_ADDRESS && pair.remoteCandidate.host === PHONE_ADDRESS,
  });
  closing.push(() => phone.close());
  const received: number[] = [];
  let listening = false;
  phone.onTrack.subscribe((track) => {
    if (listening) return; // werift reports the track again at each offer
    listening = true;
    track.onReceiveRtp.subscribe((rtp) => received.push(rtp.header.timestamp));
  });
  const transceiver = phone.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
  await phone.setRemoteDescription({ type: 'offer', sdp: await media.createOffer() });
  await phone.setLocalDescription(await phone.createAnswer());
  await media.acceptAnswer(await localSdp(phone));
  const deadline = Date.now() + 10_000;
  while (phone.connectionState !== 'connected' || media.levels().sent.dtls !== 'connected') {
    if (Date.now() > deadline) throw new Error(`the phone's peer connection did not connect within 10 s (${phone.connectionState})`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return { phone, transceiver, received };
}

export async function localSdp(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          unSubscribe();
          resolve();
        }
      });
    });
  }
  return pc.localDescription?.sdp ?? '';
}

/** Sends `count` frames of a 1 kHz tone, 160 samples apart in RTP time from `firstTimestamp`, `gapMs` apart in real time. */
export async function sendTone(peer: TestPhonePeer, count: number, firstTimestamp: number, gapMs: number): Promise<void> {
  const tone = new ToneGenerator(1_000, 0.3);
  for (let i = 0; i < count; i += 1) {
    const header = new RtpHeader({ payloadType: 8, sequenceNumber: (firstTimestamp / 160 + i) & 0xffff, timestamp: (firstTimestamp + i * 160) >>> 0 });
    await peer.transceiver.sender.sendRtp(new RtpPacket(header, encodeG711(tone.nextFrame(), 'alaw')));
    if (gapMs > 0) await new Promise((done) => setTimeout(done, gapMs));
  }
}
