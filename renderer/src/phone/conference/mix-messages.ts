/**
 * What the frame mixer (frame-mixer.ts) tells the loop that mixes
 * (mix-loop.ts), in a worker (mix-worker.ts) or, when no worker could start,
 * on the page. Streams travel by transfer: the worker reads the tracks'
 * frames and writes the generators' without the page's thread in between.
 */
import type { PartyIndex } from './conference-mixer';

export interface MixStreams {
  readonly microphone: ReadableStream<AudioData>;
  /** What each party says (the call's received audio). */
  readonly parties: readonly [ReadableStream<AudioData>, ReadableStream<AudioData>];
  /** What each party hears (its generator's writable). */
  readonly outputs: readonly [WritableStream<AudioData>, WritableStream<AudioData>];
}

export type MixCommand =
  | { readonly type: 'agent-audible'; readonly output: PartyIndex; readonly audible: boolean }
  | { readonly type: 'party-heard'; readonly party: PartyIndex; readonly heard: boolean }
  /** The agent switched microphones: mix this one from now on. */
  | { readonly type: 'microphone'; readonly microphone: ReadableStream<AudioData> }
  /** A party's input opened again (its old one had stalled): read this one from now on. */
  | { readonly type: 'party'; readonly party: PartyIndex; readonly stream: ReadableStream<AudioData> };

export type MixMessage = { readonly type: 'start'; readonly streams: MixStreams } | MixCommand;

/** The worker says it has loaded (its script ran): the page may hand it the streams. */
export const MIX_WORKER_READY = 'mix-worker-ready';

/** What the loop tells its host: a party's input gave no frame for a while although the microphone's flow. */
export interface InputStalled {
  readonly type: 'input-stalled';
  readonly party: PartyIndex;
}

export function isInputStalled(data: unknown): data is InputStalled {
  if (typeof data !== 'object' || data === null) return false;
  const { type, party } = data as { type?: unknown; party?: unknown };
  return type === 'input-stalled' && (party === 0 || party === 1);
}

/** The streams a message carries, for postMessage's transfer list. */
export function transfersOf(message: MixMessage): Transferable[] {
  if (message.type === 'start') return [message.streams.microphone, ...message.streams.parties, ...message.streams.outputs];
  if (message.type === 'microphone') return [message.microphone];
  if (message.type === 'party') return [message.stream];
  return [];
}
