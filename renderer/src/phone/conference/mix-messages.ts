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
  | { readonly type: 'microphone'; readonly microphone: ReadableStream<AudioData> };

export type MixMessage = { readonly type: 'start'; readonly streams: MixStreams } | MixCommand;

/** The worker says it has loaded (its script ran): the page may hand it the streams. */
export const MIX_WORKER_READY = 'mix-worker-ready';

/** The streams a message carries, for postMessage's transfer list. */
export function transfersOf(message: MixMessage): Transferable[] {
  if (message.type === 'start') return [message.streams.microphone, ...message.streams.parties, ...message.streams.outputs];
  if (message.type === 'microphone') return [message.microphone];
  return [];
}
