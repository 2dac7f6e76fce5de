// The simulator's end of a call leg against a phone's peer connection (werift
// on both ends, loopback): what the phone sends is heard once per packet,
// however often the call was negotiated again. werift reports the phone's
// track again at each offer that sends (hold, resume, a session refresh);
// a leg that listened to it each time heard every later frame twice, three
// times...: its meter over-counted, its recording stretched, and a bridged
// colleague got each frame several times into a relay queue that holds ten.
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerMedia } from '../../../simulator/media/customer-media';
import { encodeG711 } from '../../../simulator/media/g711';
import { ToneGenerator } from '../../../simulator/media/tone';

const ADDRESS = '127.0.0.1';
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A phone's peer connection on loopback that sends and receives PCMA. */
function phonePeer(): RTCPeerConnection {
  const pc = new RTCPeerConnection({
    codecs: { audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMA', clockRate: 8000, payloadType: 8, channels: 1 })] },
    headerExtensions: { audio: [] },
    iceUseIpv6: false,
    iceAdditionalHostAddresses: [ADDRESS],
    iceFilterCandidatePair: (pair) => pair.localCandidate.host === ADDRESS && pair.remoteCandidate.host === ADDRESS,
  });
  closing.push(() => pc.close());
  return pc;
}

async function localSdp(pc: RTCPeerConnection): Promise<string> {
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

async function connected(pc: RTCPeerConnection, media: CustomerMedia): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (pc.connectionState !== 'connected' || media.levels().sent.packets === 0) {
    if (Date.now() > deadline) throw new Error(`the phone's peer connection did not connect within 10 s (${pc.connectionState})`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('CustomerMedia', () => {
  it('hears each packet the phone sends once, after the phone has offered again twice (hold, resume)', { timeout: 30_000 }, async () => {
    const media = new CustomerMedia({ codecs: ['PCMA'], mediaAddress: ADDRESS, maxSendMs: 20_000 });
    closing.push(() => media.close());
    const phone = phonePeer();
    const transceiver = phone.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
    await phone.setRemoteDescription({ type: 'offer', sdp: await media.createOffer() });
    await phone.setLocalDescription(await phone.createAnswer());
    await media.acceptAnswer(await localSdp(phone));
    await connected(phone, media);
    for (let offer = 0; offer < 2; offer += 1) {
      await phone.setLocalDescription(await phone.createOffer());
      await phone.setRemoteDescription({ type: 'answer', sdp: await media.answerOffer(await localSdp(phone)) });
    }

    let framesHeard = 0;
    media.onAudio(() => (framesHeard += 1));
    const packetsBefore = media.levels().received.packets;
    const tone = new ToneGenerator(1_000, 0.3);
    const sent = 40;
    let sequence = 1;
    for (let i = 0; i < sent; i += 1) {
      const header = new RtpHeader({ payloadType: 8, sequenceNumber: sequence, timestamp: sequence * 160 });
      sequence += 1;
      await transceiver.sender.sendRtp(new RtpPacket(header, encodeG711(tone.nextFrame(), 'alaw')));
      await new Promise((done) => setTimeout(done, 5));
    }
    const deadline = Date.now() + 5_000;
    while (media.levels().received.packets - packetsBefore < sent && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    await new Promise((done) => setTimeout(done, 200)); // a duplicate would come with its packet
    expect({ framesHeard, packetsCounted: media.levels().received.packets - packetsBefore }).toEqual({ framesHeard: sent, packetsCounted: sent });
  });
});
