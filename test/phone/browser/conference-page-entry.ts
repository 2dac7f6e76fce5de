// Bundled for Chromium by conference-chromium.test.ts: one of the phone's conference mixers
// (renderer/src/phone/conference/: audio-mixer.ts with Web Audio, frame-mixer.ts with the Breakout
// Box, in its worker or, when the worker cannot start, on the page) between two local
// RTCPeerConnection pairs, one per party, each party sending its own tone (with vibrato, as a voice
// would) and the agent a third. The page measures what each side hears, by frequency band, and the
// delay the mixer adds.
import { createAudioMixer } from '../../../renderer/src/phone/conference/audio-mixer';
import { breakoutBox, type BreakoutBox } from '../../../renderer/src/phone/conference/breakout-box';
import type { ConferenceMixer } from '../../../renderer/src/phone/conference/conference-mixer';
import { createDefaultMixer } from '../../../renderer/src/phone/conference/default-mixer';
import { createFrameMixer } from '../../../renderer/src/phone/conference/frame-mixer';

/**
 * `default`: what the phone makes when told nothing; `default-without-box`: the same in a browser without the Breakout Box;
 * `frames-stalling`: the frame mixer whose first reading of party B's audio never gives a frame.
 */
export type MixerKind = 'web-audio' | 'frames' | 'frames-on-page' | 'default' | 'default-without-box' | 'frames-stalling';

/** Where each frame mixer said it mixes, in order; which parties' inputs it opened again. */
const mixedWhere: string[] = [];
const reopened: number[] = [];

/** The page's Breakout Box, except that the `dead`-th track asked for (counting from 1) gives a stream that never delivers. */
function boxWithDeadInput(box: BreakoutBox, dead: number): BreakoutBox {
  let asked = 0;
  return { ...box, frames: (track) => (++asked === dead ? new ReadableStream<AudioData>() : box.frames(track)) };
}

function makeMixer(kind: MixerKind): ConferenceMixer {
  if (kind === 'web-audio') return createAudioMixer();
  const onMixing = (where: string): void => void mixedWhere.push(where);
  if (kind === 'default') return createDefaultMixer({ onMixing });
  if (kind === 'default-without-box') return createDefaultMixer({ onMixing }, { AudioContext: window.AudioContext });
  const box = breakoutBox();
  if (!box) throw new Error('This Chromium has no Breakout Box (MediaStreamTrackProcessor / MediaStreamTrackGenerator).');
  // The mixer reads party A, then party B, then the microphone: the second stream asked for is party B's.
  if (kind === 'frames-stalling') return createFrameMixer(boxWithDeadInput(box, 2), { onMixing, onInputReopened: (party) => void reopened.push(party) });
  // A worker whose script is not there: the mixer must notice and mix on the page.
  const missingWorker = (): Worker => new Worker('/no-such-worker.js', { type: 'module' });
  return createFrameMixer(box, kind === 'frames-on-page' ? { startWorker: missingWorker, onMixing } : { onMixing });
}

/** Centre and vibrato (±Hz) of each voice; bands far enough apart that one never leaks into another. */
const VOICES = { agent: [500, 60], partyA: [1300, 100], partyB: [2900, 150], agentSecondMic: [800, 40] } as const;
type Voice = keyof typeof VOICES;

const contexts: AudioContext[] = [];
const NativeAudioContext = window.AudioContext;
// Every AudioContext the page (and the mixer) makes is counted, so the test sees that the mixer closes its own.
window.AudioContext = class extends NativeAudioContext {
  constructor(options?: AudioContextOptions) {
    super(options);
    contexts.push(this);
  }
};

const world = new NativeAudioContext({ sampleRate: 48_000 });

/** A voice: a sine whose pitch wanders ±vibrato Hz four times a second. */
function voice(name: Voice): MediaStreamTrack {
  const [hz, vibrato] = VOICES[name];
  const osc = world.createOscillator();
  osc.frequency.value = hz;
  const lfo = world.createOscillator();
  lfo.frequency.value = 4;
  const depth = world.createGain();
  depth.gain.value = vibrato;
  lfo.connect(depth).connect(osc.frequency);
  const level = world.createGain();
  level.gain.value = 0.3;
  const out = world.createMediaStreamDestination();
  osc.connect(level).connect(out);
  osc.start();
  lfo.start();
  return out.stream.getAudioTracks()[0]!;
}

interface Party {
  /** The agent's sender toward this party (what the call's sender is). */
  readonly sender: RTCRtpSender;
  /** What the agent receives from the party, and what the party receives from the agent. */
  readonly agentHears: MediaStream;
  readonly partyHears: MediaStream;
  close(): void;
}

