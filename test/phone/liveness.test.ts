// What the phone believes about a connection and about a call's audio comes
// from evidence: the keep-alive watch (answers to pings or OPTIONS) and the
// media watch (inbound packets, the peer connection's state). Pure, on fake
// timers.
import { describe, expect, it, vi } from 'vitest';
import { ConnectionWatch } from '../../renderer/src/phone/connection/connection-watch';
import { MediaWatch } from '../../renderer/src/phone/media/media-watch';
import { sdpAudioDirection } from '../../renderer/src/phone/media/sdp-direction';
import type { LiveTransport } from '../../renderer/src/phone/connection/ws-transport';
import { FakeTimers } from './support/fake-timers';

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A transport whose pings the test answers (or not), on the fake clock. */
function fakeLive(timers: FakeTimers, answersPings: () => boolean) {
  const abandoned: string[] = [];
  let connected = true;
  let pong: boolean | null = null;
  let frameAt: number | null = null;
  const transport = {
    isConnected: () => connected,
    get pongSeen() {
      return pong;
    },
    get lastFrameAt() {
      return frameAt;
    },
    pings: 0,
    ping(timeoutMs: number) {
      transport.pings += 1;
      if (answersPings()) {
        pong = true;
        frameAt = timers.now();
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => timers.setTimeout(() => resolve(false), timeoutMs));
    },
    abandon(reason: string) {
      abandoned.push(reason);
      connected = false;
    },
    frame() {
      frameAt = timers.now();
    },
  };
  return { transport, abandoned, asLive: transport as unknown as LiveTransport };
}

describe('ConnectionWatch', () => {
  it('learns that the server answers CRLF pings and then checks a quiet connection with them only', async () => {
    const timers = new FakeTimers();
    const live = fakeLive(timers, () => true);
    const optionsPing = vi.fn(async () => true);
    const watch = new ConnectionWatch({ transport: live.asLive, timers, optionsPing, random: () => 0, idleMs: 4_500, answerMs: 3_000 });
    watch.start();
    expect(live.transport.pings).toBe(1); // learning, right after connecting
    timers.advance(3_000);
    timers.advance(5_000);
    await vi.waitFor(() => expect(live.transport.pings).toBe(2));
    expect(optionsPing).not.toHaveBeenCalled();
    watch.stop();
    expect(timers.pending).toBe(0);
  });

  it('uses OPTIONS with a server that never answers a CRLF ping, and abandons a connection nothing answers', async () => {
    const timers = new FakeTimers();
    const live = fakeLive(timers, () => false);
    let optionsAnswered = true;
    // The answer to OPTIONS arrives as a frame, as on a real connection.
    const optionsPing = vi.fn(async () => {
      if (optionsAnswered) live.transport.frame();
      return optionsAnswered;
    });
    const watch = new ConnectionWatch({ transport: live.asLive, timers, optionsPing, random: () => 0, idleMs: 4_500, answerMs: 3_000 });
    watch.start();
    timers.advance(5_000);
    await flush();
    expect(optionsPing).toHaveBeenCalledTimes(1);
    expect(live.abandoned).toEqual([]);
    optionsAnswered = false;
    timers.advance(5_000);
    await vi.waitFor(() => expect(live.abandoned).toEqual(['nothing answered a keep-alive within 3 s']));
    watch.stop();
  });

  it('never pings a connection that keeps receiving frames', async () => {
    const timers = new FakeTimers();
    const live = fakeLive(timers, () => true);
    const optionsPing = vi.fn(async () => true);
    const watch = new ConnectionWatch({ transport: live.asLive, timers, optionsPing, random: () => 0, idleMs: 4_500, answerMs: 3_000 });
    watch.start();
    for (let i = 0; i < 30; i++) {
      timers.advance(1_000);
      live.transport.frame();
    }
    expect(live.transport.pings).toBe(1);
    expect(optionsPing).not.toHaveBeenCalled();
    watch.stop();
  });

  it('checks at once on demand and says whether the connection lives', async () => {
    const timers = new FakeTimers();
    let answers = true;
    const live = fakeLive(timers, () => answers);
    const watch = new ConnectionWatch({ transport: live.asLive, timers, optionsPing: async () => answers, random: () => 0 });
    watch.start();
    timers.advance(3_000);
    expect(await watch.check(1_000)).toBe(true);
    answers = false;
    const check = watch.check(1_000);
    timers.advance(1_000);
    expect(await check).toBe(false);
    expect(live.abandoned).toHaveLength(1);
    watch.stop();
  });
});

