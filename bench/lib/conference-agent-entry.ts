// Bundled for Chromium by bench/conference.ts: the agent's side of a
// three-way call, with the app's own pieces: the microphone and the playing
// of each call's audio as the phone does them (renderer/src/phone/media/
// browser-media.ts: getUserMedia with its defaults, an <audio> element and a
// level meter per call), and either conference mixer (audio-mixer.ts, Web
// Audio; frame-mixer.ts, the Breakout Box in a worker). The calls are plain
// RTCPeerConnections answered here (the parties are another Chromium's page).
//
// delays(ms, p): the clicks' onsets, timed in a worker (onset-tap-worker.ts),
// on two paths at once, each tapped where it enters the mixer and where it
// leaves (q is the other party; the parties' page makes party p click):
//   party p → party q  party p's clicks (its call's received track) → what
//                      party q is sent; the agent taken out of it
//   agent → party p    the microphone's clicks (its fake device plays a file) →
//                      what party p is sent; party q taken out of it
// With p = 0 and then p = 1, every path of the mix is timed.
// Not mixing, each path's "output" is a second tap of its input: what the
// timing itself reads when nothing lies between (the pass-through baseline).
import { createAudioMixer } from '../../renderer/src/phone/conference/audio-mixer';
import { breakoutBox } from '../../renderer/src/phone/conference/breakout-box';
import type { ConferenceMixer } from '../../renderer/src/phone/conference/conference-mixer';
import { createFrameMixer } from '../../renderer/src/phone/conference/frame-mixer';
import { browserMedia } from '../../renderer/src/phone/media/browser-media';
import type { RemoteAudio } from '../../renderer/src/phone/media/media-port';
import type { SendOverride } from '../../renderer/src/phone/media/send-override';
import { gathered } from './ice-gathered';
import type { TapResult, TapStart, TapStop } from './onset-tap-worker';

export type MixerKind = 'web-audio' | 'frames';

interface Call {
  readonly pc: RTCPeerConnection;
  readonly sender: RTCRtpSender;
  readonly remote: MediaStream;
  readonly playing: RemoteAudio;
}

export interface PathOnsets {
  readonly input: number[];
  readonly output: number[];
}

export interface DelayOnsets {
  readonly partyToParty: PathOnsets;
  readonly agentToParty: PathOnsets;
  /** Frames each tap read (0 = that track delivered nothing). */
  readonly frames: number[];
}

const calls: Call[] = [];
let microphone: MediaStreamTrack | null = null;
let mixing: { mixer: ConferenceMixer; overrides: readonly [SendOverride, SendOverride]; where: string } | null = null;
const tapWorker = new Worker(new URL('./onset-tap-worker.ts', import.meta.url), { type: 'module', name: 'onset-taps' });
const box = breakoutBox();

const mic = (): MediaStreamTrack => {
  if (!microphone) throw new Error('start() first');
  return microphone;
};
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function callAt(index: number): Call {
  const call = calls[index];
  if (!call) throw new Error(`no call ${index}`);
  return call;
}

function receivedTrack(call: Call): MediaStreamTrack {
  const track = call.remote.getAudioTracks()[0];
  if (!track) throw new Error('a call receives no audio track');
  return track;
}