/** One call: the agent's peer connection and the party's, on loopback. */
async function connect(partyVoice: MediaStreamTrack, microphone: MediaStreamTrack): Promise<Party> {
  const agent = new RTCPeerConnection();
  const party = new RTCPeerConnection();
  agent.onicecandidate = (e) => void (e.candidate && party.addIceCandidate(e.candidate));
  party.onicecandidate = (e) => void (e.candidate && agent.addIceCandidate(e.candidate));
  const received = (pc: RTCPeerConnection): Promise<MediaStream> =>
    new Promise((resolve) => (pc.ontrack = (e) => resolve(e.streams[0] ?? new MediaStream([e.track]))));
  const agentHears = received(agent);
  const partyHears = received(party);
  const sender = agent.addTrack(microphone, new MediaStream([microphone]));
  party.addTrack(partyVoice, new MediaStream([partyVoice]));
  await agent.setLocalDescription(await agent.createOffer());
  await party.setRemoteDescription(agent.localDescription!);
  await party.setLocalDescription(await party.createAnswer());
  await agent.setRemoteDescription(party.localDescription!);
  const streams = { agentHears: await agentHears, partyHears: await partyHears };
  // Chromium lets a remote stream flow into Web Audio only while a media element plays it (the app's <audio>).
  for (const stream of Object.values(streams)) {
    const audio = new Audio();
    audio.muted = true;
    audio.srcObject = stream;
    void audio.play();
  }
  const close = (): void => {
    agent.close();
    party.close();
  };
  return { sender, ...streams, close };
}

/**
 * After a change (a mute, a new microphone, the end), what was already in flight still plays out: the
 * receivers' jitter buffers hold audio from before it, more on a loaded machine (300 ms was not enough at
 * load 10: CI heard the muted party in the next measure). Wait this long before measuring.
 */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1_000));

/** Power (dB) in each voice's band of what `stream` carries, averaged over `ms`. */
async function bands(stream: MediaStream, ms = 1_200): Promise<Record<Voice | 'quiet', number>> {
  const source = world.createMediaStreamSource(stream);
  const analyser = world.createAnalyser();
  analyser.fftSize = 8_192;
  analyser.smoothingTimeConstant = 0;
  source.connect(analyser);
  const bins = new Float32Array(analyser.frequencyBinCount);
  const hzPerBin = world.sampleRate / analyser.fftSize;
  const sums: Record<Voice | 'quiet', number> = { agent: 0, partyA: 0, partyB: 0, agentSecondMic: 0, quiet: 0 };
  const band = (lo: number, hi: number): number => {
    let p = 0;
    for (let i = Math.floor(lo / hzPerBin); i <= Math.ceil(hi / hzPerBin); i++) p += 10 ** ((bins[i] ?? -200) / 10);
    return p;
  };
  const rounds = Math.round(ms / 100);
  for (let r = 0; r < rounds; r++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    analyser.getFloatFrequencyData(bins);
    for (const name of Object.keys(VOICES) as Voice[]) {
      const [hz, vibrato] = VOICES[name];
      sums[name] += band(hz - vibrato - 40, hz + vibrato + 40);
    }
    sums.quiet += band(4_000, 4_400); // no voice there: the floor
  }
  source.disconnect();
  const db = (p: number): number => Math.round(10 * Math.log10(p / rounds + 1e-20));
  return { agent: db(sums.agent), partyA: db(sums.partyA), partyB: db(sums.partyB), agentSecondMic: db(sums.agentSecondMic), quiet: db(sums.quiet) };
}

/**
 * The mixer's own delay: one click track sent straight to a recorder and, beside it, through the
 * mixer (as a party's voice, out of the other party's mix). Both land in one ScriptProcessor of one
 * context, so their samples line up; the onset difference is what the mixer adds.
 */
