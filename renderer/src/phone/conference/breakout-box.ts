/**
 * Chromium's "Breakout Box" for audio, as the frame mixer uses it: a
 * MediaStreamTrackProcessor turns a track into a stream of AudioData frames
 * (10 ms each, as WebRTC and the capture path deliver them) and a
 * MediaStreamTrackGenerator turns written frames back into a track that an
 * RTCRtpSender can carry. TypeScript's DOM library does not declare them
 * (they are Chromium's, not yet a standard for audio), so they are typed here
 * by what is used, and looked up at run time: null where they are missing
 * (the phone then mixes with Web Audio, audio-mixer.ts).
 */

interface TrackProcessorConstructor {
  new (init: { track: MediaStreamTrack; maxBufferSize?: number }): { readonly readable: ReadableStream<AudioData> };
}

interface TrackGeneratorConstructor {
  new (init: { kind: 'audio' }): MediaStreamTrack & { readonly writable: WritableStream<AudioData> };
}

export interface GeneratedTrack {
  /** A live audio track carrying what is written. */
  readonly track: MediaStreamTrack;
  readonly writable: WritableStream<AudioData>;
}

export interface BreakoutBox {
  /** The frames of `track` (read them, or they queue up to the processor's buffer and the oldest are dropped). */
  frames(track: MediaStreamTrack): ReadableStream<AudioData>;
  generator(): GeneratedTrack;
}

/** The page's Breakout Box, or null when this browser lacks a piece of it (the processor, the generator, WebCodecs' AudioData). */
export function breakoutBox(scope: object = globalThis): BreakoutBox | null {
  const found = scope as { MediaStreamTrackProcessor?: TrackProcessorConstructor; MediaStreamTrackGenerator?: TrackGeneratorConstructor; AudioData?: unknown };
  const Processor = found.MediaStreamTrackProcessor;
  const Generator = found.MediaStreamTrackGenerator;
  if (typeof Processor !== 'function' || typeof Generator !== 'function' || typeof found.AudioData !== 'function') return null;
  // Each processor is held for as long as the box is: once its readable is transferred to the mixing
  // worker nothing else on the page refers to it, and a collected processor would stop its frames.
  const processors: object[] = [];
  return {
    frames(track) {
      const processor = new Processor({ track });
      processors.push(processor);
      return processor.readable;
    },
    generator() {
      const track = new Generator({ kind: 'audio' });
      return { track, writable: track.writable };
    },
  };
}