const agent = {
  /** Opens the microphone as the phone does; whether this Chromium has the Breakout Box. */
  async start(): Promise<boolean> {
    microphone = await browserMedia.getMicrophone(null);
    return box !== null;
  },
  /** Answers one party's offer: the call sends the microphone and plays what it receives. */
  async answer(sdp: string): Promise<string> {
    const pc = new RTCPeerConnection();
    const sender = pc.addTrack(mic(), new MediaStream([mic()]));
    const received = new Promise<MediaStream>((resolve) => {
      pc.ontrack = (event) => resolve(event.streams[0] ?? new MediaStream([event.track]));
    });
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    const remote = await received;
    calls.push({ pc, sender, remote, playing: browserMedia.playRemote(remote, null) });
    return pc.localDescription?.sdp ?? '';
  },
  /** Audio packets each call has received and sent so far. */
  async packets(): Promise<{ received: number; sent: number }[]> {
    return Promise.all(
      calls.map(async ({ pc }) => {
        const counts = { received: 0, sent: 0 };
        (await pc.getStats()).forEach((s: { type: string; packetsReceived?: number; packetsSent?: number }) => {
          if (s.type === 'inbound-rtp') counts.received += s.packetsReceived ?? 0;
          if (s.type === 'outbound-rtp') counts.sent += s.packetsSent ?? 0;
        });
        return counts;
      }),
    );
  },
  /** Starts a conference mix as the phone does (each call's sender carries its party's mix); where it mixes. */
  async mix(kind: MixerKind): Promise<string> {
    if (mixing) throw new Error('already mixing');
    const holder = { where: 'page (Web Audio)' };
    let mixer: ConferenceMixer;
    if (kind === 'web-audio') mixer = createAudioMixer();
    else if (box) mixer = createFrameMixer(box, { onMixing: (where) => void (holder.where = where) });
    else throw new Error('This Chromium has no Breakout Box.');
    const [a, b] = [callAt(0), callAt(1)];
    const overrides = mixer.mix([
      { remote: a.remote, microphone: mic() },
      { remote: b.remote, microphone: mic() },
    ]);
    await a.sender.replaceTrack(overrides[0].track);
    await b.sender.replaceTrack(overrides[1].track);
    mixing = { mixer, overrides, where: holder.where };
    // A frame mixer says where it mixes once its worker has loaded (or could not).
    for (let waited = 0; kind === 'frames' && holder.where.startsWith('page (') && waited < 5_000; waited += 20) await sleep(20);
    return holder.where;
  },
  /** Ends the mix: each call sends the microphone again. */
  async unmix(): Promise<void> {
    if (!mixing) return;
    for (const call of calls) await call.sender.replaceTrack(mic());
    mixing.mixer.close();
    mixing = null;
  },
  /** Taps both paths of party `clicking`'s clicks for `ms` and returns the onsets found (the worker's clock). */
  async delays(ms: number, clicking: 0 | 1 = 0): Promise<DelayOnsets> {
    if (!box) throw new Error('This Chromium has no Breakout Box to tap with.');
    const other = clicking === 0 ? 1 : 0;
    const partyTrack = receivedTrack(callAt(clicking));
    const tapped = mixing
      ? [partyTrack, mixing.overrides[other].track, mic(), mixing.overrides[clicking].track]
      : [partyTrack, partyTrack, mic(), mic()];
    if (mixing) {
      mixing.overrides[other].agentAudible(false);
      mixing.mixer.setPartyHeard(other, false);
    }
    // Clones, so that ending the taps never touches the tracks the calls and the mixer use.
    const clones = tapped.map((track) => track.clone());
    try {
      const streams = clones.map((track) => box.frames(track));
      const start: TapStart = { type: 'tap', streams, warmupMs: 300 };
      tapWorker.postMessage(start, streams);
      await sleep(ms);
      const result = new Promise<TapResult>((resolve) => tapWorker.addEventListener('message', (event: MessageEvent<TapResult>) => resolve(event.data), { once: true }));
      const stop: TapStop = { type: 'stop' };
      tapWorker.postMessage(stop);
      const { onsets, frames } = await result;
      const at = (i: number): number[] => onsets[i] ?? [];
      return { partyToParty: { input: at(0), output: at(1) }, agentToParty: { input: at(2), output: at(3) }, frames };
    } finally {
      for (const track of clones) track.stop();
      if (mixing) {
        mixing.overrides[other].agentAudible(true);
        mixing.mixer.setPartyHeard(other, true);
      }
    }
  },
  close(): void {
    for (const call of calls) {
      call.playing.dispose();
      call.pc.close();
    }
    microphone?.stop();
  },
};

declare global {
  interface Window {
    conferenceAgent: typeof agent;
  }
}
window.conferenceAgent = agent;