describe('MediaWatch', () => {
  it('says no audio after 3 s without a packet, from the platform while the path is up, from the network when it is not', () => {
    const watch = new MediaWatch(0);
    expect(watch.sample(50, 1_000).kind).toBe('flowing');
    expect(watch.sample(0, 2_000).kind).toBe('flowing');
    expect(watch.sample(0, 4_000)).toEqual({ kind: 'silent', since: 1_000, side: 'platform', offerEnd: false });
    expect(watch.pathState('disconnected', 4_500)).toMatchObject({ kind: 'silent', side: 'network' });
    expect(watch.sample(12, 5_000).kind).toBe('flowing');
  });

  it('says there is no audio path when the peer connection never connected and no packet ever came', () => {
    const watch = new MediaWatch(0);
    watch.pathState('connecting', 100);
    expect(watch.sample(0, 3_500)).toMatchObject({ kind: 'silent', side: 'no-path' });
    expect(watch.pathState('failed', 30_000)).toMatchObject({ kind: 'silent', side: 'no-path' });
    // Once connected, a later silence is the network's or the platform's, never "no path".
    const connected = new MediaWatch(0);
    connected.pathState('connected', 100);
    expect(connected.sample(0, 3_500)).toMatchObject({ kind: 'silent', side: 'platform' });
    expect(connected.pathState('failed', 4_000)).toMatchObject({ kind: 'silent', side: 'network' });
  });

  it('expects no audio while the call is held, and waits afresh when it is resumed', () => {
    const watch = new MediaWatch(0);
    watch.expectAudio(false, 0);
    expect(watch.sample(0, 60_000).kind).toBe('flowing');
    expect(watch.expectAudio(true, 60_000).kind).toBe('flowing');
    expect(watch.sample(0, 62_000).kind).toBe('flowing');
    expect(watch.sample(0, 63_000).kind).toBe('silent');
  });

  it('offers to end the call only after 20 s without audio and without signalling', () => {
    const watch = new MediaWatch(0);
    expect(watch.sample(0, 25_000)).toMatchObject({ kind: 'silent', offerEnd: false });
    expect(watch.signallingUp(false, 25_000)).toMatchObject({ kind: 'silent', offerEnd: true });
    expect(watch.signallingUp(true, 26_000)).toMatchObject({ offerEnd: false });
    const short = new MediaWatch(0, { silentAfterMs: 1_000, offerEndAfterMs: 5_000 });
    short.signallingUp(false, 0);
    expect(short.sample(0, 4_000)).toMatchObject({ kind: 'silent', offerEnd: false });
    expect(short.sample(0, 5_000)).toMatchObject({ kind: 'silent', offerEnd: true });
  });
});

describe('sdpAudioDirection', () => {
  it('reads the audio section, falls back to the session level, and defaults to sendrecv', () => {
    const sdp = (lines: string[]) => ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 't=0 0', ...lines].join('\r\n');
    expect(sdpAudioDirection(sdp(['m=audio 4000 RTP/AVP 0', 'a=sendonly']))).toEqual({ direction: 'sendonly', sends: true });
    expect(sdpAudioDirection(sdp(['a=inactive', 'm=audio 4000 RTP/AVP 0']))).toEqual({ direction: 'inactive', sends: false });
    expect(sdpAudioDirection(sdp(['a=sendonly', 'm=audio 4000 RTP/AVP 0', 'a=recvonly']))).toEqual({ direction: 'recvonly', sends: false });
    expect(sdpAudioDirection(sdp(['m=video 4002 RTP/AVP 96', 'a=inactive', 'm=audio 4000 RTP/AVP 0']))).toEqual({ direction: 'sendrecv', sends: true });
    expect(sdpAudioDirection(undefined).sends).toBe(true);
  });
});
