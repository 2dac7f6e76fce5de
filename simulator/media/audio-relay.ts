// Two call legs bridged: what one phone says is played to the other, both
// ways, as an Asterisk two-party bridge does. Each leg sends on its own 20 ms
// clock, so frames wait in a short queue between the legs; when one side runs
// ahead the oldest frames go (a bounded delay, never a growing one).
import type { AudioSource, CustomerMedia } from './customer-media';

/** At most this many 20 ms frames wait between two legs (200 ms). */
export const RELAY_QUEUE_FRAMES = 10;

export class FrameQueue implements AudioSource {
  private readonly frames: Int16Array[] = [];

  constructor(private readonly capacity = RELAY_QUEUE_FRAMES) {}

  push(frame: Int16Array): void {
    this.frames.push(frame);
    if (this.frames.length > this.capacity) this.frames.shift();
  }

  nextFrame(): Int16Array | undefined {
    return this.frames.shift();
  }

  get length(): number {
    return this.frames.length;
  }
}

/** The echo test (Asterisk's Echo()): what the leg receives is sent back to it as it arrives. Returns what stops it. */
export function echoAudio(leg: CustomerMedia): () => void {
  leg.setSource(undefined);
  leg.echo(true);
  return () => leg.echo(false);
}

/** Bridges the audio of two legs; returns the function that parts them again (both fall silent). */
export function relayAudio(a: CustomerMedia, b: CustomerMedia): () => void {
  const toA = new FrameQueue();
  const toB = new FrameQueue();
  const stopA = a.onAudio((frame) => toB.push(frame));
  const stopB = b.onAudio((frame) => toA.push(frame));
  a.setSource(toA);
  b.setSource(toB);
  return () => {
    stopA();
    stopB();
    a.setSource(undefined);
    b.setSource(undefined);
  };
}
