// Two legs bridged (and the echo test) forward each frame as it arrives, with
// the sender's timing: a burst (what a stalled process reads at once when it
// runs again) reaches the other phone whole and spaced as it was sent. A
// queue in front of the leg's own 20 ms clock kept ten frames of such a burst.
import { afterEach, describe, expect, it } from 'vitest';
import { echoAudio, relayAudio } from '../../../simulator/media/audio-relay';
import { CustomerMedia } from '../../../simulator/media/customer-media';
import { ForwardedTimestamps, MAX_SOURCE_STEP } from '../../../simulator/media/forwarded-timestamps';
import { connectPhone, PHONE_ADDRESS, sendTone, type TestPhonePeer } from './phone-peer';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function legWithPhone(): Promise<{ leg: CustomerMedia; peer: TestPhonePeer }> {
  const leg = new CustomerMedia({ codecs: ['PCMA'], mediaAddress: PHONE_ADDRESS, maxSendMs: 20_000 });
  closing.push(() => leg.close());
  return { leg, peer: await connectPhone(leg, closing) };
}

/** The count of what `peer` has received, once the tone a leg played before it was bridged has all come in. */
async function receivedSoFar(peer: TestPhonePeer): Promise<number> {
  await new Promise((done) => setTimeout(done, 150));
  return peer.received.length;
}

/** What `peer` received from `from` on, once `count` packets came (or 5 s passed). */
async function receivedFrom(peer: TestPhonePeer, from: number, count: number): Promise<number[]> {
  const deadline = Date.now() + 5_000;
  while (peer.received.length - from < count && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
  await new Promise((done) => setTimeout(done, 200)); // nothing more should come
  return peer.received.slice(from);
}

const steps = (timestamps: number[]): number[] => timestamps.slice(1).map((t, i) => (t - timestamps[i]!) >>> 0);

describe('the bridge between two legs', () => {
  it('hands a burst of 40 frames to the other phone whole, 160 samples apart as sent', { timeout: 30_000 }, async () => {
    const [a, b] = [await legWithPhone(), await legWithPhone()];
    relayAudio(a.leg, b.leg);
    const from = await receivedSoFar(b.peer);
    await sendTone(a.peer, 40, 16_000, 0);
    const heard = await receivedFrom(b.peer, from, 40);
    expect({ frames: heard.length, steps: [...new Set(steps(heard))] }).toEqual({ frames: 40, steps: [160] });
  });

  it('keeps a pause in the sender as long in time (a hold), and sends nothing of its own meanwhile', { timeout: 30_000 }, async () => {
    const [a, b] = [await legWithPhone(), await legWithPhone()];
    relayAudio(a.leg, b.leg);
    const from = await receivedSoFar(b.peer);
    await sendTone(a.peer, 5, 16_000, 20);
    await new Promise((done) => setTimeout(done, 300));
    await sendTone(a.peer, 5, 16_000 + 8_000, 20); // 1 s later in the sender's time
    const heard = await receivedFrom(b.peer, from, 10);
    expect({ frames: heard.length, steps: steps(heard) }).toEqual({ frames: 10, steps: [160, 160, 160, 160, 8_000 - 4 * 160, 160, 160, 160, 160] });
  });
});

describe('the echo test', () => {
  it('sends each frame back as it comes, with the phone\'s spacing', { timeout: 30_000 }, async () => {
    const { leg, peer } = await legWithPhone();
    echoAudio(leg);
    const from = await receivedSoFar(peer);
    await sendTone(peer, 20, 32_000, 0);
    const heard = await receivedFrom(peer, from, 20);
    expect({ frames: heard.length, steps: [...new Set(steps(heard))] }).toEqual({ frames: 20, steps: [160] });
  });
});

describe('forwarded timestamps', () => {
  it('follow the source step for step; a late frame keeps its place without moving the mapping', () => {
    const stamps = new ForwardedTimestamps();
    const first = stamps.stamp(1_000, 50_000, 20);
    expect(first).toEqual({ timestamp: 50_160, marker: true });
    expect(stamps.stamp(1_160, 0, 0)).toEqual({ timestamp: 50_320, marker: false });
    expect(stamps.stamp(1_640, 0, 0)).toEqual({ timestamp: 50_800, marker: false });
    expect(stamps.stamp(1_480, 0, 0)).toEqual({ timestamp: 50_640, marker: false });
    expect(stamps.stamp(1_800, 0, 0)).toEqual({ timestamp: 50_960, marker: false });
  });

  it('start over from the leg\'s own clock when the source jumps (another stream): its last stamp plus the time that passed', () => {
    const stamps = new ForwardedTimestamps();
    stamps.stamp(1_000, 50_000, 0);
    expect(stamps.stamp(1_000 + MAX_SOURCE_STEP + 160, 50_160, 250)).toEqual({ timestamp: 50_160 + 2_000, marker: true });
    expect(stamps.stamp(1_000 + MAX_SOURCE_STEP + 320, 0, 0)).toEqual({ timestamp: 52_320, marker: false });
    // The 32-bit wrap is a step like others.
    const wrapping = new ForwardedTimestamps();
    wrapping.stamp(0xffff_ff00, 10, 0);
    expect(wrapping.stamp(0x60, 0, 0)).toEqual({ timestamp: 10 + 160 + 0x160, marker: false });
  });
});