async function mixerDelays(kind: MixerKind, clicks = 12): Promise<number[]> {
  const osc = world.createOscillator();
  osc.frequency.value = 1_000;
  const gate = world.createGain();
  gate.gain.value = 0;
  const clickOut = world.createMediaStreamDestination();
  osc.connect(gate).connect(clickOut);
  osc.start();
  const click = clickOut.stream.getAudioTracks()[0]!;
  const silence = world.createMediaStreamDestination().stream.getAudioTracks()[0]!;
  const mixer = makeMixer(kind);
  const [, throughMixer] = mixer.mix([
    { remote: new MediaStream([click]), microphone: silence },
    { remote: new MediaStream([silence.clone()]), microphone: silence },
  ]);
  const recorder = new NativeAudioContext({ sampleRate: 48_000 });
  const merge = recorder.createChannelMerger(2);
  recorder.createMediaStreamSource(new MediaStream([click])).connect(merge, 0, 0);
  recorder.createMediaStreamSource(new MediaStream([throughMixer.track])).connect(merge, 0, 1);
  // A ScriptProcessor (old, but it needs no worklet module file) hands both channels to the page sample by sample.
  const tap = recorder.createScriptProcessor(1_024, 2, 2);
  const recorded: [number[], number[]] = [[], []];
  tap.onaudioprocess = (e) => {
    for (const ch of [0, 1] as const) recorded[ch].push(...e.inputBuffer.getChannelData(ch));
  };
  merge.connect(tap).connect(recorder.destination);
  await recorder.resume();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const start = world.currentTime + 0.1;
  for (let i = 0; i < clicks; i++) {
    gate.gain.setValueAtTime(0.5, start + i * 0.25);
    gate.gain.setValueAtTime(0, start + i * 0.25 + 0.05);
  }
  await new Promise((resolve) => setTimeout(resolve, 400 + clicks * 250));
  tap.onaudioprocess = null;
  const onsets = (samples: number[]): number[] => {
    const found: number[] = [];
    let quietSince = 0;
    samples.forEach((v, i) => {
      if (Math.abs(v) > 0.05) {
        if (i - quietSince > 4_800) found.push(i); // 100 ms of silence before: a new click
        quietSince = i;
      }
    });
    return found;
  };
  const [direct, mixed] = [onsets(recorded[0]), onsets(recorded[1])];
  mixer.close();
  osc.stop();
  await recorder.close();
  return direct.map((at, i) => ((mixed[i] ?? Number.NaN) - at) / 48);
}

const page = {
  /** `full`: every case; else only mixing (what the fallback on the page must still do). */
  async run(kind: MixerKind, full = true) {
    const microphone = voice('agent');
    const a = await connect(voice('partyA'), microphone);
    const b = await connect(voice('partyB'), microphone);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = { partyAHears: await bands(a.partyHears), partyBHears: await bands(b.partyHears) };

    const contextsBefore = contexts.length;
    const saidBefore = mixedWhere.length;
    const mixer = makeMixer(kind);
    const [toA, toB] = mixer.mix([
      { remote: a.agentHears, microphone },
      { remote: b.agentHears, microphone },
    ]);
    await a.sender.replaceTrack(toA.track);
    await b.sender.replaceTrack(toB.track);
    // A stalled input is found after a second without frames (mix-loop.ts), then opened again.
    await new Promise((resolve) => setTimeout(resolve, kind === 'frames-stalling' ? 2_500 : 500));
    const mixing = {
      partyAHears: await bands(a.partyHears),
      partyBHears: await bands(b.partyHears),
      agentHearsA: await bands(a.agentHears),
      agentHearsB: await bands(b.agentHears),
    };
    // Only a frame mixer says where it mixes (Web Audio says nothing): what this run's mixer said, if anything.
    const where = mixedWhere.length > saidBefore ? (mixedWhere.at(-1) ?? 'not said') : 'not said';
    if (!full) {
      mixer.close();
      a.close();
      b.close();
      return { mixing, where, mixerContexts: contexts.length - contextsBefore, reopened: [...reopened] };
    }

    mixer.setPartyHeard(1, false); // party B muted: a listener
    await settle();
    const partyBMuted = { partyAHears: await bands(a.partyHears) };
    mixer.setPartyHeard(1, true);

    toA.agentAudible(false); // the agent muted toward A
    await settle();
    const agentMutedToA = { partyAHears: await bands(a.partyHears), partyBHears: await bands(b.partyHears) };
    toA.agentAudible(true);

    toA.microphoneChanged(voice('agentSecondMic')); // the agent switched microphones mid-conference
    await settle();
    const secondMic = { partyAHears: await bands(a.partyHears), partyBHears: await bands(b.partyHears) };

    // The conference ends: the plain microphone again, the mixer's tracks and context gone.
    await a.sender.replaceTrack(microphone);
    await b.sender.replaceTrack(microphone);
    mixer.close();
    await settle();
    const mixerContexts = contexts.slice(contextsBefore);
    const ended = {
      mixTracks: [toA.track.readyState, toB.track.readyState],
      mixerContexts: mixerContexts.map((c) => c.state),
      microphone: microphone.readyState,
      partyAHears: await bands(a.partyHears),
    };
    a.close();
    b.close();
    return { before, mixing, where, partyBMuted, agentMutedToA, secondMic, ended, delaysMs: await mixerDelays(kind) };
  },
};

declare global {
  interface Window {
    conferencePage: typeof page;
  }
}
window.conferencePage = page;
