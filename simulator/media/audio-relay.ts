// Two call legs bridged, and the echo test: each frame a phone sends is
// written to the other leg (or back to its own) as it arrives, stamped by the
// sender's timing, as an Asterisk two-party bridge and Echo() write each
// frame they read. No clock of ours stands between them: a queue feeding a
// leg's own 20 ms clock lost every frame beyond a few whenever this process
// stalled (the clock starts over after 100 ms), and under the CI's load two
// agents bridged heard a third of each other's frames.
import type { CustomerMedia } from './customer-media';

/** The echo test (Asterisk's Echo()): what the leg receives is sent back to it as it arrives. Returns what stops it. */
export function echoAudio(leg: CustomerMedia): () => void {
  const stop = leg.onAudio(leg.frames());
  return () => {
    stop();
    leg.setSource(undefined);
  };
}

/** Bridges the audio of two legs; returns the function that parts them again (both fall silent). */
export function relayAudio(a: CustomerMedia, b: CustomerMedia): () => void {
  const stopA = a.onAudio(b.frames());
  const stopB = b.onAudio(a.frames());
  return () => {
    stopA();
    stopB();
    a.setSource(undefined);
    b.setSource(undefined);
  };
}
