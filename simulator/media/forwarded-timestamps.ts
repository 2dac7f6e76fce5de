// The RTP timestamps a leg writes on frames it forwards as they arrive (two
// phones bridged, the echo test). As an Asterisk bridge does, the source's
// timing is kept: each frame moves on from the last by as much as the
// source's timestamp did, so a burst after a stall still plays at its true
// spacing and a pause (hold) keeps its length. A source that jumps by more
// than MAX_SOURCE_STEP either way is another stream (a re-INVITE from a
// reloaded page: a new SSRC with its own random start): the mapping starts
// over from this leg's own last timestamp plus the time that passed, with
// the marker bit set, as at the start of a talkspurt.
import { FRAME_SAMPLES } from './tone';

/** 5 s at 8 kHz: a longer step between two frames is another stream. */
export const MAX_SOURCE_STEP = 8_000 * 5;
const SAMPLES_PER_MS = 8;

export interface Stamp {
  timestamp: number;
  marker: boolean;
}

export class ForwardedTimestamps {
  private source: number | undefined;
  private out = 0;

  /**
   * The timestamp for a frame whose source stamped it `sourceTimestamp`.
   * `ownLast`: this leg's latest timestamp, written `msSinceOwnLast` ago (where a new mapping goes on from).
   */
  stamp(sourceTimestamp: number, ownLast: number, msSinceOwnLast: number): Stamp {
    if (this.source !== undefined) {
      const step = (sourceTimestamp - this.source) | 0;
      if (Math.abs(step) <= MAX_SOURCE_STEP) {
        const timestamp = (this.out + step) >>> 0;
        // A frame that came late (reordered, repeated) keeps its place, and the mapping its latest frame.
        if (step > 0) [this.source, this.out] = [sourceTimestamp, timestamp];
        return { timestamp, marker: false };
      }
    }
    const timestamp = (ownLast + Math.max(FRAME_SAMPLES, Math.round(msSinceOwnLast * SAMPLES_PER_MS))) >>> 0;
    [this.source, this.out] = [sourceTimestamp, timestamp];
    return { timestamp, marker: true };
  }
}
