// The simulator's end of a call leg against a phone's peer connection (werift
// on both ends, loopback): what the phone sends is heard once per packet,
// however often the call was negotiated again. werift reports the phone's
// track again at each offer that sends (hold, resume, a session refresh);
// a leg that listened to it each time heard every later frame twice, three
// times...: its meter over-counted, its recording stretched, and a bridged
// colleague got each frame several times into a relay queue that holds ten.
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerMedia } from '../../../simulator/media/customer-media';
import { connectPhone, localSdp, PHONE_ADDRESS, sendTone } from './phone-peer';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('CustomerMedia', () => {
  it('hears each packet the phone sends once, after the phone has offered again twice (hold, resume)', { timeout: 30_000 }, async () => {
    const media = new CustomerMedia({ codecs: ['PCMA'], mediaAddress: PHONE_ADDRESS, maxSendMs: 20_000 });
    closing.push(() => media.close());
    const peer = await connectPhone(media, closing);
    const { phone } = peer;
    expect(media.levels().sent.dtls).toBe('connected');
    for (let offer = 0; offer < 2; offer += 1) {
      await phone.setLocalDescription(await phone.createOffer());
      await phone.setRemoteDescription({ type: 'answer', sdp: await media.answerOffer(await localSdp(phone)) });
    }

    let framesHeard = 0;
    media.onAudio(() => (framesHeard += 1));
    const packetsBefore = media.levels().received.packets;
    const sent = 40;
    await sendTone(peer, sent, 160, 5);
    const deadline = Date.now() + 5_000;
    while (media.levels().received.packets - packetsBefore < sent && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    await new Promise((done) => setTimeout(done, 200)); // a duplicate would come with its packet
    expect({ framesHeard, packetsCounted: media.levels().received.packets - packetsBefore }).toEqual({ framesHeard: sent, packetsCounted: sent });
  });
});
