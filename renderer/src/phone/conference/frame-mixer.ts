/**
 * The three-way call mixed frame by frame (Chromium's Breakout Box,
 * breakout-box.ts) instead of through an AudioContext (audio-mixer.ts):
 *
 *   microphone (a clone) ──▶ processor ─┐
 *   received 0 (a clone) ──▶ processor ─┼─▶ mix loop (worker) ─┬─▶ generator 0 ─▶ call 0's sender
 *   received 1 (a clone) ──▶ processor ─┘                      └─▶ generator 1 ─▶ call 1's sender
 *
 * Why: an AudioContext adds one to three 10 ms frames (its input FIFO waits
 * for the next device callback, its destination re-chunks what it renders);
 * here each microphone frame makes each party's frame at once, so the agent's
 * voice waits for nothing and a party's for at most the microphone's next
 * frame (frame-mix.ts). bench/conference.ts measures both in one run.
 *
 * The mix runs in a worker (mix-worker.ts) so a busy page cannot delay it;
 * until the worker says it is loaded, the generators stay silent. A worker
 * that cannot start (an error, or no word within `workerTimeoutMs`) is
 * replaced by the same loop on the page: a conference that mixes late beats
 * one that stays silent. Tracks are cloned so that ending them here never
 * touches the calls' own. A party's input that stalls (mix-loop.ts) is
 * opened again from a fresh clone, up to `MAX_REOPENS` times per party.
 */
import type { ConferenceMedia } from '../media/call-media';
import type { SendOverride } from '../media/send-override';
import type { BreakoutBox, GeneratedTrack } from './breakout-box';
import type { ConferenceMixer, PartyIndex } from './conference-mixer';
import { MixLoop } from './mix-loop';
import { isInputStalled, MIX_WORKER_READY, transfersOf, type MixCommand, type MixMessage, type MixStreams } from './mix-messages';

/** How often one party's input is opened again in a conference (an input that keeps stalling is not the reading's fault). */
const MAX_REOPENS = 3;

export interface FrameMixerOptions {
  /** Starts the mixing worker (default: mix-worker.ts, bundled by Vite); null = mix on the page. */
  readonly startWorker?: () => Worker | null;
  /** How long a worker may take to say it is loaded before the page mixes instead (default 3 s). */
  readonly workerTimeoutMs?: number;
  /** Told where the mix runs once that is settled (for logs and tests). */
  readonly onMixing?: (where: 'worker' | 'page') => void;
  /** Told each time a party's stalled input is opened again (for logs and tests). */
  readonly onInputReopened?: (party: PartyIndex) => void;
}

const defaultWorker = (): Worker => new Worker(new URL('./mix-worker.ts', import.meta.url), { type: 'module', name: 'conference-mix' });

/** Where the loop runs: commands wait until it does. */
interface MixHost {
  send(command: MixCommand): void;
  close(): void;
}

export function createFrameMixer(box: BreakoutBox, options: FrameMixerOptions = {}): ConferenceMixer {
  const generators: GeneratedTrack[] = [];
  let host: MixHost | null = null;

  /** The clone each input (the microphone, each party) reads now: a new one for an input stops the one before. */
  const inputClones = new Map<'microphone' | PartyIndex, MediaStreamTrack>();
  const framesOf = (input: 'microphone' | PartyIndex, track: MediaStreamTrack): ReadableStream<AudioData> => {
    inputClones.get(input)?.stop();
    const clone = track.clone();
    clone.enabled = true; // mute is the mix's gain; the call's own track may be disabled
    inputClones.set(input, clone);
    return box.frames(clone);
  };
  const reopens: [number, number] = [0, 0];
  const useMicrophone = (track: MediaStreamTrack): ReadableStream<AudioData> => framesOf('microphone', track);

  return {
    mix(parties: readonly [ConferenceMedia, ConferenceMedia]) {
      const tracks = [receivedTrack(parties[0]), receivedTrack(parties[1])] as const;
      const partyFrames = (party: PartyIndex): ReadableStream<AudioData> => framesOf(party, tracks[party]);
      const [in0, in1] = [partyFrames(0), partyFrames(1)];
      generators.push(box.generator(), box.generator());
      const [out0, out1] = generators;
      if (!out0 || !out1) throw new Error('The mixer could not set up its streams.');
      const streams: MixStreams = { microphone: useMicrophone(parties[0].microphone), parties: [in0, in1], outputs: [out0.writable, out1.writable] };
      const reopen = (party: PartyIndex): void => {
        if (!host || reopens[party] >= MAX_REOPENS) return;
        reopens[party] += 1;
        host.send({ type: 'party', party, stream: partyFrames(party) });
        options.onInputReopened?.(party);
      };
      host = startHost(streams, options, reopen);
      const live = host;
      const override = (output: PartyIndex, generated: GeneratedTrack): SendOverride => ({
        track: generated.track,
        agentAudible: (audible) => live.send({ type: 'agent-audible', output, audible }),
        microphoneChanged: (track) => live.send({ type: 'microphone', microphone: useMicrophone(track) }),
      });
      return [override(0, out0), override(1, out1)];
    },
    setPartyHeard(party, heard) {
      host?.send({ type: 'party-heard', party, heard });
    },
    close() {
      host?.close();
      host = null;
      for (const track of inputClones.values()) track.stop();
      for (const generated of generators) generated.track.stop();
    },
  };
}

function receivedTrack(party: ConferenceMedia): MediaStreamTrack {
  const track = party.remote.getAudioTracks()[0];
  if (!track) throw new Error('A call in the conference receives no audio track.');
  return track;
}

/** The loop in a worker once it says it is loaded, else on the page. */
function startHost(streams: MixStreams, options: FrameMixerOptions, onStalled: (party: PartyIndex) => void): MixHost {
  const pending: MixCommand[] = [];
  let deliver: ((command: MixCommand) => void) | null = null;
  let stop = (): void => undefined;
  let closed = false;

  const onPage = (): void => {
    const loop = new MixLoop(streams, onStalled);
    for (const command of pending.splice(0)) loop.handle(command);
    deliver = (command) => loop.handle(command);
    stop = () => loop.stop();
    options.onMixing?.('page');
  };

  const worker = tryStarting(options.startWorker ?? defaultWorker);
  if (!worker) onPage();
  else {
    const post = (message: MixMessage): void => worker.postMessage(message, transfersOf(message));
    const fallBack = (): void => {
      if (deliver || closed) return;
      clearTimeout(timer);
      worker.terminate();
      onPage();
    };
    const timer = setTimeout(fallBack, options.workerTimeoutMs ?? 3_000);
    worker.addEventListener('error', fallBack);
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isInputStalled(event.data)) {
        if (!closed) onStalled(event.data.party);
        return;
      }
      if (event.data !== MIX_WORKER_READY || deliver || closed) return;
      clearTimeout(timer);
      post({ type: 'start', streams });
      for (const command of pending.splice(0)) post(command);
      deliver = post;
      options.onMixing?.('worker');
    });
    stop = () => {
      clearTimeout(timer);
      worker.terminate();
    };
  }
  return {
    send(command) {
      if (closed) return;
      if (deliver) deliver(command);
      else pending.push(command);
    },
    close() {
      closed = true;
      stop();
    },
  };
}

function tryStarting(startWorker: () => Worker | null): Worker | null {
  try {
    return startWorker();
  } catch {
    return null; // e.g. the page's policy forbids workers
  }
}
