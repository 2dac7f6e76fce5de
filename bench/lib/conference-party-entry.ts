// Bundled for Chromium by bench/conference.ts: the two parties of the agent's
// three-way call, in their own Chromium (so the agent's Chromium holds only
// the agent's work, and its CPU is the agent's). One party says clicks: a
// 1 kHz burst of 40 ms every 250 ms, looped sample-exactly by Web Audio, so
// each onset is sharp; the other a steady voice (a tone with vibrato). Party
// 0 (the customer) clicks first; clicksFrom(1) swaps them, so the bench times
// each party's voice through the mix. Each call is a plain RTCPeerConnection toward the
// agent's page, its SDP carried by the bench (no trickle: the offer and the
// answer hold every candidate, all on loopback).
import { gathered } from './ice-gathered';

const world = new AudioContext({ sampleRate: 48_000 });

function clicks(): MediaStreamTrack {
  const buffer = world.createBuffer(1, world.sampleRate / 4, world.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < (world.sampleRate * 40) / 1_000; i++) data[i] = 0.5 * Math.sin((2 * Math.PI * 1_000 * i) / world.sampleRate);
  const source = world.createBufferSource();
  source.buffer = buffer;
  source.loop = true;
  const out = world.createMediaStreamDestination();
  source.connect(out);
  source.start();
  return trackOf(out.stream);
}

function voice(): MediaStreamTrack {
  const osc = world.createOscillator();
  osc.frequency.value = 2_900;
  const lfo = world.createOscillator();
  lfo.frequency.value = 4;
  const depth = world.createGain();
  depth.gain.value = 150;
  lfo.connect(depth).connect(osc.frequency);
  const level = world.createGain();
  level.gain.value = 0.3;
  const out = world.createMediaStreamDestination();
  osc.connect(level).connect(out);
  osc.start();
  lfo.start();
  return trackOf(out.stream);
}

function trackOf(stream: MediaStream): MediaStreamTrack {
  const track = stream.getAudioTracks()[0];
  if (!track) throw new Error('Web Audio gave no track');
  return track;
}

const calls: RTCPeerConnection[] = [];
const sources = { clicks: clicks(), voice: voice() };

const party = {
  /** The offer of party `index`'s call (0 clicks, 1 a voice). */
  async offer(index: 0 | 1): Promise<string> {
    const pc = new RTCPeerConnection();
    calls[index] = pc;
    const track = index === 0 ? sources.clicks : sources.voice;
    pc.addTrack(track, new MediaStream([track]));
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return pc.localDescription?.sdp ?? '';
  },
  async accept(index: 0 | 1, sdp: string): Promise<void> {
    const pc = calls[index];
    if (!pc) throw new Error(`no call ${index} offered`);
    await pc.setRemoteDescription({ type: 'answer', sdp });
    await world.resume();
  },
  /** Party `index` says the clicks, the other the voice (each call's sender swaps its track: no renegotiation). */
  async clicksFrom(index: 0 | 1): Promise<void> {
    await Promise.all(
      calls.map((pc, i) => pc.getSenders()[0]?.replaceTrack(i === index ? sources.clicks : sources.voice)),
    );
  },
  close(): void {
    for (const pc of calls) pc.close();
  },
};

declare global {
  interface Window {
    conferenceParty: typeof party;
  }
}
window.conferenceParty = party;
